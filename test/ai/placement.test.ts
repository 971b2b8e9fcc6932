/** The placement policy: legal placements, a piece on every board of the domain. */
import { describe, expect, it } from 'vitest';
import {
  KING,
  PAWN,
  PLACEMENT,
  boardOfPlaced,
  roleOf,
  type OptionName,
  type Position,
} from '../../src/core';
import { BotWorkspace, type Level } from '../../src/ai/bot';
import { newGame, playLegal } from './helpers';
import { chooseByNodes } from './byNodes';

const D_PAWN = 3;
const F_PAWN = 5;
const B_KNIGHT = 8;
const F_BISHOP = 11;
const QUEEN = 14;

/** Player p's non-king pieces on board b. */
function piecesOn(pos: Position, p: number, b: number): number {
  let n = 0;
  for (let sq = 0; sq < 128; sq++) {
    const c = pos.pieceAt(b, sq);
    if (!(sq & 0x88) && c && roleOf(c) !== KING && pos.ownerOf(b, c) === p) n++;
  }
  return n;
}

/**
 * Play every placement with bots of one level. Level 3 checks its last placements by search:
 * `nodes` is its budget here (the tests of where pieces go keep 15 000; those that only count
 * pieces per board need no strength and use less).
 */
function placeAll(
  players: number,
  level: Level,
  seed: string,
  options: OptionName[] = [],
  nodes = 15_000,
) {
  const game = newGame(players, seed, Object.fromEntries(options.map((o) => [o, true])));
  const pos = game.position.clone();
  const workspace = new BotWorkspace();
  while (pos.phase === PLACEMENT) {
    const choice = chooseByNodes(pos, {
      level,
      seed: `${seed}:${pos.turn}`,
      nodes: level === 3 ? nodes : undefined,
      workspace,
    });
    if (!choice) throw new Error('no placement');
    expect(choice.how).toBe('placement');
    playLegal(pos, choice.action, choice.text);
  }
  return pos;
}

/** Three level-3 players' placement at the full 15 000 nodes: both 3-player layout tests read it. */
let strongThree: Position | undefined;
const placedStrongThree = () => (strongThree ??= placeAll(3, 3, 'spread'));

describe('placement policy', () => {
  it.each([
    [3, 1],
    [3, 2],
    [3, 3],
    [4, 3],
    [5, 2],
    [8, 1],
    [6, 1],
  ] as [number, Level][])(
    '%i players, level %i: every board of every domain gets pieces; R2.4 every rook and the queen stand with the pawn of their file',
    (n, level) => {
      const pos = placeAll(n, level, `place${n}${level}`, [], 3_000);
      for (let p = 0; p < n; p++) {
        expect(pos.unplaced[p]).toBe(0);
        for (const b of pos.domain[p])
          expect(piecesOn(pos, p, b), `${p} on ${b}`).toBeGreaterThan(0);
        for (const [piece, pawn] of [
          [12, 0],
          [14, 3],
          [13, 7],
        ])
          expect(boardOfPlaced(pos, p, piece), `${p}: ${piece} with ${pawn}`).toBe(
            boardOfPlaced(pos, p, pawn),
          );
      }
    },
  );

  it('3 players: the force is spread, not piled on one board', () => {
    const pos = placedStrongThree();
    for (let p = 0; p < 3; p++)
      for (const b of pos.domain[p]) expect(piecesOn(pos, p, b)).toBeGreaterThanOrEqual(4);
  });

  it('3 players: each board holds at least one of the d/e/f shield pawns', () => {
    const pos = placedStrongThree();
    for (let p = 0; p < 3; p++)
      for (const b of pos.domain[p]) {
        const seat = pos.seatOf(p, b);
        const shield = [0x13, 0x14, 0x15].filter(
          (rel) => pos.pieceAt(b, seat ? rel ^ 0x70 : rel) === (PAWN | (seat << 3)),
        );
        expect(shield.length, `player ${p} board ${b}`).toBeGreaterThan(0);
      }
  });

  it.each([
    [4, 2],
    [5, 2],
    [6, 2],
  ] as [number, Level][])(
    "R2.4 R5.1 (%i players, level %i) the bots shield kings as the balanced placement does: each queen and its d-pawn on the board shared with the next player, facing that player's f-bishop, f-pawn and b-knight",
    (n, level) => {
      const pos = placeAll(n, level, `shield${n}`, [], 3_000);
      for (let p = 0; p < n; p++) {
        const next = (p + 1) % n;
        const b = boardOfPlaced(pos, p, QUEEN);
        expect(pos.boardPlayers(b), `player ${p}`).toContain(next);
        expect(boardOfPlaced(pos, p, D_PAWN), `player ${p}`).toBe(b);
        const facing = [F_BISHOP, F_PAWN, B_KNIGHT];
        for (const i of facing) expect(boardOfPlaced(pos, next, i), `player ${next}, ${i}`).toBe(b);
      }
    },
  );

  it('Cowardly Kings: the king is placed too, and every board gets pieces', () => {
    const pos = placeAll(4, 3, 'cowardly', ['cowardly'], 3_000);
    for (let p = 0; p < 4; p++) {
      expect(pos.kingBoards[p]).toHaveLength(1);
      for (const b of pos.domain[p]) expect(piecesOn(pos, p, b)).toBeGreaterThan(0);
    }
  });
});
