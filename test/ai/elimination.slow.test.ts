/**
 * Level 3 at its full budget (300 000 nodes, seconds a move) where an elimination costs the game
 * or gives an army (eliminations.ts): regressions of its match losses. Levels 1 and 2 in the
 * same positions: elimination.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  choose,
  expectMateInheritingTheArmy,
  expectNoMateLosingTheDuel,
  game11,
} from './eliminations';

describe('level 3 and eliminations', () => {
  it('R6.3 level 3 does not mate B when the tempi it hands C lose the duel', () => {
    expectNoMateLosingTheDuel(3);
  });

  it('R6.3 level 3 does not mate A in game 11 of match seed dec02f-diag', () => {
    expect(choose(game11, 3)).not.toBe('AC:Qh4xg3');
  });

  it('R9.4 with Scavenger, level 3 mates the player whose army it inherits', () => {
    expectMateInheritingTheArmy(3);
  });
});
