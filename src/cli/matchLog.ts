/**
 * A match's finished games kept in a file, one JSON line each, so that a long match can be
 * played in parts — several processes at once (`--part k/m`) or over several sittings — and
 * summed. Every line carries the match's key: the settings that decide its games and a
 * fingerprint of the rules' and bots' source, so that games played by other code or other
 * settings are never counted with these (they are left in the file, unread).
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeText } from '../core';
import type { GameOutcome, MatchConfig } from '../ai/match';
import { UsageError } from './errors';
import { MAX_INPUT_BYTES, readTextFile } from './readFile';

/** A match log may hold many matches; a line is a few hundred bytes. */
const MAX_LOG_BYTES = 16 * MAX_INPUT_BYTES;

/** A short hash of every source file of the rules core and the bots (src/core, src/ai). */
export function codeFingerprint(): string {
  const src = fileURLToPath(new URL('..', import.meta.url));
  const hash = createHash('sha256');
  for (const dir of ['core', 'ai']) {
    const files = readdirSync(join(src, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .sort();
    for (const f of files) hash.update(`${dir}/${f}\n`).update(readFileSync(join(src, dir, f)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The key of a match: what decides its games (the number of games does not). */
export function matchKey(config: MatchConfig, code: string): string {
  const { players, bots, seed, options, maxTurnsPerPlayer, nodeScale } = config;
  return JSON.stringify({
    players,
    bots,
    seed,
    options: options ?? {},
    maxTurnsPerPlayer,
    nodeScale,
    code,
  });
}

const isCount = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0;

/** A log line's outcome, checked field by field (the file may have been edited by hand). */
function outcomeOf(raw: unknown, players: number): GameOutcome | string {
  if (typeof raw !== 'object' || raw === null) return 'no outcome';
  const o = raw as Record<string, unknown>;
  if (!isCount(o.game)) return '"game" is not a game number';
  if (!Array.isArray(o.seats) || o.seats.length !== players || !o.seats.every(isCount))
    return `"seats" is not a list of ${players} seats`;
  if (o.winnerBot !== null && !(isCount(o.winnerBot) && o.winnerBot < players))
    return '"winnerBot" is neither a bot nor null';
  if (!isCount(o.turns)) return '"turns" is not a count';
  return raw as GameOutcome;
}

/**
 * The games of the match `key` already in the log at `path` (none if there is no file), by
 * game number. A line that is not a game of this log's form is refused with its line number:
 * nothing is written to a log that cannot be read.
 */
export function readMatchLog(path: string, key: string, players: number): Map<number, GameOutcome> {
  const games = new Map<number, GameOutcome>();
  if (!existsSync(path)) return games;
  const name = escapeText(path, 200);
  const lines = readTextFile(path, MAX_LOG_BYTES).split('\n');
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    let entry: { key?: unknown; outcome?: unknown };
    try {
      entry = JSON.parse(line);
    } catch {
      throw new UsageError(`${name} line ${i + 1}: not a JSON line`);
    }
    if (typeof entry?.key !== 'string') throw new UsageError(`${name} line ${i + 1}: no match key`);
    if (entry.key !== key) return;
    const outcome = outcomeOf(entry.outcome, players);
    if (typeof outcome === 'string') throw new UsageError(`${name} line ${i + 1}: ${outcome}`);
    games.set(outcome.game, outcome);
  });
  return games;
}

/** Add one finished game to the log (one short append: whole lines even with several writers). */
export function appendToMatchLog(path: string, key: string, outcome: GameOutcome): void {
  appendFileSync(path, JSON.stringify({ key, outcome }) + '\n');
}
