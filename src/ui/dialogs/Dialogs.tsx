/**
 * The HUD's dialogs: the choice of a move, resigning, the rules, the game as text, the game's end
 * (and its end for this device's humans, all out while the bots play on).
 */
import { lazy, Suspense } from 'react';
import type { Game, PlayerStatus } from '../../core';
import { onlineClient } from '../../online/onlineRoom';
import { useGame } from '../../store/store';
import {
  HUMANS_OUT_TEXT,
  drawReasonText,
  eliminationNote,
  namesOf,
  says,
  theirs,
} from '../../text';
import { humansOut } from '../../store/humansOut';
import { hintsUsedText } from '../../text/advice';
import { REVIEW_BUTTON } from '../../text/reviewButton';
import { ANALYSIS_TEXT } from '../../text/analysis';
import { GameTextDialog } from '../GameText';
import { ShareButton, ShareDialog } from '../ShareDialog';
import { Rematch } from '../online/Rematch';
import { openTutorial } from '../Tutorial';

const RulesPage = lazy(() => import('../RulesPage'));

/** The eliminated players, each with how they left the game. */
function Eliminations({ players, view }: { players: readonly PlayerStatus[]; view: Game }) {
  return (
    <ul className="eliminations">
      {players.map((p) => (
        <li key={p.label}>
          {p.name}: {eliminationNote(p.eliminationCause, p.eliminatedBy, namesOf(view))}
        </li>
      ))}
    </ul>
  );
}

/** `demo`: a demo show runs (the app says so; the demo has its own controls). */
export function Dialogs({ demo }: { demo: boolean }) {
  const dialog = useGame((s) => s.dialog);
  const choice = useGame((s) => s.choice);
  const view = useGame((s) => s.view)!;
  const game = useGame((s) => s.game)!;
  const s = useGame.getState();
  if (choice)
    return (
      <div className="dialog" role="dialog" aria-modal="true" aria-label="Choose the move">
        <h2>Which move?</h2>
        <div className="choices">
          {choice.map((d) => (
            <button key={d.action} type="button" onClick={() => s.choose(d.action)}>
              {view.actionText(d.action)}
            </button>
          ))}
        </div>
        <button type="button" onClick={() => s.choose(null)}>
          Cancel
        </button>
      </div>
    );
  if (dialog === 'text') return <GameTextDialog />;
  if (dialog === 'share') return <ShareDialog />;
  if (dialog === 'resign') {
    const me = view.status().turn;
    return (
      <div className="dialog" role="dialog" aria-modal="true" aria-label="Resign">
        <h2>Resign?</h2>
        <p>
          {says(namesOf(view)(me), 'leaves')} the game; {theirs(namesOf(view)(me))} pieces turn to
          stone where they stand
          {view.options.collapse
            ? `, and ${theirs(namesOf(view)(me))} boards collapse five of ${theirs(namesOf(view)(me))} turns later.`
            : '.'}
        </p>
        <div className="choices">
          <button type="button" className="danger" onClick={() => s.resign()}>
            Resign
          </button>
          <button type="button" onClick={() => s.setDialog(null)}>
            Keep playing
          </button>
        </div>
      </div>
    );
  }
  if (dialog === 'rules')
    return (
      <div className="dialog rules" role="dialog" aria-modal="true" aria-label="Rules">
        <div className="rules-head">
          <button
            type="button"
            className="primary"
            onClick={() => {
              s.setDialog(null);
              openTutorial();
            }}
          >
            How to play (tutorial)
          </button>
          <button type="button" className="close" onClick={() => s.setDialog(null)}>
            Close
          </button>
        </div>
        <p className="rules-lede">
          Learn by playing short lessons, or read the full rules below: the complete specification,
          clause by clause.
        </p>
        <h2 className="full-rules">Full rules</h2>
        <Suspense fallback={<p>Loading the rules…</p>}>
          <RulesPage options={view.options} />
        </Suspense>
      </div>
    );
  if (dialog === 'out' && !demo) {
    // This device's humans are all out while the bots play on: their game is over now.
    const status = view.status();
    const gone = status.players.filter((p) => p.state === 'eliminated');
    const humans = new Set((humansOut(s) ?? []).map((p) => view.players[p].label));
    const out = gone.filter((p) => humans.has(p.label));
    return (
      <div
        className="dialog over"
        role="dialog"
        aria-modal="true"
        aria-label={HUMANS_OUT_TEXT.label}
      >
        <h2>{HUMANS_OUT_TEXT.heading(out.map((p) => p.name))}</h2>
        <Eliminations players={gone} view={view} />
        <p>
          {HUMANS_OUT_TEXT.playOn(
            status.players.filter((p) => p.state !== 'eliminated').map((p) => p.name),
          )}
        </p>
        <div className="choices">
          <button type="button" className="primary" onClick={s.rematch}>
            Rematch
          </button>
          <button type="button" onClick={s.showSetup}>
            New setup
          </button>
          <button
            type="button"
            onClick={() => s.setDialog(null)}
            title={HUMANS_OUT_TEXT.watchTitle}
          >
            {HUMANS_OUT_TEXT.watch}
          </button>
        </div>
      </div>
    );
  }
  if (dialog === 'over' && !demo) {
    const status = view.status();
    const result = status.result;
    if (!result) return null;
    const eliminations = status.players.filter((p) => p.state === 'eliminated');
    const usedHints = hintsUsedText(
      s.hintsUsed,
      game.setup.players.map((p) => p.name),
    );
    return (
      <div className="dialog over" role="dialog" aria-modal="true" aria-label="Game over">
        <h2>
          {result.winner
            ? `${says(namesOf(view)(result.winner), 'wins')}!`
            : `Draw: ${drawReasonText(result.drawReason)}`}
        </h2>
        <p>
          Final move: <code>{game.actions[game.length - 1]}</code>
        </p>
        <ol className="ranking">
          {result.ranking.map((group, i) => (
            <li key={i}>{group.map(namesOf(view)).join(', ')}</li>
          ))}
        </ol>
        {eliminations.length > 0 && <Eliminations players={eliminations} view={view} />}
        {usedHints && <p className="hints-used">{usedHints}</p>}
        {s.online && <Rematch />}
        <div className="choices">
          {s.online ? (
            <button type="button" className="primary" onClick={() => onlineClient.leaveRoom()}>
              Leave the online game
            </button>
          ) : (
            <>
              <button type="button" className="primary" onClick={s.rematch}>
                Rematch
              </button>
              <button type="button" onClick={s.showSetup}>
                New setup
              </button>
            </>
          )}
          <ShareButton />
          <button type="button" onClick={s.openReview} title={REVIEW_BUTTON.title}>
            {REVIEW_BUTTON.label}
          </button>
          <button type="button" onClick={s.openAnalysis} title={ANALYSIS_TEXT.analyseTitle}>
            {ANALYSIS_TEXT.analyse}
          </button>
          <button type="button" onClick={() => s.setDialog(null)}>
            Look at the boards
          </button>
        </div>
      </div>
    );
  }
  return null;
}
