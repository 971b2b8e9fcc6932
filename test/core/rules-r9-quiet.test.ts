/**
 * RULES R9.7 Quiet shifts (a house rule, options.quiet): a shift may not put an opponent's king
 * in check, neither by the arriving piece on the board it lands on nor by a line it uncovers
 * on the board it leaves. Hand-made positions for every kind of move, each beside the same
 * position with the option off (the rules as written).
 */
import { describe, expect, test } from 'vitest';
import {
  FLAG_NORMAL,
  MODE_FINAL,
  MODE_NORMAL,
  encodeMove,
  parseAction,
  play,
  quietBreach,
  quietRefusal,
  type BoardJson,
  type PositionJson,
} from '../../src/core';
import {
  apply,
  build,
  field,
  moves,
  movesFrom,
  position,
  type PieceMap,
  type Spec,
} from './helpers';

const QUIET = { quiet: true };

/** The position of `spec` with Quiet shifts on and off. */
function both(spec: Spec): { on: ReturnType<typeof build>; off: ReturnType<typeof build> } {
  return {
    on: build({ ...spec, options: { ...spec.options, quiet: true } }),
    off: build({ ...spec, options: { ...spec.options, quiet: false } }),
  };
}

/** The actions the rules as written allow that R9.7 refuses (texts starting with `prefix`). */
function refused(spec: Spec, prefix = ''): string[] {
  const { on, off } = both(spec);
  const allowed = new Set(movesFrom(on, prefix));
  return movesFrom(off, prefix).filter((t) => !allowed.has(t));
}

/** A position with every piece given explicitly (kings too), for Cowardly Kings. */
function explicit(
  spec: Omit<PositionJson, 'boards' | 'turn'> & { turn?: string; pieces: Record<string, PieceMap> },
) {
  const { pieces, turn = 'A', ...rest } = spec;
  const boards: Record<string, BoardJson> = {};
  for (const [name, map] of Object.entries(pieces)) boards[name] = { pieces: field(map) };
  return position({ ...rest, turn, boards });
}

/** The action of `text` in `spec` as the rules are written (Quiet shifts off). */
function action(spec: Spec, text: string): number {
  const r = parseAction(both(spec).off, text);
  if (!r.ok) throw new Error(`${text}: ${r.error.message}`);
  return r.value;
}

