/**
 * The key moments of the game shown, in words (issue 47 item 2; src/ai/moments.ts finds them),
 * numbered as the move list numbers its rows. A click on one shows its position (the one before
 * its action, where its better move is drawn as an arrow; else the one after it), where the
 * overlays explain the checks, a mated king's lost squares and the attack lines.
 */
import { useMemo } from 'react';
import type { BetterMove, KeyMoment } from '../../ai/moments';
import type { Game } from '../../core';
import type { State } from '../../store/state';
import { useGame } from '../../store/store';
import { MOMENTS_TEXT, momentText } from '../../text';
import { moveRows } from '../../text/moveRows';

/** Show moment `m`: its position (KeyMoment.at), its better move (if any) as the arrow. */
export function showMoment(store: Pick<State, 'goTo' | 'showArrow'>, m: KeyMoment): void {
  store.goTo(m.at);
  store.showArrow(m.better);
}

/** The key moments of the game shown; a click on one shows it (showMoment). */
export function KeyMoments({ moments }: { moments: readonly KeyMoment[] }) {
  const game = useGame((s) => s.game);
  const cursor = useGame((s) => s.cursor);
  const arrow = useGame((s) => s.arrow);
  if (!game) return null;
  return (
    <MomentList
      game={game}
      moments={moments}
      cursor={cursor}
      arrow={arrow}
      onShow={(m) => showMoment(useGame.getState(), m)}
    />
  );
}

/** The list itself, from what it shows (the moment shown is marked current). */
export function MomentList({
  game,
  moments,
  cursor,
  arrow,
  onShow,
}: {
  game: Game;
  moments: readonly KeyMoment[];
  cursor: number;
  arrow: BetterMove | null;
  onShow: (m: KeyMoment) => void;
}) {
  const texts = useMemo(() => {
    const rows = moveRows(game);
    return moments.map((m) => momentText(game, m, rows));
  }, [game, moments]);
  return (
    <section className="key-moments" aria-label={MOMENTS_TEXT.title}>
      <h3>{MOMENTS_TEXT.title}</h3>
      {moments.length === 0 ? (
        <p>{MOMENTS_TEXT.none}</p>
      ) : (
        <ol>
          {moments.map((m, i) => {
            const shown =
              cursor === m.at && arrow?.index === m.better?.index && arrow?.text === m.better?.text;
            return (
              <li key={`${m.kind}:${m.index}:${m.player}`} data-kind={m.kind} data-index={m.index}>
                <button
                  type="button"
                  title={MOMENTS_TEXT.hint}
                  aria-current={shown}
                  style={{
                    borderLeft: `4px solid ${game.players[m.player]?.colour ?? 'transparent'}`,
                  }}
                  onClick={() => onShow(m)}
                >
                  {texts[i]}
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
