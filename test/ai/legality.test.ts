/**
 * Every action a bot chooses is legal: long seeded games between level-1 bots for 3 to 6
 * players, with and without the optional rules (legalGames.ts). Games of 7 and 8 players and
 * more option sets: legality.slow.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { MODE_CAPTURE, MODE_FINAL, MODE_FLIGHT, MODE_NORMAL, parsePosition } from '../../src/core';
import { playLegal } from './helpers';
import { chooseByNodes } from './byNodes';
import { playBotGame, type LegalGame } from './legalGames';

const CASES: LegalGame[] = [
  { players: 3, options: [], seed: 'l3', actions: 400 },
  { players: 3, options: ['hyperspace'], seed: 'l3h', actions: 300 },
  { players: 3, options: ['cowardly', 'collapse'], seed: 'f35', actions: 300 },
  { players: 4, options: ['cowardly', 'hyperspace'], seed: 'l4ch', actions: 200 },
  { players: 5, options: ['hyperspace', 'collapse', 'scavenger'], seed: 'l5hcs', actions: 150 },
  { players: 6, options: ['shade', 'cowardly'], seed: 'l6', actions: 120 },
];

/** Kinds of turns the bots met, over all games: modes, and Hyperspace moves after the first. */
const met = new Set<string>();

describe('bots only play legal actions', () => {
  it.each(CASES)('$players players [$options] seed $seed', (game) => {
    expect(playBotGame(game, met)).toBeGreaterThan(0);
  });

  it('met every kind of turn: final move, forced capture, Hyperspace', () => {
    for (const kind of [MODE_NORMAL, MODE_FINAL, MODE_CAPTURE])
      expect(met.has(`mode ${kind}`), `mode ${kind}`).toBe(true);
    expect(met.has('hyperspace')).toBe(true);
  });

  // Bot games almost never corner a Cowardly king, so its flight turn is set up directly.
  it('R9.3 a bot chooses a legal flight for its fleeing king', () => {
    const parsed = parsePosition({
      players: 3,
      options: { cowardly: true },
      turn: 'A',
      boards: {
        AB: { pieces: '8/8/8/8/8/8/8/R7' },
        AC: { pieces: '8/8/8/8/8/8/8/4N3' },
        BC: { pieces: '4k3/8/8/8/8/8/8/4K3' },
      },
      fleeing: { A: { from: 'AB', square: 'e1', by: 'B' } },
      resume: 'B',
    });
    if (!parsed.ok) throw new Error(parsed.error.message);
    const pos = parsed.value;
    expect(pos.mode).toBe(MODE_FLIGHT);
    const choice = chooseByNodes(pos, { level: 1, seed: 'flight', nodes: 150 });
    expect(choice?.text).toBe('AC:+Ke1');
    playLegal(pos, choice!.action, choice!.text);
    expect(pos.turn).toBe(1);
  });
});
