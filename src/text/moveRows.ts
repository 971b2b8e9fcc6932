/**
 * The record as a chess player's table: one row per round, one column per player (issue #45
 * item 7). The move list shows it, and the key moments name actions by it (issue #61 item 5).
 */
import { PLACEMENT, type Game } from '../core';

/** One round: per player (in turn order) the indices of their actions that round, or null. */
export interface MoveRow {
  round: number;
  cells: (number[] | null)[];
}

export interface MoveRows {
  /** The rounds of placement (R2), shown collapsed. */
  placement: MoveRow[];
  /** The rounds of play, numbered from 1. */
  play: MoveRow[];
}

type Record = Pick<Game, 'players' | 'actions' | 'turnGroups' | 'positionAt'>;

/** A placement step's notation, e.g. AB:+Nb1. */
const isPlacement = (action: string) => action.includes(':+');

/**
 * A round starts when a player moves who is not after the last mover in turn order (so an
 * eliminated player's cells stay empty), and play starts a new round. A Hyperspace turn of
 * several actions (R9.1) fills one cell; a seat action (R11.4) joins its player's cell.
 */
export function moveRows(game: Record): MoveRows {
  const index = new Map(game.players.map((p, i) => [p.label, i]));
  const out: MoveRows = { placement: [], play: [] };
  let rows = out.placement;
  let last = Infinity;
  for (const g of game.turnGroups()) {
    const at = index.get(g.player) ?? 0;
    // Play starts with the first action that is no placement; a seat action then (R11.4) is
    // play's once placement is over.
    const first = g.actions[0];
    const played = g.seatAction
      ? game.positionAt(first).phase !== PLACEMENT
      : !isPlacement(game.actions[first]);
    if (rows === out.placement && played) {
      rows = out.play;
      last = Infinity;
    }
    if (!rows.length || (!g.seatAction && at <= last)) {
      rows.push({ round: rows.length + 1, cells: game.players.map(() => null) });
      // A round a seat action opened (before anyone moved) is the first movers' round too.
      if (g.seatAction) last = -1;
    }
    if (!g.seatAction) last = at;
    const cells = rows[rows.length - 1].cells;
    cells[at] = [...(cells[at] ?? []), ...g.actions];
  }
  return out;
}

/** Where an action stands in the move table: its row's round (placement rounds apart) and column. */
export interface TableSpot {
  round: number;
  placement: boolean;
  /** The column: the player (turn-order index). */
  player: number;
}

/** The row and column of action `index` in `rows`, or null when it is not in them. */
export function tableSpot(rows: MoveRows, index: number): TableSpot | null {
  for (const placement of [true, false])
    for (const row of placement ? rows.placement : rows.play) {
      const player = row.cells.findIndex((cell) => cell?.includes(index));
      if (player >= 0) return { round: row.round, placement, player };
    }
  return null;
}
