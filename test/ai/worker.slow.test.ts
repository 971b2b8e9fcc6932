/** The worker at level 3's full budget on the largest table (seconds a move; the unit lane asks level 2). */
import { describe, it } from 'vitest';
import { answersEightPlayers } from './eightPlayers';

describe('answer (the worker body), slow', () => {
  it('8 players (28 boards): level 3 answers within its node budget', () => {
    answersEightPlayers(3);
  });
});
