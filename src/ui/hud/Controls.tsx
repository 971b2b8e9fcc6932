/** The game's controls (undo, redo, hint, export, resign, …) and a lesson's. */
import { useRef } from 'react';
import { reviewRefusal, useGame } from '../../store/store';
import { REVIEW_BUTTON } from '../../text/reviewButton';
import { movable } from '../../store/movable';
import { humansOut } from '../../store/humansOut';
import { ANALYSIS_TEXT } from '../../text/analysis';
import { DeviceControls } from '../DeviceControls';
import { downloadGame } from '../download';
import { ShareButton } from '../ShareDialog';

export function Controls() {
  const s = useGame();
  const file = useRef<HTMLInputElement>(null);
  const view = s.view!;
  const game = s.game!;
  const status = view.status();
  // Online, the record is the room's: no taking back, no other game here; and only one's own turn.
  const online = s.online;
  const offlineOnly = online ? 'Not available in an online game' : undefined;
  const may = movable(s);
  return (
    <div className="controls">
      <button
        type="button"
        onClick={s.undo}
        disabled={!!online || s.cursor === 0}
        title={offlineOnly ?? 'Undo (Ctrl+Z)'}
      >
        Undo
      </button>
      <button
        type="button"
        onClick={s.redo}
        disabled={!!online || s.cursor >= game.length}
        title={offlineOnly ?? 'Redo (Ctrl+Y)'}
      >
        Redo
      </button>
      <button type="button" onClick={s.frameAll} title="Frame all boards (F)">
        Frame all
      </button>
      <button type="button" onClick={s.openAnalysis} title={ANALYSIS_TEXT.analyseTitle}>
        {ANALYSIS_TEXT.analyse}
      </button>
      {may.pass.ok && (
        <button type="button" onClick={s.pass}>
          Pass
        </button>
      )}
      {(status.phase === 'over' || humansOut(s)) && !online ? (
        <button type="button" onClick={s.rematch} title="The same table again, a new seed">
          Rematch
        </button>
      ) : (
        <button type="button" onClick={() => s.setDialog('resign')} disabled={!may.resign.ok}>
          Resign
        </button>
      )}
      {reviewRefusal(s) === null && (
        <button type="button" onClick={s.openReview} title={REVIEW_BUTTON.title}>
          {REVIEW_BUTTON.label}
        </button>
      )}
      <button type="button" onClick={s.showSetup} disabled={!!online} title={offlineOnly}>
        New game
      </button>
      <button
        type="button"
        title="Download the game as shown (moves you undid are left out)"
        onClick={() => downloadGame(s.exportGame())}
      >
        Export
      </button>
      <ShareButton />
      <button
        type="button"
        onClick={() => file.current?.click()}
        disabled={!!online}
        title={offlineOnly}
      >
        Import
      </button>
      <input
        ref={file}
        type="file"
        accept="application/json,.json,text/plain,.txt"
        hidden
        data-testid="import-file"
        onChange={async (e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) s.importGame(await f.text());
        }}
      />
      <button type="button" onClick={() => s.setDialog('rules')}>
        Rules
      </button>
      <DeviceControls />
    </div>
  );
}

/** The controls of a lesson: the view, the rules, the device. */
export function LessonControls() {
  const s = useGame();
  return (
    <div className="controls">
      <button type="button" onClick={s.frameAll} title="Frame all boards (F)">
        Frame all
      </button>
      <button type="button" onClick={() => s.setDialog('rules')}>
        Rules
      </button>
      <DeviceControls />
    </div>
  );
}