describe('R9.7 Quiet shifts', () => {
  test('R9.7 a shifted queen may not give check on the board it lands on', () => {
    // A's queen on d1 of AB; C's king on e8 of AC (C sits North there)
    expect(refused({ players: 3, pieces: { AB: { d1: 'Q' } } }, 'AB:Qd1-AC:')).toEqual([
      'AB:Qd1-AC:a4',
      'AB:Qd1-AC:d7',
      'AB:Qd1-AC:d8',
      'AB:Qd1-AC:e2',
      'AB:Qd1-AC:h5',
    ]);
    // a piece of C's between the arrival square and the king shields it: no check, no refusal
    expect(
      refused({ players: 3, pieces: { AB: { d1: 'Q' }, AC: { e7: 'p' } } }, 'AB:Qd1-AC:e'),
    ).toEqual([]);
  });

  test('R9.7 every kind of piece is tested with its own attack on arrival: knight, bishop, rook', () => {
    // C's king on e8 of AC
    expect(refused({ players: 3, pieces: { AB: { b1: 'N' } } }, 'AB:Nb1-AC:')).toEqual([]);
    expect(refused({ players: 3, pieces: { AB: { e4: 'N' } } }, 'AB:Ne4-AC:')).toEqual([
      'AB:Ne4-AC:d6',
      'AB:Ne4-AC:f6',
    ]);
    expect(refused({ players: 3, pieces: { AB: { d1: 'B' } } }, 'AB:Bd1-AC:')).toEqual([
      'AB:Bd1-AC:a4',
      'AB:Bd1-AC:h5',
    ]);
    expect(refused({ players: 3, pieces: { AB: { a2: 'R' } } }, 'AB:Ra2-AC:')).toEqual([
      'AB:Ra2-AC:a8',
      'AB:Ra2-AC:e2',
    ]);
  });

  test('R9.7 a shifting pawn may not give check on arrival, nor promote to a piece that does', () => {
    // d6 of AB to d7 of AC: a pawn there attacks c8 and e8, where C's king stands
    expect(refused({ players: 3, pieces: { AB: { d6: 'P' } } }, 'AB:d6-')).toEqual(['AB:d6-AC:d7']);
    // on its own board the same step gives check to B: not a shift, so allowed
    expect(
      movesFrom(build({ players: 3, options: QUIET, pieces: { AB: { d6: 'P' } } }), 'AB:d6'),
    ).toContain('AB:d6-d7');
    // promoting on arrival on d8 of AC beside C's king: the queen and the rook would check it
    expect(refused({ players: 3, pieces: { AB: { d7: 'P' } } }, 'AB:d7-AC:')).toEqual([
      'AB:d7-AC:d8=Q',
      'AB:d7-AC:d8=R',
    ]);
    const { on } = both({ players: 3, pieces: { AB: { d7: 'P' } } });
    expect(movesFrom(on, 'AB:d7-AC:')).toEqual(['AB:d7-AC:d8=B', 'AB:d7-AC:d8=N']);
    // a North pawn shifting onto a board where it sits South attacks up that board
    // (B's pawn on d3 of AB stands on B's relative d6; on d7 of BC it attacks c8 and e8)
    expect(refused({ players: 3, turn: 'B', pieces: { AB: { d3: 'p' } } }, 'AB:d3-BC:')).toEqual([
      'AB:d3-BC:d7',
    ]);
  });

  test('R9.7 a shift may not uncover a line onto an opponent king on the board it leaves', () => {
    // A's rook on e3 of AB behind A's knight on e5: B's king on e8 sits on that file
    const spec: Spec = { players: 3, pieces: { AB: { e3: 'R', e5: 'N' } } };
    const { on, off } = both(spec);
    expect(movesFrom(off, 'AB:Ne5-AC:').length).toBeGreaterThan(0);
    expect(movesFrom(on, 'AB:Ne5-AC:')).toEqual([]);
    // the knight may still move on its own board (a discovered check there is an ordinary move)
    expect(movesFrom(on, 'AB:Ne5-')).toContain('AB:Ne5-c6');
    // along a diagonal too, and for a pawn: A's bishop on a4, the pawn on c6 between it and e8
    expect(refused({ players: 3, pieces: { AB: { a4: 'B', c6: 'P' } } }, 'AB:c6-')).toEqual([
      'AB:c6-AC:c7',
    ]);
    // a piece of B's own between: nothing is uncovered
    expect(
      refused({ players: 3, pieces: { AB: { e3: 'R', e5: 'N', e7: 'p' } } }, 'AB:Ne5-'),
    ).toEqual([]);
  });

  test('R9.7 the shifting piece that uncovers nothing and checks nobody stays legal; the rules as written are unchanged with the option off', () => {
    const spec: Spec = {
      players: 4,
      pieces: { AB: { d1: 'Q', b1: 'N', a2: 'P' }, AC: { c1: 'B' } },
    };
    const { on, off } = both(spec);
    const quiet = new Set(moves(on));
    // every move the option keeps is a move of the rules as written, and only shifts are taken out
    for (const t of quiet) expect(moves(off)).toContain(t);
    for (const t of moves(off)) if (!quiet.has(t)) expect(t).toMatch(/-[A-H]{2}:/);
    expect(quiet.has('AB:Nb1-AC:c3')).toBe(true);
    expect(quiet.has('AB:Qd1-AD:d7')).toBe(false);
  });

  test('R9.7 under Hyperspace each move of the turn is tested when it is made', () => {
    // A's knight on e4 of AC shields C's king on e8 from the rook's arrival on e3
    const spec: Spec = {
      players: 3,
      options: { hyperspace: true, quiet: true },
      pieces: { AB: { a3: 'R' }, AC: { e4: 'N' } },
    };
    const pos = build(spec);
    expect(moves(pos)).toContain('AB:Ra3-AC:e3');
    apply(pos, 'AC:Ne4-c5');
    // the knight has left the file: the same shift would now give check, and is refused
    expect(pos.turn).toBe(0);
    expect(moves(pos)).not.toContain('AB:Ra3-AC:e3');
    expect(moves(pos)).toContain('AB:Ra3-AC:d3');
    const off = build({ ...spec, options: { hyperspace: true } });
    apply(off, 'AC:Ne4-c5');
    expect(moves(off)).toContain('AB:Ra3-AC:e3');
  });

  test('R9.7 final moves (R6.3) are tested too', () => {
    // A is mated by B and makes a final move: its queen may not shift into a check of B or C
    const spec: Spec = {
      players: 3,
      mated: { A: 'B' },
      pieces: { AB: { a1: 'r', b2: 'r' }, AC: { d1: 'Q' } },
    };
    const { on, off } = both(spec);
    expect(on.mode).toBe(MODE_FINAL);
    expect(movesFrom(off, 'AC:Qd1-AB:')).toContain('AC:Qd1-AB:d7');
    expect(movesFrom(on, 'AC:Qd1-AB:')).not.toContain('AC:Qd1-AB:d7');
    expect(movesFrom(on, 'AC:Qd1-AB:')).toContain('AC:Qd1-AB:d6');
    // and on the board it lands on only: a check it gives on its own board is an ordinary move
    expect(moves(on)).toContain('AC:Qd1-d7');
  });

  test("R9.7 a mated player's king can still be checked; an eliminated player's king is gone", () => {
    // A is mated by C and awaits C's capture; B moves: its queen may not shift into a check of A
    const mated: Spec = {
      players: 3,
      turn: 'B',
      mated: { A: 'C' },
      pieces: { AC: { a1: 'r', b2: 'r' }, BC: { d1: 'Q' } },
    };
    const { on } = both(mated);
    expect(on.mode).toBe(MODE_NORMAL);
    expect(movesFrom(on, 'BC:Qd1-AB:')).not.toContain('BC:Qd1-AB:e7');
    expect(refused(mated, 'BC:Qd1-AB:')).toContain('BC:Qd1-AB:e7');
    // with A out of the game, AB holds no king of A's: nothing to check there
    const out: Spec = { players: 3, turn: 'B', eliminated: ['A'], pieces: { BC: { d1: 'Q' } } };
    expect(refused(out, 'BC:Qd1-AB:')).toEqual([]);
  });

  test('R9.7 still applies when two players are left', () => {
    // A is out; B and C play on, and B's queen may not shift into a check of C on AC... B holds no seat there;
    // on BC C's king stands on e8: B shifts from AB (B North there) to BC (B South)
    const spec: Spec = { players: 3, turn: 'B', eliminated: ['A'], pieces: { AB: { d8: 'q' } } };
    expect(refused(spec, 'AB:Qd8-BC:')).toEqual([
      'AB:Qd8-BC:a4',
      'AB:Qd8-BC:d7',
      'AB:Qd8-BC:d8',
      'AB:Qd8-BC:e2',
      'AB:Qd8-BC:h5',
    ]);
  });

  test("R9.7 a Cowardly king's shift may not uncover a line on the board it leaves", () => {
    // A's king on e2 of AB, A's rook behind it on e1, B's king on e8 of AB
    const spec = (quiet: boolean) =>
      explicit({
        players: 3,
        options: { cowardly: true, quiet },
        kingMoved: ['A'],
        pieces: { AB: { e2: 'K', e1: 'R', e8: 'k' }, AC: { e8: 'k' } },
      });
    expect(movesFrom(spec(false), 'AB:Ke2-AC:').length).toBeGreaterThan(0);
    expect(movesFrom(spec(true), 'AB:Ke2-AC:')).toEqual([]);
    // its steps on its own board stay (the discovered check there is an ordinary move)
    expect(movesFrom(spec(true), 'AB:Ke2-')).toContain('AB:Ke2-d2');
  });

  test("R9.7 a Cowardly king's shift in a final move may not arrive beside a king", () => {
    // A is mated (king on AB, attacked by B's rooks) and makes a final move: safety is lifted,
    // but the king may not step next to C's king on AC
    const spec = (quiet: boolean) =>
      explicit({
        players: 3,
        options: { cowardly: true, quiet },
        mated: { A: 'B' },
        pieces: { AB: { e1: 'K', a1: 'r', b2: 'r', e8: 'k' }, AC: { d3: 'k' } },
      });
    expect(spec(true).mode).toBe(MODE_FINAL);
    expect(movesFrom(spec(false), 'AB:Ke1-AC:')).toEqual([
      'AB:Ke1-AC:d1',
      'AB:Ke1-AC:d2',
      'AB:Ke1-AC:e2',
      'AB:Ke1-AC:f1',
      'AB:Ke1-AC:f2',
    ]);
    expect(movesFrom(spec(true), 'AB:Ke1-AC:')).toEqual([
      'AB:Ke1-AC:d1',
      'AB:Ke1-AC:f1',
      'AB:Ke1-AC:f2',
    ]);
  });

  test("R9.7 Scavenger's inherited pieces: tested on arrival and on leaving", () => {
    // A was mated by B, who inherited A's seats: B holds both seats of AB and A's South seat of AC
    const spec = (quiet: boolean) =>
      position({
        players: 3,
        options: { scavenger: true, quiet },
        turn: 'B',
        eliminated: ['A'],
        boards: {
          AB: { pieces: field({ e8: 'k' }), seats: ['B', 'B'] },
          // the inherited rook on e1 behind the inherited knight on e4, C's king on e8
          AC: { pieces: field({ e1: 'R', e4: 'N', a1: 'Q', e8: 'k' }), seats: ['B', 'C'] },
          BC: { pieces: field({ e1: 'K', e8: 'k' }) },
        },
      });
    const on = spec(true);
    const off = spec(false);
    expect(movesFrom(off, 'AC:Ne4-BC:').length).toBeGreaterThan(0);
    expect(movesFrom(on, 'AC:Ne4-BC:')).toEqual([]);
    // the inherited queen arriving on BC (B South there) may not check C's king on e8
    expect(movesFrom(off, 'AC:Qa1-BC:')).toContain('AC:Qa1-BC:e5');
    expect(movesFrom(on, 'AC:Qa1-BC:')).not.toContain('AC:Qa1-BC:e5');
    expect(movesFrom(on, 'AC:Qa1-BC:')).toContain('AC:Qa1-BC:d4');
    // onto AB, where B holds both seats, there is no opponent to check
    expect(movesFrom(on, 'AC:Qa1-AB:')).toEqual(movesFrom(off, 'AC:Qa1-AB:'));
  });
});

