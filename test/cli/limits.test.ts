/**
 * The command line's limits (issue #12 items 7 and 8): numbers past their documented bounds
 * and oversized input files are refused with status 2 and one line; names that an object
 * inherits (constructor, toString, __proto__) are neither commands nor options.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { STANDARD_FEN } from '../../src/core';
import { run } from '../../src/cli/main';
import { MAX_PERFT_DEPTH } from '../../src/cli/perftSuite';
import { MAX_INPUT_BYTES } from '../../src/cli/readFile';

async function cli(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

/** A one-line refusal: status 2, one stderr line matching `message`, nothing on stdout. */
async function refused(argv: string[], message: RegExp): Promise<void> {
  const { code, out, err } = await cli(...argv);
  expect(err).toHaveLength(1);
  expect(err[0]).toMatch(message);
  expect(err[0]).not.toMatch(/internal/);
  expect(out).toEqual([]);
  expect(code).toBe(2);
}

function epd(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'ndchess-limits-')), 'suite.epd');
  writeFileSync(file, text);
  return file;
}

describe('inherited names are no commands and no options', () => {
  test.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'])(
    'command %s is unknown',
    (name) => refused([name], new RegExp(`unknown command "${name}"`)),
  );

  test.each(['constructor', 'toString', '__proto__'])('option --%s is unknown', async (name) => {
    await refused(
      ['perft', '--fen', STANDARD_FEN, '--depth', '1', `--${name}`, 'x'],
      new RegExp(`unknown option --${name}`),
    );
    await refused(['playout', `--${name}=1`], new RegExp(`unknown option --${name}`));
    await refused(['bestmove', `--${name}`, '1'], new RegExp(`unknown option --${name}`));
  });

  test('an option list naming constructor is refused', () =>
    refused(
      ['playout', '--players', '3', '--seed', 's', '--moves', '1', '--options', 'constructor'],
      /--options: "constructor" is not an option/,
    ));
});

describe('numbers past their documented limits are refused, never wrapped or run for ever', () => {
  test.each(['99999', String(MAX_PERFT_DEPTH + 1), '2000', '1e3', '9007199254740993'])(
    'perft --depth %s',
    (depth) =>
      refused(
        ['perft', '--fen', STANDARD_FEN, '--depth', depth],
        new RegExp(`--depth must be a whole number from 0 to ${MAX_PERFT_DEPTH}`),
      ),
  );

  test('perft-suite refuses a depth past the limit in the file, naming the line', async () => {
    const file = epd(`${STANDARD_FEN} ;D1 20\n${STANDARD_FEN} ;D99999 1\n`);
    await refused(['perft-suite', file], /line 2: depth 99999 is above the limit of 8/);
  });

  test('perft-suite --max-depth past the limit', () =>
    refused(['perft-suite', epd(`${STANDARD_FEN} ;D1 20\n`), '--max-depth', '50'], /--max-depth/));

  test('a FEN clock past the limit is a bad FEN, not a wrapped number', () =>
    refused(
      ['perft', '--fen', STANDARD_FEN.replace(/ 0 1$/, ' 2147483648 1'), '--depth', '1'],
      /halfmove clock "2147483648" is not a whole number from 0 to 1000000/,
    ));

  test('playout --moves past the limit', () =>
    refused(['playout', '--players', '3', '--seed', 's', '--moves', '1000000000'], /--moves/));

  test('a seed longer than the games can take', () =>
    refused(
      ['match', '--players', '2', '--bots', '1,1', '--games', '1', '--seed', 'x'.repeat(81)],
      /--seed must be at most 80 characters/,
    ));
});

describe('input files are read with a size limit', () => {
  test('/dev/zero is refused, not read for ever', () =>
    refused(
      ['perft-suite', '/dev/zero'],
      /cannot read \/dev\/zero: it is larger than 1048576 bytes/,
    ));

  test('a file just over the limit is refused, one at the limit is read', async () => {
    await refused(['perft-suite', epd('#'.repeat(MAX_INPUT_BYTES + 1))], /larger than/);
    const { code, out } = await cli(
      'perft-suite',
      epd(`${STANDARD_FEN} ;D1 20\n#`.padEnd(MAX_INPUT_BYTES, '#')),
    );
    expect(out).toEqual(['1 passed, 0 failed']);
    expect(code).toBe(0);
  });

  test('a directory is refused in one line', () =>
    refused(['perft-suite', tmpdir()], /cannot read/));
});

describe('messages quote what they echo, cut and escaped', () => {
  test('an unknown command of 1 MB with control characters', async () => {
    const { code, err } = await cli('\u001b[2J' + 'x'.repeat(1 << 20));
    expect(code).toBe(2);
    expect(err[0].length).toBeLessThan(200);
    expect(err[0]).toContain('\\u001b[2J');
  });
});
