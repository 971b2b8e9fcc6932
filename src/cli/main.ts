/**
 * The command line: `npm run --silent cli -- <command> [options]`.
 *
 *   perft --fen "<FEN>" --depth <d>
 *   perft-suite <file.epd> [--max-depth <d>]
 *   playout --players <n> --seed <s> --moves <m> [--check] [--save-every <k>] [--options …]
 *   match --players <n> --bots <l1,l2,…> --games <g> --seed <s> [--options …]
 *   bestmove --fen "<FEN>" --level <l> [--seed <s>]
 *
 * Every command prints its result last. Bad input exits with status 2 and one line on stderr
 * ("error: …"); a failed check (perft mismatch, broken invariant) exits with status 1.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeText, parseFen, perft, quoteText } from '../core';
import {
  expectPositional,
  parseArgs,
  parseOptionList,
  required,
  seedOption,
  wholeNumber,
} from './args';
import { bestmoveCommand, matchCommand } from './bots';
import { CheckFailure, UsageError } from './errors';
import { processIo, type Io } from './io';
import { MAX_PERFT_DEPTH, formatFailure, readEpd, runSuite } from './perftSuite';
import { MAX_PLAYOUT_ACTIONS, runPlayout } from './playout';

export const USAGE = `usage: npm run --silent cli -- <command> [options]

commands:
  perft --fen "<FEN>" --depth <d>          leaf count of the legal move tree (two players),
                                           depth at most ${MAX_PERFT_DEPTH}
  perft-suite <file.epd> [--max-depth <d>] check every "FEN ;D1 20 ;D2 400 …" line of a file
                                           (at most 1 MB, depths at most ${MAX_PERFT_DEPTH})
  playout --players <n> --seed <s> --moves <m> [--check] [--save-every <k>]
          [--options hyperspace,collapse,cowardly,scavenger,shade,quiet]
                                           a random legal game; --check verifies the invariants
                                           after every action (save/load every k-th, default 1);
                                           quiet (R9.7) is on from 4 players: -quiet turns it off
  match --players <n> --bots <l1,l2,…> --games <g> --seed <s> [--options …]
        [--max-turns <t>] [--node-scale <f>] [--log <file>] [--part <k>/<m>]
                                           bot against bot; ends with a JSON summary line
                                           (wins, each bot's share with its 95% interval);
                                           --log keeps games in a file to resume or sum parts
  bestmove --fen "<FEN>" --level <l> [--seed <s>]
                                           the bot's move (UCI, e.g. e2e4) for a two-player position
  help                                     this text`;

function perftCommand(argv: readonly string[], io: Io): number {
  const args = parseArgs(argv, { fen: 'value', depth: 'value' });
  expectPositional(args, 0, 'perft');
  const fen = required(args, 'fen');
  const depth = wholeNumber('--depth', required(args, 'depth'), 0, MAX_PERFT_DEPTH);
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
  const maxDepth =
    raw === undefined ? MAX_PERFT_DEPTH : wholeNumber('--max-depth', raw, 0, MAX_PERFT_DEPTH);
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
  const seed = seedOption(args);
  const moves = wholeNumber('--moves', required(args, 'moves'), 0, MAX_PLAYOUT_ACTIONS);
  const rawEvery = args.values.get('save-every');
  if (rawEvery !== undefined && !args.flags.has('check'))
    throw new UsageError('--save-every only applies with --check');
  const saveLoadEvery =
    rawEvery === undefined ? 1 : wholeNumber('--save-every', rawEvery, 1, MAX_PLAYOUT_ACTIONS);
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

type Command = (argv: readonly string[], io: Io) => number | Promise<number>;

/** The commands by name (a Map: "constructor" or "__proto__" name none). */
const COMMANDS = new Map<string, Command>([
  ['perft', perftCommand],
  ['perft-suite', perftSuiteCommand],
  ['playout', playoutCommand],
  ['match', matchCommand],
  ['bestmove', bestmoveCommand],
]);

const expected = `expected ${[...COMMANDS.keys()].join(', ')}, help`;

/** Run one command line; resolves to the exit status. Never throws. */
export async function run(argv: readonly string[], io: Io = processIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined) throw new UsageError(`no command given (${expected})`);
    if (command === 'help' || command === '--help') {
      io.out(USAGE);
      return 0;
    }
    const handler = COMMANDS.get(command);
    if (!handler) throw new UsageError(`unknown command ${quoteText(command)} (${expected})`);
    return await handler(rest, io);
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
    io.err(
      `error: internal ${error.name}: ${escapeText(error.message, 200)}${at ? ` (${at})` : ''}`,
    );
    return 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1]))
  void run(process.argv.slice(2)).then((code) => (process.exitCode = code));
