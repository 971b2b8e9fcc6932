/**
 * How safe and fair a start is (R2.4), over seeded games placed "balanced" for every seat and
 * then played by level-2 bots, under the rules as written (Quiet shifts off) and under the
 * default rules (defaultOptions: Quiet shifts, R9.7, on from four players), in the same run:
 * the share of starts where some player could mate in one as play starts, where some player has
 * a capture or a check available in the first round of play, where some player has lost
 * material worth 3 or more by the end of the second round, and where someone has been mated by
 * the end of the second and of the fourth round.
 */
import {
  ACTIVE,
  ELIMINATION_CAUSES,
  MATED,
  PIECE_VALUES,
  PLAY,
  defaultOptions,
  materialOf,
  playUnchecked,
  type Options,
  type Position,
} from '../src/core';
import { chooseAction } from '../src/ai/bot';
import { newGame } from './games';
import { offers, startFacts } from './startFacts';

/** The rule sets compared: as written (no house rule), and the defaults for n players. */
const RULES: Record<string, (players: number) => Partial<Options>> = {
  as_written: () => ({ quiet: false }),
  default: defaultOptions,
};

/** The rounds played after placement. */
const ROUNDS = 4;

interface StartResult {
  mate: boolean;
  capture: boolean;
  check: boolean;
  lost3: boolean;
  /** The round in which someone was first mated (Infinity: nobody within ROUNDS). */
  matedIn: number;
}

/** The ways out of the game that follow a mate (R6.3, R7.1). */
const MATE_CAUSES = new Set(
  (['checkmate', 'captured', 'removed'] as const).map((c) => ELIMINATION_CAUSES.indexOf(c)),
);

/** Has some player been checkmated: in their final move (R6.3), or out after a mate? */
const someoneMated = (pos: Position): boolean =>
  pos.status.some(
    (s, p) => s === MATED || (s !== ACTIVE && MATE_CAUSES.has(pos.eliminationCause[p])),
  );

const lostThree = (pos: Position): boolean =>
  materialOf(pos).some((m) => m.lost.reduce((a, k, role) => a + k * PIECE_VALUES[role], 0) >= 3);

/**
 * One start: placed balanced for every seat, then level-2 bots for ROUNDS rounds, each action
 * played and looked at on its own (a mate resolves the mated player's turn at once, R6.1). A
 * round ends when the turn passes back round the table; it stops early once nothing is left to
 * measure.
 */
function playStart(players: number, seed: string, options: Partial<Options>): StartResult {
  const placed = newGame(players, seed, options).autoPlace('balanced', 'all');
  if (!placed.ok) throw new Error(placed.error.message);
  const pos = placed.value.position.clone();
  const result: StartResult = { ...startFacts(pos), lost3: false, matedIn: Infinity };
  let round = 1;
  while (pos.phase === PLAY && round <= ROUNDS) {
    if (round === 1) {
      const f = offers(pos, pos.turn);
      result.capture ||= f.capture;
      result.check ||= f.check;
    }
    const choice = chooseAction(pos, { level: 2, seed, timeMs: Infinity });
    if (!choice) break;
    const mover = pos.turn;
    playUnchecked(pos, choice.action);
    if (result.matedIn > round && someoneMated(pos)) result.matedIn = round;
    if (pos.phase === PLAY && pos.turn > mover) continue;
    if (round === 2) result.lost3 = lostThree(pos);
    round++;
    if (round > 2 && result.matedIn < Infinity) break;
  }
  if (round <= 2) result.lost3 = lostThree(pos);
  return result;
}

/** The measures of `count` starts of n players under the given options, in percent. */
function measure(players: number, count: number, options: Partial<Options>) {
  const k = { mate: 0, capture: 0, check: 0, lost3: 0, mated2: 0, mated4: 0 };
  const t = performance.now();
  for (let s = 0; s < count; s++) {
    const r = playStart(players, `start-${s}`, options);
    k.mate += +r.mate;
    k.capture += +r.capture;
    k.check += +r.check;
    k.lost3 += +r.lost3;
    k.mated2 += +(r.matedIn <= 2);
    k.mated4 += +(r.matedIn <= 4);
  }
  const pct = (x: number) => Number(((100 * x) / count).toFixed(1));
  return {
    mate_in_one_at_start_pct: pct(k.mate),
    capture_round1_pct: pct(k.capture),
    check_round1_pct: pct(k.check),
    lost3_by_round2_pct: pct(k.lost3),
    mated_by_round2_pct: pct(k.mated2),
    mated_by_round4_pct: pct(k.mated4),
    seconds: Number(((performance.now() - t) / 1000).toFixed(1)),
  };
}

/**
 * The `starts` lines: at 3, 4, 5, 6 and 8 players (or the sizes given), `starts` seeded starts a
 * size (half as many at 8), each under both rule sets; where the two are the same rules (three players), the
 * starts are played once.
 */
export function benchStarts(
  emit: (line: Record<string, unknown>) => void,
  starts = 200,
  sizes = [3, 4, 5, 6, 8],
): void {
  for (const players of sizes) {
    const count = players === 8 ? Math.ceil(starts / 2) : starts;
    const line: Record<string, unknown> = { bench: 'starts', players, starts: count };
    const measured = new Map<string, ReturnType<typeof measure>>();
    for (const [name, rules] of Object.entries(RULES)) {
      const options = { ...defaultOptions(players), ...rules(players) };
      const key = JSON.stringify(options);
      if (!measured.has(key)) measured.set(key, measure(players, count, options));
      line[name] = measured.get(key);
    }
    emit(line);
  }
}
