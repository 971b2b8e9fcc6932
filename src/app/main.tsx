import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { demoFromSearch } from '../demo/config';
import { startDemo } from '../demo/director';
import { fx } from '../scene/fx';
import { sceneHandle } from '../scene/handle';
import { botHooks } from '../store/bots';
import { useGame } from '../store/store';
import { App } from './App';
import { startHaptics } from './haptics';
import { installSeam } from './seam';
import { browserSound, startSound, wantSound } from './sound';
import './styles.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

installSeam();
startHaptics();
if (wantSound(location.search, navigator.webdriver)) startSound(browserSound());
// Bots let the scene's animations finish before their next move.
botHooks.busy = () => fx.animating || !!sceneHandle.stage?.moving;
// `?demo` (with `&seed=…&speed=…`) opens a demo show; otherwise the saved game resumes.
const demo = demoFromSearch(location.search);
if (demo) {
  useGame.getState().resumeStored(false);
  startDemo(demo);
} else useGame.getState().resumeStored();

createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
