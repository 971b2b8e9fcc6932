/** The bots' commands of the command line: bestmove and match. */
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { winInterval } from '../../src/ai/match';
import { run } from '../../src/cli/main';

/** Run a command line in-process, capturing its output. */
async function cli(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}
const bestmoveCommand = (argv: string[]) => cli('bestmove', ...argv);
const matchCommand = (argv: string[]) => cli('match', ...argv);

describe('bestmove', () => {
  it('prints the move in UCI notation alone on the last line', async () => {
    const { code, out } = await bestmoveCommand([
      '--fen',
      '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1',
      '--level',
      '2',
    ]);
    expect(code).toBe(0);
    expect(out.at(-1)).toBe('a1a8');
  });

  // Level 1: any level promotes here, and level 3's 300 000 nodes took a second or more.
  it('writes promotions with the piece letter', async () => {
    const { out } = await bestmoveCommand([
      '--fen',
      '8/4P1k1/8/8/8/8/8/4K3 w - - 0 1',
      '--level=1',
      '--seed',
      's',
    ]);
    expect(out.at(-1)).toBe('e7e8q');
  });

  it.each([
    [['--fen', 'nonsense', '--level', '2'], /FEN/],
    [['--fen', '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', '--level', '4'], /level/],
    [['--level', '1'], /--fen is required/],
    [['--fen', '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', '--level', '1', '--depth', '3'], /unknown/],
    [['--fen', 'R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1', '--level', '1'], /no legal move/],
  ])('bad input %j: one error line, exit code 2', async (argv, message) => {
    const { code, out, err } = await bestmoveCommand(argv);
    expect(code).toBe(2);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(message);
    expect(out).toEqual([]);
  });
});

