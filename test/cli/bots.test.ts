/** The bots' commands of the command line: bestmove and match. */
import { describe, expect, it } from 'vitest';
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

  it('writes promotions with the piece letter', async () => {
    const { out } = await bestmoveCommand([
      '--fen',
      '8/4P1k1/8/8/8/8/8/4K3 w - - 0 1',
      '--level=3',
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
    expect(Object.keys(summary)).toEqual(['games', 'wins', 'draws', 'avgTurns']);
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
});