describe('R9.7 why a shift is refused', () => {
  test('R9.7 the refusal names the rule and the king it would check', () => {
    const spec: Spec = { players: 3, options: QUIET, pieces: { AB: { d1: 'Q' } } };
    const pos = build(spec);
    const m = action(spec, 'AB:Qd1-AC:d7');
    const why =
      "a piece arriving from another board may not give check, and it would check C's king on AC (R9.7 Quiet shifts)";
    const r = play(pos, m);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toEqual({ code: 'illegal-action', message: why });
    expect(quietBreach(pos, m)).toEqual({ kind: 'arrival', board: 1, king: 0x74 });
    // typed as text, the same reason
    const parsed = parseAction(pos, 'AB:Qd1-AC:d7');
    expect(!parsed.ok && parsed.error.message).toBe(`AB:Qd1-AC:d7 is illegal: ${why}`);
  });

  test('R9.7 an uncovered line is named as such', () => {
    const spec: Spec = { players: 3, options: QUIET, pieces: { AB: { e3: 'R', e5: 'N' } } };
    expect(quietRefusal(build(spec), action(spec, 'AB:Ne5-AC:d3'))).toBe(
      "a piece leaving for another board may not uncover a check, and it would uncover one on B's king on AB (R9.7 Quiet shifts)",
    );
  });

  test('R9.7 a shift refused for another reason is not blamed on R9.7', () => {
    // the queen's path to d7 of AC is blocked on both boards: illegal as written
    const pos = build({
      players: 3,
      options: QUIET,
      pieces: { AB: { d1: 'Q', d3: 'P' }, AC: { d3: 'P' } },
    });
    const m = encodeMove(0, 0x03, 1, 0x63, 0, FLAG_NORMAL);
    expect(quietBreach(pos, m)).not.toBeNull();
    expect(quietRefusal(pos, m)).toBeNull();
    const r = play(pos, m);
    expect(!r.ok && r.error.message).toBe('it is not a legal action now');
  });

  test('R9.7 the option is off for a position unless it says so, and no shift is a breach then', () => {
    const pos = build({ players: 3, pieces: { AB: { d1: 'Q' } } });
    expect(pos.options.quiet).toBe(false);
    expect(moves(pos)).toContain('AB:Qd1-AC:d7');
    expect(quietBreach(pos, encodeMove(0, 0x03, 1, 0x63, 0, FLAG_NORMAL))).toBeNull();
  });
});
