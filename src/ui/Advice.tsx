/**
 * Hint and Threats (issue #16): the Hint button with its line of why, the Threats switch with
 * one short line per opponent, and the hints used so far. The boards draw the same moves
 * (src/scene/components/Explain.tsx, from adviceShown).
 */
import { adviceShown, hintRefusal, threatsRefusal } from '../drivers/advice';
import { useGame } from '../store/store';
import {
  ADVICE_STATUS,
  HINT_REFUSALS,
  HINT_TITLE,
  THREATS_TITLE,
  adviceWhy,
  hintLine,
  hintsUsedText,
  threatLine,
} from '../text/advice';
import { explainNames } from '../text/check';

export function AdvicePanel() {
  const s = useGame();
  const refusal = hintRefusal(s);
  const threatsRefused = threatsRefusal(s);
  const view = s.view;
  if (!view || refusal === 'none' || refusal === 'lesson') return null;
  const why = adviceWhy(refusal, threatsRefused);
  const names = explainNames(view);
  const shown = adviceShown(s);
  const thinking = s.hint?.view === view && s.hint.status === 'thinking';
  const failed = s.hint?.view === view && s.hint.status === 'failed' ? s.hint.error : null;
  const threats = s.threatsOn && s.threats?.view === view ? s.threats : null;
  const used = hintsUsedText(
    s.hintsUsed,
    (s.game?.setup.players ?? []).map((p) => p.name),
  );
  return (
    <section className="advice" aria-label="Hint and threats" data-testid="advice">
      <div className="advice-controls">
        <button
          type="button"
          onClick={s.askHint}
          disabled={refusal !== null || thinking}
          title={refusal ? HINT_REFUSALS[refusal] : HINT_TITLE}
          data-testid="hint-button"
        >
          Hint
        </button>
        <label title={threatsRefused === 'online' ? HINT_REFUSALS.online : THREATS_TITLE}>
          <input
            type="checkbox"
            checked={s.threatsOn}
            disabled={threatsRefused === 'online'}
            onChange={(e) => s.setThreatsOn(e.target.checked)}
            data-testid="threats-toggle"
          />{' '}
          Threats
        </label>
        {used && <small className="hints-used">{used}</small>}
      </div>
      {why && (
        <p className="advice-why" data-testid="advice-why">
          {why}
        </p>
      )}
      {(thinking || shown.hint || failed) && (
        <p className="hint-line" data-testid="hint-line" role="status">
          {shown.hint
            ? hintLine(shown.hint, names)
            : thinking
              ? ADVICE_STATUS.hintThinking
              : ADVICE_STATUS.noHint(failed ?? 'the bot found no move')}
        </p>
      )}
      {threats && (
        <ul className="threats" data-testid="threats" aria-label="Threats">
          {threats.status === 'thinking' && <li>{ADVICE_STATUS.threatsThinking}</li>}
          {threats.status === 'failed' && <li>{ADVICE_STATUS.noThreats(threats.error ?? '')}</li>}
          {shown.threats.map((t) => (
            <li key={t.player} style={{ borderColor: view.players[t.player]?.colour }}>
              {threatLine(t, names, view.position.turn)}
            </li>
          ))}
          {threats.status === 'shown' && !shown.threats.length && (
            <li>{ADVICE_STATUS.noneToShow}</li>
          )}
        </ul>
      )}
    </section>
  );
}
