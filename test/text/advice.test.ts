/** The words of hints and threats: one plain line, boards named as the HUD names them. */
import { describe, expect, it } from 'vitest';
import type { Advice, HintReason } from '../../src/ai/hint';
import { hintLine, hintsUsedText, reasonText, threatLine } from '../../src/text/advice';

const names = { players: ['Ada', 'Boris', 'Chen'], boards: ['AB', 'AC', 'BC'] };
const say = (r: HintReason, mover = 0, reader = 0) => reasonText(r, mover, names, reader);
const spot = (board: number, square: number) => ({ board, square });

describe('hint reasons in words', () => {
  it('names the piece, its owner, the board and the square', () => {
    expect(
      say({ kind: 'wins', later: false, piece: { ...spot(1, 0x43), role: 2, owner: 2 } }),
    ).toBe("wins Chen's knight on AC d5");
    expect(say({ kind: 'wins', later: true, piece: { ...spot(0, 0x70), role: 4, owner: 1 } })).toBe(
      "sets up taking Boris's rook on AB a8",
    );
  });

  it('the check answered, from which board, and how', () => {
    const check = { board: 1, from: 0x44, to: 0x04, role: 4, owner: 2, path: [] };
    expect(say({ kind: 'answers-check', checks: [check], how: 'takes' })).toBe(
      "answers Chen's check from AC (rook on AC e5) by taking it",
    );
  });

  it('mates, mate threats, checks, collapse, placement and plain moves', () => {
    expect(say({ kind: 'mates', victim: 1, now: true })).toBe('checkmates Boris');
    expect(say({ kind: 'threatens-mate', victim: 2, board: 1 })).toBe(
      'threatens mate against Chen on AC',
    );
    expect(say({ kind: 'checks', victims: [1, 2] })).toBe('gives check to Boris and Chen');
    expect(say({ kind: 'saves', role: 5, from: 0, to: 1, turnsLeft: 1 })).toBe(
      'saves your queen: AB collapses in 1 turn, so it moves to AC',
    );
    expect(say({ kind: 'place', role: 2, board: 2 })).toBe(
      "places your knight on BC (the strong bot's placement plan)",
    );
    expect(
      say({ kind: 'move', role: 1, from: spot(0, 0x13), to: spot(0, 0x33), promotion: 0 }),
    ).toBe('moves your pawn from AB d2 to AB d4: improves the position');
  });

  it('a threat is read by the player to move: "your" piece, "you"', () => {
    const threat: Advice = {
      player: 2,
      text: 'AC:Rd8xd1',
      from: [spot(1, 0x73)],
      to: [spot(1, 0x03)],
      shift: false,
      reason: { kind: 'wins', later: false, piece: { ...spot(1, 0x03), role: 5, owner: 0 } },
      score: 0,
      depth: 1,
      nodes: 1,
    };
    expect(threatLine(threat, names, 0)).toBe('Chen: AC:Rd8xd1 wins your queen on AC d1');
    // The same facts as a hint for Boris: his move, Ada's queen.
    expect(hintLine({ ...threat, player: 1 }, names)).toBe(
      "Hint: AC:Rd8xd1 wins Ada's queen on AC d1.",
    );
    expect(say({ kind: 'mates', victim: 0, now: true }, 2, 0)).toBe('checkmates you');
  });

  it('hints used: only the players who used any', () => {
    expect(hintsUsedText([0, 2, 1], names.players)).toBe('Hints used: Boris 2, Chen 1');
    expect(hintsUsedText([0, 0, 0], names.players)).toBeNull();
  });
});
