/**
 * The game as text (issue 45 item 8): the record in the project's notation, a header of tags then
 * a line a turn (src/core/gameText.ts), to copy to the clipboard, or to paste a game's text into
 * and load it. A text that cannot be read is refused with its line and column, and the game
 * shown stays.
 */
import { useState } from 'react';
import { useGame } from '../store/store';
import { GAME_TEXT_WORDS } from '../text/gameText';

export function GameTextDialog() {
  const exportText = useGame((s) => s.exportGameText);
  const importGame = useGame((s) => s.importGame);
  const setDialog = useGame((s) => s.setDialog);
  const online = useGame((s) => s.online !== null);
  const [text, setText] = useState(() => exportText() ?? '');
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid(GAME_TEXT_WORDS.copied);
    } catch {
      setSaid(GAME_TEXT_WORDS.selectToCopy);
    }
  };
  const load = () => {
    if (importGame(text)) setDialog(null);
  };
  return (
    <div className="dialog game-text" role="dialog" aria-modal="true" aria-label="Game as text">
      <h2>Game as text</h2>
      <p>{GAME_TEXT_WORDS.lede}</p>
      <textarea
        aria-label="Game text"
        value={text}
        spellCheck={false}
        rows={12}
        onChange={(e) => setText(e.target.value)}
      />
      <p role="status">{said}</p>
      <div className="choices">
        <button type="button" onClick={copy}>
          Copy
        </button>
        <button
          type="button"
          className="primary"
          onClick={load}
          disabled={online}
          title={online ? GAME_TEXT_WORDS.notOnline : undefined}
        >
          Load this text
        </button>
        <button type="button" onClick={() => setDialog(null)}>
          Close
        </button>
      </div>
    </div>
  );
}
