import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { demoFromSearch, type DemoRequest } from '../demo/config';
import { startDemo } from '../demo/director';
import { reducedMotion } from '../scene/fx';
import { createSceneHandle, sceneBusy } from '../scene/handle';
import { saveOnChange } from '../drivers/autosave';
import { driveAdvice, keepThreatsPref } from '../drivers/advice';
import { driveAnalysisLine } from '../drivers/analysisLine';
import { defaultPacer, driveBots } from '../drivers/bots';
import { driveClocks } from '../drivers/clockDriver';
import { driveReview } from '../drivers/reviewDriver';
import { watchInstall } from '../device/install';
import { onlineClient } from '../online/onlineRoom';
import { followProfilePaths } from '../online/profileRoute';
import { usePrefs } from '../device/prefs';
import { pageAutomated } from '../device/automation';
import { readFragment } from '../device/shareLink';
import { useGame } from '../store/store';
import { App } from './App';
import { ErrorBoundary } from './ErrorBoundary';
import { startHaptics } from './haptics';
import { browserSound, startSound, wantSound } from './sound';
import { StorageNotice } from './StorageNotice';
import { keepScreenOn } from './wakeLock';
import './styles.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// What the scene tells the page (picking, the test seam, whether it is still moving).
const scene = createSceneHandle();
// The store's subscribers: the bot seats, the clocks and autosave.
const bots = driveBots(useGame, {
  // Bots let the scene's animations finish before their next move.
  busy: () => sceneBusy(scene),
  pacer: defaultPacer(reducedMotion),
});
// The clocks before autosave: a hidden page stops them first, then saves the times they show.
driveClocks(useGame);
saveOnChange(useGame);
// Hints and threats, in a worker of their own; the Threats switch as the device keeps it.
keepThreatsPref(useGame, usePrefs);
driveAdvice(useGame);
// Game reviews, in the review's worker.
driveReview(useGame);
// The analysis board's best line, in a worker of its own.
driveAnalysisLine(useGame);
const watchDemo = (request: DemoRequest) => startDemo(request, { store: useGame, bots });

// The test seam (window.__NDCHESS__) is a chunk of its own, loaded only by a page driven by a
// script: a production page does not carry it. The page's load event does not wait for it; the
// browser tests wait until it is there (test/browser/harness.ts, loadApp).
if (pageAutomated()) void import('./seam').then(({ installSeam }) => installSeam(scene, bots));
startHaptics(useGame);
keepScreenOn(useGame);
watchInstall();
if (wantSound(location.search, pageAutomated())) startSound(useGame, browserSound());
/**
 * A shared game's link (`#game=…`, `#replay=<id>`) opens that game read-only in front of the game
 * saved here, which stays saved. The fragment is removed once read: a reload then shows the
 * player's own game again instead of opening the link over whatever they did since.
 */
function openLinkInPage(): void {
  const fragment = location.hash;
  if (!readFragment(fragment)) return;
  history.replaceState(history.state, '', location.pathname + location.search);
  void useGame.getState().openSharedLink(fragment);
}

// `?demo` (with `&seed=…&speed=…`) opens a demo show; `?room=<id>` an online game; a profile
// path (/player/<name>, /leaderboard/<pool>) that page, the saved game behind it; otherwise
// the saved game resumes, and a shared game's link opens in front of it.
const demo = demoFromSearch(location.search);
const profilePage = followProfilePaths();
const room = new URLSearchParams(location.search).get('room');
if (room) {
  useGame.getState().resumeStored(false);
  useGame.setState({ screen: 'lobby' });
  void onlineClient.openRoom(room);
} else if (demo) {
  useGame.getState().resumeStored(false);
  watchDemo(demo);
} else if (profilePage) {
  useGame.getState().resumeStored(false);
} else {
  useGame.getState().resumeStored();
  openLinkInPage();
}
window.addEventListener('hashchange', openLinkInPage);

createRoot(rootElement).render(
  <StrictMode>
    <ErrorBoundary>
      <App watchDemo={() => watchDemo({})} scene={scene} />
      <StorageNotice />
    </ErrorBoundary>
  </StrictMode>,
);
