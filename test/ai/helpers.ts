/** Helpers for the bot tests: positions, material, and checking that a bot's action is legal. */
import {
  defaultSetup,
  Game,
  OVER,
  legalActionList,
  parseFen,
  parsePosition,
  play,
  roleOf,
  type Options,
  type Position,
  type PositionJson,
} from '../../src/core';
import { VALUE } from '../../src/ai/tables';

export function fen(text: string): Position {
  const r = parseFen(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

export function position(json: PositionJson): Position {
  const r = parsePosition(json);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** A new game of n players (labels in turn order) with options. */
export function newGame(n: number, seed: string, options: Partial<Options> = {}): Game {
  const r = Game.create(defaultSetup(n, seed, options, (i) => `P${i + 1}`));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Material of player p on every live board (petrified pieces excluded). */
export function material(pos: Position, p: number): number {
  let total = 0;
  for (let b = 0; b < pos.nb; b++) {
    if (!pos.live[b]) continue;
    for (let sq = 0; sq < 128; sq++) {
      const c = pos.pieceAt(b, sq);
      if (!(sq & 0x88) && c && pos.ownerOf(b, c) === p) total += VALUE[roleOf(c)];
    }
  }
  return total;
}

/** Play an action after checking that it is among the legal actions; throws otherwise. */
export function playLegal(pos: Position, action: number, what = 'action'): void {
  if (pos.phase === OVER) throw new Error(`${what}: the game is over`);
  const legal = legalActionList(pos);
  if (!legal.includes(action)) throw new Error(`${what} is not legal`);
  const r = play(pos, action, legal);
  if (!r.ok) throw new Error(`${what}: ${r.error.message}`);
  pos.commit();
}

/**
 * R9.2: B is out and its boards (AB, BC) collapse after one more turn slot; A's queen still
 * stands on AB and nothing else is attacked, so the queen should leave AB for AC now.
 */
export const DOOMED_QUEEN: PositionJson = {
  players: 3,
  options: { collapse: true },
  turn: 'A',
  eliminated: ['B'],
  countdown: { B: 1 },
  boards: {
    AB: { pieces: '8/8/8/8/8/8/8/3QK3' },
    AC: { pieces: 'r3k3/5ppp/8/8/8/8/5PPP/R3K3' },
    BC: { pieces: '4k3/8/8/8/8/8/8/8' },
  },
};
