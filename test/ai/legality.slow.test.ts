/**
 * Every action a bot chooses is legal, in the games legality.test.ts leaves to the slow lane:
 * 7 and 8 players, and more option sets for 4 and 5 players (legalGames.ts).
 */
import { describe, expect, it } from 'vitest';
import { playBotGame, type LegalGame } from './legalGames';

const CASES: LegalGame[] = [
  { players: 4, options: ['scavenger', 'collapse'], seed: 'l4sc', actions: 300 },
  { players: 5, options: [], seed: 'l5', actions: 200 },
  { players: 7, options: ['collapse'], seed: 'l7', actions: 100 },
  { players: 8, options: [], seed: 'l8', actions: 100 },
];

describe('bots only play legal actions, slow', () => {
  it.each(CASES)('$players players [$options] seed $seed', (game) => {
    expect(playBotGame(game)).toBeGreaterThan(0);
  });
});
