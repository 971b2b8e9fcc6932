/**
 * Perft suites in EPD form: one position a line, `FEN ;D1 20 ;D2 400 …`, each depth with its
 * expected leaf count. Blank lines and lines starting with # are skipped.
 */
import { escapeText, parseFen, perft, quoteText } from '../core';
import { UsageError } from './errors';
import { readTextFile } from './readFile';

/**
 * The deepest perft the command line runs: the deepest published count of the standard suite
 * (each ply multiplies the time by about 30; depth 6 of the start position takes seconds).
 */
export const MAX_PERFT_DEPTH = 8;

export interface SuiteCase {
  /** Line number in the file (1-based). */
  line: number;
  fen: string;
  /** Expected leaf counts by depth. */
  depths: { depth: number; nodes: number }[];
}

export interface SuiteFailure {
  line: number;
  depth: number;
  expected: number;
  actual: number;
}

export interface SuiteReport {
  passed: number;
  failed: number;
  failures: SuiteFailure[];
}

/** Parse EPD text; the first malformed line is a one-line error naming it. */
export function parseEpd(text: string, source = 'EPD'): SuiteCase[] {
  const cases: SuiteCase[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    const content = raw.trim();
    if (!content || content.startsWith('#')) return;
    const [fen, ...ops] = content.split(';').map((s) => s.trim());
    const bad = (why: string) => new UsageError(`${escapeText(source, 200)} line ${line}: ${why}`);
    if (!fen) throw bad('missing FEN before the first ";"');
    const parsed = parseFen(fen);
    if (!parsed.ok) throw bad(parsed.error.message);
    const depths: SuiteCase['depths'] = [];
    for (const op of ops) {
      if (!op) continue;
      const m = /^D(\d+)\s+(\d+)$/.exec(op);
      if (!m) throw bad(`expected an operation like "D3 8902", got ${quoteText(op)}`);
      const depth = Number(m[1]);
      const nodes = Number(m[2]);
      if (depth > MAX_PERFT_DEPTH)
        throw bad(`depth ${escapeText(m[1])} is above the limit of ${MAX_PERFT_DEPTH}`);
      if (!Number.isSafeInteger(nodes)) throw bad(`node count ${escapeText(m[2])} is too large`);
      if (depths.some((d) => d.depth === depth)) throw bad(`depth ${depth} is given twice`);
      depths.push({ depth, nodes });
    }
    if (!depths.length) throw bad('no depths given (expected ";D1 <nodes>" …)');
    depths.sort((a, b) => a.depth - b.depth);
    cases.push({ line, fen, depths });
  });
  return cases;
}

export function readEpd(path: string): SuiteCase[] {
  return parseEpd(readTextFile(path), path);
}

/** Run every depth up to maxDepth of every case; `onFailure` hears each failure as it happens. */
export function runSuite(
  cases: readonly SuiteCase[],
  maxDepth = Infinity,
  onFailure?: (f: SuiteFailure) => void,
): SuiteReport {
  const report: SuiteReport = { passed: 0, failed: 0, failures: [] };
  for (const c of cases) {
    const parsed = parseFen(c.fen);
    if (!parsed.ok) throw new UsageError(`line ${c.line}: ${parsed.error.message}`);
    const pos = parsed.value;
    for (const { depth, nodes } of c.depths) {
      if (depth > maxDepth) continue;
      const actual = perft(pos, depth);
      if (actual === nodes) report.passed++;
      else {
        const failure = { line: c.line, depth, expected: nodes, actual };
        report.failed++;
        report.failures.push(failure);
        onFailure?.(failure);
      }
    }
  }
  return report;
}

export const formatFailure = (f: SuiteFailure): string =>
  `line ${f.line} depth ${f.depth}: expected ${f.expected}, got ${f.actual}`;
