/**
 * The command line: `npm run --silent cli -- <command> [options]`.
 *
 *   perft --fen "<FEN>" --depth <d>
 *   perft-suite <file.epd> [--max-depth <d>]
 *   playout --players <n> --seed <s> --moves <m> [--check] [--save-every <k>] [--options …]
 *
 * Every command prints its result last. Bad input exits with status 2 and one line on stderr
 * ("error: …"); a failed check (perft mismatch, broken invariant) exits with status 1.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPTION_NAMES, parseFen, perft, type OptionName, type Options } from '../core';
import { expectPositional, parseArgs, required, wholeNumber } from './args';
import { CheckFailure, UsageError } from './errors';
import { formatFailure, readEpd, runSuite } from './perftSuite';
import { runPlayout } from './playout';
import { bestmoveCommand, matchCommand } from '../ai/cli';

export const USAGE = `usage: npm run --silent cli -- <command> [options]

commands:
  perft --fen "<FEN>" --depth <d>          leaf count of the legal move tree (two players)
  perft-suite <file.epd> [--max-depth <d>] check every "FEN ;D1 20 ;D2 400 …" line of a file
  playout --players <n> --seed <s> --moves <m> [--check] [--save-every <k>]
          [--options hyperspace,collapse,cowardly,scavenger,shade]
                                           a random legal game; --check verifies the invariants
                                           after every action (save/load every k-th, default 1)
  match --players <n> --bots <l1,l2,…> --games <g> --seed <s> [--options …]
                                           bot against bot; ends with a JSON summary line
  bestmove --fen "<FEN>" --level <l> [--seed <s>]
                                           the bot's move (UCI, e.g. e2e4) for a two-player position
  help                                     this text`;

/** Where a command writes: stdout lines and stderr lines (a process, or a test). */
export interface Io {
  out(line: string): void;
  err(line: string): void;
}

const processIo: Io = {
  out: (line) => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
};

function perftCommand(argv: readonly string[], io: Io): number {
  const args = parseArgs(argv, { fen: 'value', depth: 'value' });
  expectPositional(args, 0, 'perft');
  const fen = required(args, 'fen');
  const depth = wholeNumber('--depth', required(args, 'depth'), 0);
  const parsed = parseFen(fen);
  if (!parsed.ok) throw new UsageError(`--fen: ${parsed.error.message}`);
  io.out(String(perft(parsed.value, depth)));
  return 0;
}

function perftSuiteCommand(argv: readonly string[], io: Io): number {
  const args = parseArgs(argv, { 'max-depth': 'value' });
  expectPositional(args, 1, 'perft-suite');
  const file = args.positional[0];
  if (file === undefined) throw new UsageError('perft-suite needs an EPD file');
  const raw = args.values.get('max-depth');
  const maxDepth = raw === undefined ? Infinity : wholeNumber('--max-depth', raw, 0);
  const report = runSuite(readEpd(file), maxDepth, (f) => io.out(formatFailure(f)));
  io.out(`${report.passed} passed, ${report.failed} failed`);
  return report.failed ? 1 : 0;
}

function playoutCommand(argv: readonly string[], io: Io): number {
  const args = parseArgs(argv, {
    players: 'value',
    seed: 'value',
    moves: 'value',
    check: 'flag',
    'save-every': 'value',
    options: 'value',
  });
  expectPositional(args, 0, 'playout');
  const players = wholeNumber('--players', required(args, 'players'), 2, 8);
  const seed = required(args, 'seed');
  if (seed.length > 100) throw new UsageError('--seed must be at most 100 characters');
  const moves = wholeNumber('--moves', required(args, 'moves'), 0);
  const rawEvery = args.values.get('save-every');
  if (rawEvery !== undefined && !args.flags.has('check'))
    throw new UsageError('--save-every only applies with --check');
  const saveLoadEvery = rawEvery === undefined ? 1 : wholeNumber('--save-every', rawEvery, 1);
  const { summary } = runPlayout({
    players,
    seed,
    moves,
    options: parseOptionList(args.values.get('options')),
    check: args.flags.has('check'),
    saveLoadEvery,
  });
  io.out(JSON.stringify(summary));
  return 0;
}

/** `--options hyperspace,collapse,…`: the optional rules (R9) to switch on. */
export function parseOptionList(raw: string | undefined): Partial<Options> {
  const options: Partial<Options> = {};
  for (const name of (raw ?? '').split(',').filter(Boolean)) {
    if (!(OPTION_NAMES as readonly string[]).includes(name))
      throw new UsageError(`--options: "${name}" is not an option (${OPTION_NAMES.join(', ')})`);
    options[name as OptionName] = true;
  }
  return options;
}

const COMMANDS: Record<string, (argv: readonly string[], io: Io) => number> = {
  perft: perftCommand,
  'perft-suite': perftSuiteCommand,
  playout: playoutCommand,
};

/** Run one command line; returns the exit status. Never throws. */
export function run(argv: readonly string[], io: Io = processIo): number {
  const [command, ...rest] = argv;
  try {
    if (command === undefined)
      throw new UsageError(`no command given (expected ${Object.keys(COMMANDS).join(', ')}, help)`);
    if (command === 'help' || command === '--help') {
      io.out(USAGE);
      return 0;
    }
    const handler = COMMANDS[command];
    if (!handler)
      throw new UsageError(
        `unknown command "${command}" (expected ${Object.keys(COMMANDS).join(', ')}, help)`,
      );
    return handler(rest, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`error: ${e.message}`);
      return 2;
    }
    if (e instanceof CheckFailure) {
      io.err(`error: ${e.message}`);
      return 1;
    }
    // A bug, not bad input: still one line, with where it happened.
    const error = e instanceof Error ? e : new Error(String(e));
    const at = error.stack?.split('\n')[1]?.trim() ?? '';
    io.err(`error: internal ${error.name}: ${error.message}${at ? ` (${at})` : ''}`);
    return 1;
  }
}

/** The bots' commands (src/ai/cli.ts): asynchronous, they print as the games go. */
const BOT_COMMANDS: Record<string, (argv: string[]) => Promise<number>> = {
  match: matchCommand,
  bestmove: bestmoveCommand,
};

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const [command, ...rest] = process.argv.slice(2);
  const bot = command === undefined ? undefined : BOT_COMMANDS[command];
  if (bot) void bot(rest).then((code) => (process.exitCode = code));
  else process.exitCode = run(process.argv.slice(2));
}