describe('match', () => {
  it('plays complete games and ends with the JSON summary', async () => {
    const { code, out } = await matchCommand([
      '--players',
      '3',
      '--bots',
      '1,1,2',
      '--games',
      '2',
      '--seed',
      'cli',
      '--max-turns',
      '20',
      '--node-scale',
      '0.05',
    ]);
    expect(code).toBe(0);
    expect(out).toHaveLength(3);
    expect(out[0]).toMatch(/^game 1\/2: A=bot1\(L1\) B=bot2\(L1\) C=bot3\(L2\)/);
    expect(out[1]).toMatch(/^game 2\/2: A=bot2\(L1\) B=bot3\(L2\) C=bot1\(L1\)/);
    const summary = JSON.parse(out[2]);
    expect(Object.keys(summary)).toEqual(['games', 'wins', 'winShare', 'draws', 'avgTurns']);
    expect(summary.winShare).toEqual(summary.wins.map((w: number) => winInterval(w, 2)));
    expect(summary.games).toBe(2);
    expect(summary.wins).toHaveLength(3);
    expect(summary.wins.reduce((a: number, b: number) => a + b, 0) + summary.draws).toBe(2);
    expect(summary.avgTurns).toBeLessThanOrEqual(60);
  });

  it('accepts optional rules', async () => {
    const { code, out } = await matchCommand([
      '--players',
      '4',
      '--bots',
      '1,1,1,1',
      '--games',
      '1',
      '--seed',
      'opt',
      '--options',
      'hyperspace,collapse',
      '--max-turns',
      '5',
      '--node-scale',
      '0.05',
    ]);
    expect(code).toBe(0);
    expect(JSON.parse(out.at(-1)!).games).toBe(1);
  });

  it.each([
    [['--players', '3', '--bots', '1,1', '--games', '1', '--seed', 's'], /one level per player/],
    [['--players', '9', '--bots', '1', '--games', '1', '--seed', 's'], /--players/],
    [['--players', '3', '--bots', '1,1,1', '--games', '0', '--seed', 's'], /--games/],
    [['--players', '3', '--bots', '1,1,x', '--games', '1', '--seed', 's'], /level/],
    [['--players', '3', '--bots', '1,1,1', '--games', '1'], /--seed is required/],
    [
      ['--players', '3', '--bots', '1,1,1', '--games', '1', '--seed', 's', '--options', 'fog'],
      /"fog" is not an option/,
    ],
  ])('bad input %j: one error line, exit code 2', async (argv, message) => {
    const { code, err } = await matchCommand(argv);
    expect(code).toBe(2);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(message);
  });

  describe('in parts, kept in a log', () => {
    // Level-1 bots: the log and the parts are under test, not the bots (a level-2 bot's placement
    // took most of these tests' time).
    const quick = ['--players', '3', '--bots', '1,1,1', '--games', '3', '--max-turns', '6'];
    const logArgs = (log: string, ...more: string[]) => [
      ...quick,
      '--seed',
      'log',
      '--node-scale',
      '0.05',
      '--log',
      log,
      ...more,
    ];
    const freshLog = () => join(mkdtempSync(join(tmpdir(), 'match-')), 'games.jsonl');
    const gameLines = (out: string[]) => out.filter((l) => l.startsWith('game '));

    it('plays each part once, sums the parts and never replays a logged game', async () => {
      const log = freshLog();
      const first = await matchCommand(logArgs(log, '--part', '1/2'));
      expect(first.code).toBe(0);
      expect(gameLines(first.out).map((l) => l.split(':')[0])).toEqual(['game 1/3', 'game 3/3']);
      expect(JSON.parse(first.out.at(-1)!).games).toBe(2);
      const second = await matchCommand(logArgs(log, '--part', '2/2'));
      expect(gameLines(second.out).map((l) => l.split(':')[0])).toEqual(['game 2/3']);
      const summary = JSON.parse(second.out.at(-1)!);
      expect(summary.games).toBe(3);
      // The whole match in one process gives the same games.
      const whole = await matchCommand([...quick, '--seed', 'log', '--node-scale', '0.05']);
      expect(JSON.parse(whole.out.at(-1)!)).toEqual(summary);
      // Run again: nothing left to play.
      const again = await matchCommand(logArgs(log));
      expect(again.out[0]).toBe('3 games of this match already in the log');
      expect(gameLines(again.out)).toEqual([]);
      expect(JSON.parse(again.out.at(-1)!)).toEqual(summary);
    });

    it('does not count games of other settings in the same log', async () => {
      const log = freshLog();
      await matchCommand(logArgs(log, '--part', '1/3'));
      const other = await matchCommand([
        ...quick,
        '--seed',
        'other',
        '--node-scale',
        '0.05',
        '--log',
        log,
        '--part',
        '1/3',
      ]);
      expect(gameLines(other.out)).toHaveLength(1);
      expect(JSON.parse(other.out.at(-1)!).games).toBe(1);
      expect(readFileSync(log, 'utf8').trim().split('\n')).toHaveLength(2);
    });

    it('refuses a log with a broken line, names the line and writes nothing', async () => {
      const log = freshLog();
      await matchCommand(logArgs(log, '--part', '1/3'));
      appendFileSync(log, '{"key": "x", "outcome": \n');
      const before = readFileSync(log, 'utf8');
      const { code, err } = await matchCommand(logArgs(log));
      expect(code).toBe(2);
      expect(err).toEqual([expect.stringMatching(/games\.jsonl line 2: not a JSON line/)]);
      expect(readFileSync(log, 'utf8')).toBe(before);
      const good = JSON.parse(before.split('\n')[0]);
      writeFileSync(log, JSON.stringify({ key: good.key, outcome: { game: 'one' } }) + '\n');
      const bad = await matchCommand(logArgs(log));
      expect(bad.err).toEqual([expect.stringMatching(/line 1: "game" is not a game number/)]);
    });

    it.each(['0/2', '3/2', '1/65', 'half'])('refuses --part %s', async (part) => {
      const { code, err } = await matchCommand(logArgs(freshLog(), '--part', part));
      expect(code).toBe(2);
      expect(err[0]).toMatch(/--part must be k\/m/);
    });
  });
});

describe('winInterval', () => {
  it('is the 95% Wilson interval of a share, in percent', () => {
    expect(winInterval(4, 7)).toEqual([25, 57.1, 84.2]);
    expect(winInterval(0, 10)).toEqual([0, 0, 27.8]);
    expect(winInterval(48, 48)).toEqual([92.6, 100, 100]);
    expect(winInterval(0, 0)).toEqual([0, 0, 100]);
  });
});
