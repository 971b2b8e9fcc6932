import { lazy, Suspense, useEffect } from 'react';
import { DemoOverlay } from '../demo/DemoOverlay';
import { setPaused } from '../demo/director';
import { useDemo } from '../demo/state';
import type { SceneHandle } from '../scene/handle';
import { useProfileRoute } from '../online/profileRoute';
import { useGame } from '../store/store';
import { Hud } from '../ui/Hud';
import { Notice } from '../ui/Notice';
import { ProfilePages } from '../ui/profile/ProfilePages';
import { Lobby } from '../ui/Lobby';
import { SetupScreen } from '../ui/SetupScreen';
import { TutorialMenu } from '../ui/Tutorial';
import { UpdatePrompt } from '../ui/UpdatePrompt';

const Scene = lazy(() => import('../scene/Scene'));

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA');
}

/** Keyboard shortcuts: arrows browse history, F frames all, Esc closes or deselects, Ctrl+Z / Ctrl+Y. */
function useShortcuts() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const s = useGame.getState();
      if (s.screen !== 'game' || !s.game || isTyping(e.target)) return;
      const ctrl = e.ctrlKey || e.metaKey;
      if (useDemo.getState().running) {
        // A demo show: space pauses and plays, F frames all; history stays at the live end.
        if (ctrl) return;
        if (e.key === ' ' && !(e.target instanceof HTMLButtonElement))
          setPaused(!useDemo.getState().paused);
        else if (e.key === 'f' || e.key === 'F') s.frameAll();
        else return;
        e.preventDefault();
        return;
      }
      // A lesson moves on only forwards: its card puts the position back after a wrong move.
      const history = !s.lesson;
      if (!history && (ctrl || /^(Arrow|Home$|End$)/.test(e.key))) return;
      if (ctrl && e.key.toLowerCase() === 'z' && !e.shiftKey) s.undo();
      else if (ctrl && (e.key.toLowerCase() === 'y' || (e.key.toLowerCase() === 'z' && e.shiftKey)))
        s.redo();
      else if (ctrl) return;
      // On the analysis board the arrows walk its tree (the record's cursor stays put).
      else if (s.analysis && /^Arrow/.test(e.key))
        s.stepVariation(e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 1);
      else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') s.goTo(s.cursor - 1);
      else if (e.key === 'ArrowRight' || e.key === 'ArrowDown') s.goTo(s.cursor + 1);
      else if (e.key === 'Home') s.goTo(0);
      else if (e.key === 'End') s.goTo(s.game.length);
      else if (e.key === 'f' || e.key === 'F') s.frameAll();
      else if (e.key === 'Escape') {
        if (s.dialog) s.setDialog(null);
        else if (s.choice) s.choose(null);
        else if (s.inspected) s.inspectSquare(null);
        else if (s.premove) s.clearPremove();
        else {
          s.deselect();
          s.pickTrayPiece(null);
        }
      } else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** The page; `watchDemo` starts a demo show (main.tsx wires it to the store and its bots). */
export function App({ watchDemo, scene }: { watchDemo: () => void; scene: SceneHandle }) {
  const screen = useGame((s) => s.screen);
  const hasGame = useGame((s) => s.view !== null);
  const demo = useDemo((d) => d.running);
  const profile = useProfileRoute((r) => r.route);
  useShortcuts();
  if (profile)
    return (
      <div className="app profiles-page">
        <ProfilePages route={profile} />
        <UpdatePrompt />
      </div>
    );
  return (
    <div className={`app ${screen}`}>
      {screen === 'setup' && (
        <>
          <SetupScreen onWatchDemo={watchDemo} />
          <Notice />
        </>
      )}
      {screen === 'lobby' && <Lobby />}
      {screen === 'game' && hasGame && (
        <>
          <Suspense fallback={<div className="scene loading">Loading the boards…</div>}>
            <Scene handle={scene} />
          </Suspense>
          <Hud demo={demo} scene={scene} />
          <DemoOverlay />
        </>
      )}
      <TutorialMenu />
      <UpdatePrompt />
    </div>
  );
}
