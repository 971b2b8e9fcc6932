/**
 * What is happening now: the turn banner (with why a move is refused and the actions since the
 * mover's last turn) and the last action's caption.
 */
import { useMemo } from 'react';
import { explainState } from '../../store/explain';
import { shownCursor, shownGame } from '../../store/shown';
import { useGame } from '../../store/store';
import { turnAccess } from '../../store/turnAccess';
import { bannerText, kingHeldText, captionsAt } from '../../text';
import { castlingText, explainNames, pinText, recentText, refusedText } from '../../text/check';
import { useDeviceWords } from '../deviceWords';

/** What is happening now, with the checkmate flow spelled out. */
export function Banner() {
  const view = useGame((s) => s.view)!;
  const game = useGame(shownGame)!;
  const cursor = useGame(shownCursor);
  const status = view.status();
  const bot = useGame((s) => turnAccess(s).bot !== null);
  const text = useDeviceWords()(bannerText(view, bot));
  const last = cursor > 0 ? game.actions[cursor - 1] : null;
  return (
    <div className={`banner ${status.kind ?? 'over'}`}>
      <p data-testid="banner">{text}</p>
      <WhyNot />
      <SinceYourMove />
      {last && (
        <p className="last">
          Last: <code>{last}</code>
          {cursor < game.length && (
            <span className="browsing">
              {' '}
              (viewing {cursor}/{game.length})
            </span>
          )}
        </p>
      )}
    </div>
  );
}

/** Why the selected king may not step to a square or castle, or why the selected piece is pinned. */
function WhyNot() {
  const view = useGame((s) => s.view)!;
  const explained = useGame(explainState);
  const names = explainNames(view);
  const lines = [
    ...explained.refused.map((r) => refusedText(r, names)),
    ...explained.castling.flatMap((c) => castlingText(c, names) ?? []),
    ...(explained.pin ? [`This piece is ${pinText(explained.pin, names)}`] : []),
    ...(explained.kingHeld ? [kingHeldText(explained.kingHeld.map((b) => names.boards[b]))] : []),
  ];
  if (!lines.length) return null;
  return (
    <ul className="why-not" data-testid="why-not" aria-label="Why not">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** The actions since the player to move last moved, in their players' colours. */
function SinceYourMove() {
  const view = useGame((s) => s.view)!;
  const recent = useGame((s) => explainState(s).recent);
  const highlightAction = useGame((s) => s.highlightAction);
  if (!recent.length) return null;
  const names = explainNames(view);
  return (
    <div className="since" data-testid="since-your-move">
      <span className="since-title">Since your move:</span>
      <ul>
        {recent.map((r) => (
          <li
            key={r.index}
            style={{ borderColor: view.players[r.player].colour }}
            onPointerEnter={() => highlightAction(r.index)}
            onPointerLeave={() => highlightAction(null)}
          >
            {recentText(r, names)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the last action shown made happen, in words (see captions.ts). */
export function Caption() {
  const game = useGame(shownGame)!;
  const cursor = useGame(shownCursor);
  const captions = useMemo(() => captionsAt(game, cursor), [game, cursor]);
  if (!captions.length) return null;
  return (
    <p className="caption" data-testid="caption">
      {captions.map((c, i) => (
        <span key={i}>{c}</span>
      ))}
    </p>
  );
}
