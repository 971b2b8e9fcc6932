/** The move list as a chess player's table: a row per round, a column per player (issue #45 item 7). */
import { Fragment, useMemo, useRef, useState } from 'react';
import { useGame } from '../store/store';
import { MOVE_TABLE, placementRowText } from '../text/moveTable';
import { moveRows, type MoveRow } from '../text/moveRows';
import { useRevealed } from './reveal';

/**
 * A move's text with a line break allowed after its "-" or "x" ("AC:Qd1-⏎AB:h5"), so that a
 * column is as narrow as half a shift and the table fits its panel.
 */
function breakable(text: string) {
  const [from, ...rest] = text.split(/(?<=[-x])(?=[A-H]{2}:|[a-h][1-8])/);
  return rest.length ? (
    <>
      {from}
      {rest.map((part, k) => (
        <Fragment key={k}>
          <wbr />
          {part}
        </Fragment>
      ))}
    </>
  ) : (
    text
  );
}

export function MoveTable({ readOnly = false }: { readOnly?: boolean }) {
  const game = useGame((s) => s.game)!;
  const cursor = useGame((s) => s.cursor);
  const goTo = useGame((s) => s.goTo);
  const highlightAction = useGame((s) => s.highlightAction);
  const box = useRef<HTMLElement>(null);
  const [open, setOpen] = useState(false);
  const rows = useMemo(() => moveRows(game), [game]);
  useRevealed(box, '.current', [cursor, open]);
  const placed = rows.placement.flatMap((r) => r.cells.flatMap((c) => c ?? []));
  // While collapsed, the placement row stands for the current move if it lies among the placements.
  const inPlacement = !open && cursor > 0 && placed.includes(cursor - 1);
  const columns = game.players.length;
  const row = (r: MoveRow, kind: string) => (
    <tr key={`${kind}${r.round}`} className={kind}>
      <th scope="row" className="num">
        {r.round}
      </th>
      {r.cells.map((cell, p) => (
        <td key={p} aria-current={cell?.some((i) => cursor === i + 1) ? 'step' : undefined}>
          {cell?.map((i) => (
            <button
              key={i}
              type="button"
              className={`${cursor === i + 1 ? 'current' : ''}${i + 1 > cursor ? ' future' : ''}`}
              onClick={() => goTo(i + 1)}
              onPointerEnter={() => highlightAction(i)}
              onPointerLeave={() => highlightAction(null)}
              onFocus={() => highlightAction(i)}
              onBlur={() => highlightAction(null)}
              disabled={readOnly}
              aria-current={cursor === i + 1}
            >
              {breakable(game.actions[i])}
            </button>
          ))}
        </td>
      ))}
    </tr>
  );
  return (
    <section ref={box} className="moves" aria-label={MOVE_TABLE.label}>
      <table className="move-table">
        <thead>
          <tr>
            <th scope="col" className="num">
              <button
                type="button"
                className={cursor === 0 ? 'current' : ''}
                aria-current={cursor === 0}
                onClick={() => goTo(0)}
                disabled={readOnly}
              >
                {MOVE_TABLE.start}
              </button>
            </th>
            {game.players.map((p) => (
              <th key={p.label} scope="col" style={{ color: p.colour }} data-player={p.label}>
                <span className="name" title={p.name}>
                  {p.name}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.placement.length > 0 && (
            <tr className="placement-toggle">
              <td colSpan={columns + 1} aria-current={inPlacement ? 'step' : undefined}>
                <button
                  type="button"
                  className={inPlacement ? 'current' : ''}
                  aria-expanded={open}
                  onClick={() => setOpen(!open)}
                >
                  {placementRowText(rows.placement.length, open)}
                </button>
              </td>
            </tr>
          )}
          {open && rows.placement.map((r) => row(r, 'placement'))}
          {rows.play.map((r) => row(r, 'play'))}
        </tbody>
      </table>
    </section>
  );
}
