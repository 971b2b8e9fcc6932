/**
 * The command line: random playouts with every invariant checked after every action (called
 * directly, not through a subprocess), perft-suite on a small EPD, and argument errors.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { KING, PAWN, STANDARD_FEN, countArmies, parsePosition } from '../../src/core';
import { specJson } from '../core/helpers';
import { checkHash, checkInvariants, checkKings, checkPieces } from '../../src/cli/invariants';
import { parseOptionList } from '../../src/cli/args';
import { run } from '../../src/cli/main';
import { InvariantFailure, newGame } from '../../src/cli/playout';
import { describeOptionPlayouts, describeRandomPlayouts } from './randomPlayouts';
import { pick, seededRandom } from '../../src/cli/rng';

const root = fileURLToPath(new URL('../../', import.meta.url));
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

/** Run a command line in-process, capturing its output. */
async function cli(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

// One seed at 3–6 players here (7 and 8 players play the same checks below, in shorter games
// under the options); seed "a" at 7 and 8 players and two more seeds per count in test:slow
// (playout.slow.test.ts).
describeRandomPlayouts([{ seed: 'a', players: [3, 4, 5, 6] }]);

// Every option set and player count through placement and 60 actions of play here; the same
// games on to 150 actions of play in test:slow.
describeOptionPlayouts(60);

describe('--options', () => {
  test('--options takes a comma-separated list and names an unknown option', async () => {
    expect(parseOptionList('collapse,shade')).toEqual({ collapse: true, shade: true });
    // R9.7: Quiet shifts is on by default from four players; "-quiet" plays the rules as written.
    expect(parseOptionList('collapse,-quiet')).toEqual({ collapse: true, quiet: false });
    const { code, err } = await cli(
      'playout',
      '--players',
      '3',
      '--seed',
      'x',
      '--moves',
      '5',
      '--options',
      'warp',
    );
    expect(code).toBe(2);
    expect(err).toEqual([expect.stringMatching(/--options: "warp" is not an option/)]);
  });
});

describe('the invariant checks catch broken positions', () => {
  /** A 3-player game a little way into play. */
  function midGame() {
    const rng = seededRandom('teeth');
    let game = newGame(3, 'teeth');
    while (game.length < 60) {
      const next = game.play(pick(rng, game.legalActions()));
      if (!next.ok) throw new Error(next.error.message);
      game = next.value;
    }
    return game;
  }

  test('a healthy position passes', () => {
    const pos = midGame().position;
    expect(checkKings(pos)).toBeNull();
    expect(checkPieces(pos)).toBeNull();
    expect(checkHash(pos)).toBeNull();
  });

  test('a king missing from one board breaks king-presence', () => {
    const pos = midGame().position.clone();
    const b = pos.kingBoards[0][0];
    pos.squares[(b << 7) | pos.kingSquare(0, b)] = 0;
    expect(checkKings(pos)?.invariant).toBe('king-presence');
  });

  test('a stray second king breaks king-presence', () => {
    const pos = midGame().position.clone();
    const b = pos.kingBoards[1][0];
    const seat = pos.kingSeat[1 * pos.nb + b];
    const empty = [0x33, 0x34, 0x43, 0x44].find((sq) => !pos.squares[(b << 7) | sq])!;
    pos.squares[(b << 7) | empty] = KING | (seat << 3);
    expect(checkKings(pos)?.message).toMatch(/stray king/);
  });

  test('a ninth pawn, or pieces from nowhere, break piece-counts', () => {
    const pos = midGame().position.clone();
    const total = countArmies(pos).total;
    const b = pos.domain[0][0];
    const seat = pos.seatOf(0, b);
    let added = 0;
    for (let sq = 0x20; sq < 0x60 && added < 9; sq++)
      if (!(sq & 0x88) && !pos.squares[(b << 7) | sq]) {
        pos.squares[(b << 7) | sq] = PAWN | (seat << 3);
        added++;
      }
    expect(checkPieces(pos)?.invariant).toBe('piece-counts');
    expect(checkPieces(midGame().position, total - 1)?.message).toMatch(/rose from/);
  });

  /**
   * 4 players under Scavenger, D eliminated: C holds D's seats (CD both, AD and BD North) and
   * `pawns` pawns, 8 on C's own CD seat and the rest on D's former CD seat; or, not
   * `inherited`, D's seats still D's and the rest on C's own seat too.
   */
  function heirWithPawns(pawns: number, inherited = true) {
    const own = Object.fromEntries('abcdefgh'.split('').map((f) => [`${f}2`, 'P']));
    const heirs = Object.fromEntries(
      'abcdefgh'
        .split('')
        .slice(0, pawns - 8)
        .map((f) => (inherited ? [`${f}7`, 'p'] : [`${f}3`, 'P'])),
    );
    return specJson({
      players: 4,
      options: { scavenger: true },
      eliminated: ['D'],
      pieces: { CD: { ...own, ...heirs } },
      extra: inherited
        ? { AD: { seats: ['A', 'C'] }, BD: { seats: ['B', 'C'] }, CD: { seats: ['C', 'C'] } }
        : {},
    });
  }

  test('R9.4: an heir holding both seats of a board with 9 pawns passes the reader and piece-counts alike', () => {
    const read = parsePosition(heirWithPawns(9));
    expect(read.ok, read.ok ? '' : read.error.message).toBe(true);
    if (read.ok) expect(checkPieces(read.value)).toBeNull();
  });

  test('R9.4: past the armies of the seats held, the reader and piece-counts both refuse', () => {
    // 9 pawns with no inherited seat: one army
    const alone = parsePosition(heirWithPawns(9, false));
    expect(alone.ok).toBe(false);
    if (!alone.ok) expect(alone.error.message).toMatch(/player C has 9 pawns/);
    // 17 pawns for two armies
    const tooMany = parsePosition(heirWithPawns(16));
    expect(tooMany.ok, tooMany.ok ? '' : tooMany.error.message).toBe(true);
    if (!tooMany.ok) return;
    const pos = tooMany.value.clone();
    const cd = pos.g.names.indexOf('CD');
    pos.squares[(cd << 7) | 0x54] = PAWN | (1 << 3); // a 17th on e6
    expect(checkPieces(pos)?.message).toMatch(/player C has 17 pawns/);
  });

  test('R9.4: a seat passes to another player only under Scavenger, from an eliminated player', () => {
    const json = heirWithPawns(8);
    const read = parsePosition({ ...json, options: {} });
    expect(read.ok).toBe(false);
    if (!read.ok)
      expect(read.error.message).toMatch(/boards\.AD\.seats: the seat of D passes only/);
  });

  test('a wrong incremental hash breaks hash', () => {
    const pos = midGame().position.clone();
    pos.hashLo ^= 1;
    expect(checkHash(pos)?.invariant).toBe('hash');
  });

  test('checkInvariants passes a legal action and names the broken invariant', () => {
    const before = midGame();
    const action = before.legalActions()[0];
    const after = before.play(action);
    if (!after.ok) throw new Error(after.error.message);
    expect(checkInvariants(before, action, after.value)).toBeNull();
    const failure = new InvariantFailure(61, 'AB:e2-e4', { invariant: 'hash', message: 'x ≠ y' });
    expect(failure.message).toBe('action 61 (AB:e2-e4): invariant hash broken: x ≠ y');
  });
});

describe('perft and perft-suite', () => {
  test('perft prints the node count last', async () => {
    const { code, out, err } = await cli('perft', '--fen', STANDARD_FEN, '--depth', '3');
    expect({ code, err }).toEqual({ code: 0, err: [] });
    expect(out.at(-1)).toBe('8902');
  });

  test('the standard suite passes to depth 2', async () => {
    const { code, out } = await cli(
      'perft-suite',
      join(root, 'test/fixtures/standard.epd'),
      '--max-depth=2',
    );
    expect(out).toEqual(['12 passed, 0 failed']);
    expect(code).toBe(0);
  });

  test('a small EPD with a wrong count: one line per failure, the tally last, exit 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ndchess-epd-'));
    const file = join(dir, 'small.epd');
    writeFileSync(
      file,
      [
        '# two positions, one wrong count',
        `${STANDARD_FEN} ;D1 20 ;D2 401 ;D3 8902`,
        `${KIWIPETE} ;D1 48 ;D2 2039 ;D3 97862`,
        '',
      ].join('\n'),
    );
    const { code, out } = await cli('perft-suite', file, '--max-depth', '2');
    expect(out).toEqual(['line 2 depth 2: expected 401, got 400', '3 passed, 1 failed']);
    expect(code).toBe(1);
  });

  test('a malformed EPD line is a one-line error naming the line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ndchess-epd-'));
    const file = join(dir, 'bad.epd');
    writeFileSync(file, `${STANDARD_FEN} ;D1 20\n${STANDARD_FEN} ;Dx 20\n`);
    const { code, err } = await cli('perft-suite', file);
    expect(code).toBe(2);
    expect(err).toEqual([
      `error: ${file} line 2: expected an operation like "D3 8902", got "Dx 20"`,
    ]);
  });
});

