/**
 * What the scene draws of a game and of the interaction on it, as plain data: pure functions of
 * the game shown and the store's interaction state (no React, no three), so that the scene's
 * components only draw and the rules of what is lit stay testable (test/scene/drawing.test.ts).
 */
import { squareKey, type Destination, type Game } from '../core';
import { diffPieces, piecesOf, type PieceAt } from '../store/snapshot';
import { flightDestinations } from '../store/slices/interaction';
import type { Premove } from '../store/slices/premove.types';
import type { Marker } from './components/Markers';

/** Why a square is tinted; the scene gives each its colour (geometries.ts). */
export type Tint = 'last-move' | 'check' | 'premove' | 'selected' | 'drag-over';

/** What the game shown alone decides: players (turn order) and boards by index. */
export interface GameDrawing {
  /** The player to move, or -1 (the game is over). */
  turn: number;
  /** Players in check on some board (not eliminated). */
  checked: number[];
  /** Eliminated players. */
  gone: number[];
  /** Each board's collapse countdown (R9.2), or null. */
  countdowns: (number | null)[];
  /** Boards due to be played on (R9.2). */
  due: Set<number>;
  /** The last placement's squares and the squares of kings in check, by squareKey. */
  tints: Map<number, Tint>;
}

/** The interaction on the boards, as the store keeps it. */
export interface Interaction {
  selected: { board: number; square: number } | null;
  targets: readonly Destination[];
  /** Where the tray's piece may be placed (movable). */
  placements: readonly { board: number; square: number }[];
  premove: Premove | null;
  /** The square (squareKey) a dragged piece is over, or null. */
  dragOver: number | null;
}

export interface InteractionDrawing {
  /** The game's tints with the interaction's over them. */
  tints: Map<number, Tint>;
  markers: Marker[];
  /** Edges lit for the selected piece's shifts: [its board, a board it can shift to]. */
  lit: [number, number][];
}

/** `pieces`: piecesOf(view.position), which the scene has already worked out. */
export function gameDrawing(view: Game, pieces: PieceAt[]): GameDrawing {
  const pos = view.position;
  const status = view.status();
  const labels = view.players.map((p) => p.label);
  const checked: number[] = [];
  const gone: number[] = [];
  status.players.forEach((p, i) => {
    if (p.state === 'eliminated') gone.push(i);
    else if (p.checkedOn.length) checked.push(i);
  });
  const tints = new Map<number, Tint>();
  // In play the actions since the mover's last turn are framed instead (Explain.tsx).
  if (view.length > 0 && status.phase !== 'play') {
    const before = piecesOf(view.positionAt(view.length - 1));
    for (const it of diffPieces(before, pieces)) {
      if (it.from) tints.set(squareKey(it.from.board, it.from.square), 'last-move');
      if (it.to) tints.set(squareKey(it.to.board, it.to.square), 'last-move');
    }
  }
  for (const p of checked)
    for (const name of status.players[p].checkedOn) {
      const b = pos.g.names.indexOf(name);
      const k = b >= 0 ? pos.kingSquare(p, b) : -1;
      if (k >= 0) tints.set(squareKey(b, k), 'check');
    }
  return {
    turn: status.turn ? labels.indexOf(status.turn) : -1,
    checked,
    gone,
    countdowns: status.boards.map((b) => b.countdown),
    due: new Set((status.due ?? []).map((name) => pos.g.names.indexOf(name))),
    tints,
  };
}

export function interactionDrawing(
  view: Game,
  drawn: GameDrawing,
  { selected, targets, placements, premove, dragOver }: Interaction,
): InteractionDrawing {
  const tints = new Map(drawn.tints);
  if (premove)
    for (const sq of [premove.from, premove.to])
      tints.set(squareKey(sq.board, sq.square), 'premove');
  if (selected) tints.set(squareKey(selected.board, selected.square), 'selected');
  if (dragOver !== null) tints.set(dragOver, 'drag-over');

  const markers: Marker[] = [];
  if (selected)
    for (const d of targets)
      markers.push({
        board: d.board,
        square: d.square,
        kind: d.shift ? 'shift' : d.capture ? 'capture' : 'move',
      });
  else if (view.status().kind === 'flight')
    for (const d of flightDestinations(view))
      markers.push({ board: d.board, square: d.square, kind: 'flight' });
  else for (const p of placements) markers.push({ ...p, kind: 'place' });

  const lit: [number, number][] = [];
  if (selected) {
    const seen = new Set<number>();
    for (const d of targets)
      if (d.shift && !seen.has(d.board)) {
        seen.add(d.board);
        lit.push([selected.board, d.board]);
      }
  }
  return { tints, markers, lit };
}
