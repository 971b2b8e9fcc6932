import { describe, expect, test } from 'vitest';
import {
  defaultSetup,
  Game,
  KING,
  PIECE_VALUES,
  createRng,
  materialOf,
  moveTo,
  moveToBoard,
  parseAction,
  roleOf,
} from '../../src/core';

function startedGame(n: number, seed: string): Game {
  const created = Game.create(defaultSetup(n, seed, {}, (i) => `P${i + 1}`));
  if (!created.ok) throw new Error(created.error.message);
  const placed = created.value.autoPlace('balanced', 'all');
  if (!placed.ok) throw new Error(placed.error.message);
  return placed.value;
}

describe('material', () => {
  test('every army starts play with 39 points (8 pawns, 2 knights, 2 bishops, 2 rooks, a queen) and nothing lost', () => {
    for (const n of [3, 5, 8]) {
      const material = materialOf(startedGame(n, `material-${n}`).position);
      expect(material).toHaveLength(n);
      for (const m of material) {
        expect(m.points).toBe(39);
        expect(m.lost.every((k) => k === 0)).toBe(true);
        expect(m.pieces.slice(1, 6)).toEqual([8, 2, 2, 2, 1]);
      }
    }
  });

  test("a capture takes the victim's piece off its material and lists it as lost; the captor keeps theirs", () => {
    let game = startedGame(4, 'material-captures');
    const rng = createRng('material-captures');
    let checked = 0;
    while (game.length < 800 && game.status().phase === 'play') {
      const legal = game.legalActions();
      const m = legal[Math.floor(rng() * legal.length)];
      const text = game.actionText(m);
      const before = game.position;
      const mover = before.turn;
      const target = before.pieceAt(moveToBoard(m), moveTo(m));
      const next = game.play(m);
      if (!next.ok) throw new Error(next.error.message);
      game = next.value;
      // A plain capture of a piece (not a king move, which may capture on several boards; no promotion).
      const m2 = parseAction(before, text);
      if (!text.includes('x') || /^[A-H]{2}:K/.test(text) || text.includes('=') || !m2.ok) continue;
      // Mates, eliminations and collapses move material too: only plain captures are compared.
      if (game.eventsOf(game.length).some((e) => e.type !== 'check')) continue;
      const role = roleOf(target);
      if (!role || role === KING) continue;
      const victim = before.ownerAt(moveToBoard(m), moveTo(m));
      const [a, b] = [materialOf(before), materialOf(game.position)];
      expect(b[victim].points, text).toBe(a[victim].points - PIECE_VALUES[role]);
      expect(b[victim].pieces[role], text).toBe(a[victim].pieces[role] - 1);
      expect(b[mover].points, text).toBe(a[mover].points);
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });
});