describe('playout command', () => {
  test('prints the summary as one JSON line last', async () => {
    const { code, out } = await cli(
      'playout',
      '--players',
      '3',
      '--seed',
      'cli',
      '--moves',
      '60',
      '--check',
    );
    expect(code).toBe(0);
    const summary = JSON.parse(out.at(-1)!);
    expect(summary).toMatchObject({ players: 3, seed: 'cli', actions: 60, phase: 'play' });
  });
});

describe('argument errors: one line on stderr, non-zero exit, nothing on stdout', () => {
  test.each<[string[], string]>([
    [
      ['perft', '--fen', STANDARD_FEN, '--depth', 'x'],
      'error: --depth must be a whole number from 0 to 8, got "x"',
    ],
    [
      ['perft', '--fen', STANDARD_FEN, '--depth', '-1'],
      'error: --depth must be a whole number from 0 to 8, got "-1"',
    ],
    [
      ['perft', '--fen', STANDARD_FEN, '--depth', '2.5'],
      'error: --depth must be a whole number from 0 to 8, got "2.5"',
    ],
    [['perft', '--depth', '2'], 'error: --fen is required'],
    [['perft', '--fen', STANDARD_FEN, '--depth'], 'error: --depth needs a value'],
    [
      ['perft', '--fen', '8/8 w', '--depth', '1'],
      'error: --fen: bad FEN: expected 4 to 6 space-separated fields, got 2',
    ],
    [
      ['perft', '--fen', STANDARD_FEN, '--depth', '1', '--fast'],
      'error: unknown option --fast (expected --fen, --depth)',
    ],
    [['perft-suite'], 'error: perft-suite needs an EPD file'],
    [['perft-suite', 'no-such.epd'], 'error: cannot read no-such.epd: no such file'],
    [
      ['playout', '--players', '9', '--seed', 's', '--moves', '5'],
      'error: --players must be a whole number from 2 to 8, got "9"',
    ],
    [['playout', '--players', '3', '--moves', '5'], 'error: --seed is required'],
    [
      ['frobnicate'],
      'error: unknown command "frobnicate" (expected perft, perft-suite, playout, match, bestmove, help)',
    ],
    [[], 'error: no command given (expected perft, perft-suite, playout, match, bestmove, help)'],
  ])('%j gives: %s', async (argv, message) => {
    const { code, out, err } = await cli(...argv);
    expect(err).toEqual([message]);
    expect(out).toEqual([]);
    expect(code).toBe(2);
  });

  test('the real entry point: exit status 2 and one stderr line, no stack trace', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli/main.ts', 'perft', '--fen', STANDARD_FEN, '--depth', 'x'],
      { cwd: root, encoding: 'utf8' },
    );
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('error: --depth must be a whole number from 0 to 8, got "x"\n');
  });
});
