/** Argument parsing for the command line: `--name value`, `--name=value`, flags, positionals. */
import { OPTION_NAMES, escapeText, quoteText, type OptionName, type Options } from '../core';
import { UsageError } from './errors';

/** What each option of a command takes: a value, or nothing (a flag). */
export type OptionSpec = Record<string, 'value' | 'flag'>;

export interface ParsedArgs {
  positional: string[];
  values: Map<string, string>;
  flags: Set<string>;
}

/** Parse a command's arguments against its option spec; unknown or repeated options are errors. */
export function parseArgs(argv: readonly string[], spec: OptionSpec): ParsedArgs {
  const positional: string[] = [];
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--') || arg.length === 2) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    // Own keys only: --constructor or --__proto__ are no options.
    const kind = Object.hasOwn(spec, name) ? spec[name] : undefined;
    if (kind === undefined) {
      const known = Object.keys(spec).map((k) => `--${k}`);
      throw new UsageError(
        `unknown option --${escapeText(name)}` +
          (known.length ? ` (expected ${known.join(', ')})` : ''),
      );
    }
    if (values.has(name) || flags.has(name)) throw new UsageError(`--${name} is given twice`);
    if (kind === 'flag') {
      if (eq >= 0) throw new UsageError(`--${name} takes no value`);
      flags.add(name);
      continue;
    }
    let value: string;
    if (eq >= 0) value = arg.slice(eq + 1);
    else {
      if (i + 1 >= argv.length) throw new UsageError(`--${name} needs a value`);
      value = argv[++i];
    }
    values.set(name, value);
  }
  return { positional, values, flags };
}

/** The value of a required option. */
export function required(args: ParsedArgs, name: string): string {
  const v = args.values.get(name);
  if (v === undefined) throw new UsageError(`--${name} is required`);
  return v;
}

/** A whole number within [min, max], or a one-line error naming the option. */
export function wholeNumber(
  name: string,
  raw: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`;
  const value = /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max)
    throw new UsageError(`${name} must be a whole number ${range}, got ${quoteText(raw)}`);
  return value;
}

/** Refuse positional arguments beyond the `count` expected. */
export function expectPositional(args: ParsedArgs, count: number, what: string): void {
  if (args.positional.length > count)
    throw new UsageError(
      `unexpected argument ${quoteText(args.positional[count])}` +
        (count ? ` (${what} takes ${count})` : ` (${what} takes only options)`),
    );
}

/** The longest --seed: games' seeds get a suffix (":game"), and the core takes up to 100. */
export const MAX_SEED = 80;

/** The required --seed, at most MAX_SEED characters. */
export function seedOption(args: ParsedArgs): string {
  const seed = required(args, 'seed');
  if (seed.length > MAX_SEED)
    throw new UsageError(`--seed must be at most ${MAX_SEED} characters, got ${seed.length}`);
  return seed;
}

/**
 * `--options hyperspace,collapse,…`: the optional rules (R9) to switch on; a name after "-"
 * switches one off (`-quiet`: the rules as written at four players or more, where Quiet shifts,
 * R9.7, is on by default).
 */
export function parseOptionList(raw: string | undefined): Partial<Options> {
  const options: Partial<Options> = {};
  for (const item of (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const off = item.startsWith('-');
    const name = off ? item.slice(1) : item;
    if (!(OPTION_NAMES as readonly string[]).includes(name))
      throw new UsageError(
        `--options: ${quoteText(name)} is not an option (${OPTION_NAMES.join(', ')})`,
      );
    options[name as OptionName] = !off;
  }
  return options;
}
