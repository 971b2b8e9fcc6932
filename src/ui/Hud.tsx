/** The DOM overlay of a game: players, turn banner, placement tray, move list, controls, dialogs. */
import { lazy, Suspense } from 'react';
import { useGame } from '../store/store';
import { turnAccess } from '../store/turnAccess';
import { AdvicePanel } from './Advice';
import { AnalysisBanner, AnalysisPanel } from './analysis/AnalysisPanel';
import { DrawOffer } from './DrawOffer';
import { HandOver } from './HandOver';
import type { LandingWatch } from '../store/landing';
import { MoveTable } from './MoveTable';
import { Notice } from './Notice';
import { LessonCard } from './Tutorial';
import { OnlineBar } from './OnlineHud';
import { SquareInfo } from './SquareInfo';
import { ViewToggles } from './ViewToggles';
import { Players } from './hud/Players';
import { Banner, Caption } from './hud/TurnStatus';
import { Tray } from './hud/Tray';
import { Controls, LessonControls } from './hud/Controls';
import { Hint } from './hud/Hint';
import { Dialogs } from './dialogs/Dialogs';

// The review panel and its chart load only when a review opens.
const ReviewPanel = lazy(() => import('./review/ReviewPanel'));

/**
 * The HUD; `demo`: a demo show runs, so the panel only follows the game. `scene`: the live
 * scene, whose moves the hand-over screen waits for.
 */
export function Hud({ demo = false, scene }: { demo?: boolean; scene: LandingWatch }) {
  const phase = useGame((s) => s.view?.status().phase);
  const announcement = useGame((s) => s.announcement);
  // Online: this device's seat to move; here: a human seat to move.
  const humanToMove = useGame((s) => turnAccess(s).may);
  const lesson = useGame((s) => s.lesson !== null);
  const reviewOpen = useGame((s) => s.reviewOpen);
  const analysis = useGame((s) => s.analysis !== null);
  // A demo show: the panel only follows the game (the demo has its own captions and controls).
  // A lesson: its card in place of the move list and the game's controls. The analysis board:
  // its banner, best line and tree in place of the advice, the move list and the game's controls.
  const game = !demo && !lesson && !analysis;
  return (
    <>
      <aside
        className={`panel${demo ? ' demo' : ''}${lesson ? ' in-lesson' : ''}`}
        aria-label="Game"
      >
        {analysis && <AnalysisBanner />}
        <OnlineBar />
        <Players />
        <Banner />
        {game && <Hint />}
        {game && <AdvicePanel />}
        {!demo && <Caption />}
        {lesson && <LessonCard />}
        {phase === 'placement' && !demo && humanToMove && <Tray shortcuts={!lesson} />}
        {!lesson && !analysis && <MoveTable readOnly={demo} />}
        {analysis && <AnalysisPanel />}
        {game && <Controls />}
        {game && <DrawOffer />}
        {lesson && <LessonControls />}
      </aside>
      <ViewToggles />
      <SquareInfo />
      {reviewOpen && game && (
        <Suspense fallback={null}>
          <ReviewPanel />
        </Suspense>
      )}
      {game && <HandOver scene={scene} />}
      <Notice />
      <Dialogs demo={demo} />
      <div className="sr-only" aria-live="polite" data-testid="announcer">
        {announcement}
      </div>
    </>
  );
}
