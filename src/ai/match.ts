/**
 * Games between bots, for the `match` command and the tests: complete games from placement to
 * the end, seats rotated between games, every action checked by the core's play().
 */
import { DEFAULT_COLOURS, DRAWN, Game, LABELS, OVER, PLAY, play, type Options } from '../core';
import { BotWorkspace, chooseAction, nodeBudget, type Level } from './bot';

/** Default cap on the length of a bot game: turns per player in the play phase. */
export const MAX_TURNS_PER_PLAYER = 300;

export interface MatchConfig {
  players: number;
  /** The level of each bot; as many bots as players. */
  bots: Level[];
  games: number;
  seed: string;
  options?: Partial<Options>;
  /** A game still going after this many turns per player is a draw ("turn-cap"). */
  maxTurnsPerPlayer?: number;
  /** Scale of every level's node budget (1 = the levels as shipped). */
  nodeScale?: number;
}

export interface GameOutcome {
  /** 0-based game number. */
  game: number;
  /** seats[k]: index (into bots) of the bot playing label k. */
  seats: number[];
  /** Index of the winning bot, or null for a draw. */
  winnerBot: number | null;
  /** Label of the winner, or null. */
  winner: string | null;
  /** Why the game was drawn (a core draw reason, or "turn-cap"), or null. */
  drawReason: string | null;
  /** Labels of the eliminated players, first out first, each with who took them ("B by C"). */
  eliminated: string[];
  /** Turns played after placement (a Hyperspace turn counts once). */
  turns: number;
  /** Actions played, placements included. */
  actions: number;
  ms: number;
}

export interface MatchSummary {
  games: number;
  wins: number[];
  /** Each bot's share of the games won, in percent, with its 95% interval: [low, share, high]. */
  winShare: [number, number, number][];
  draws: number;
  avgTurns: number;
}

/**
 * The Wilson score interval (95%) of a share of `wins` in `games`, in percent, with the share
 * itself between its bounds: [low, share, high], each rounded to a tenth.
 */
export function winInterval(wins: number, games: number): [number, number, number] {
  if (games === 0) return [0, 0, 100];
  const z = 1.959964;
  const p = wins / games;
  const centre = (p + (z * z) / (2 * games)) / (1 + (z * z) / games);
  const half =
    (z / (1 + (z * z) / games)) * Math.sqrt((p * (1 - p)) / games + (z * z) / (4 * games * games));
  const tenth = (x: number) => Math.round(x * 1000) / 10;
  return [tenth(Math.max(0, centre - half)), tenth(p), tenth(Math.min(1, centre + half))];
}

/** Which bot plays label k in game g: rotated by one seat per game. */
export const seatOf = (k: number, g: number, n: number): number => (k + g) % n;

/** Play game g of a match to its end. Throws if a bot ever chooses an illegal action. */
export function playGame(config: MatchConfig, g: number): GameOutcome {
  const started = performance.now();
  const n = config.players;
  const seats = Array.from({ length: n }, (_, k) => seatOf(k, g, n));
  const created = Game.create({
    players: Array.from({ length: n }, (_, i) => ({
      name: `Bot ${i + 1}`,
      colour: DEFAULT_COLOURS[i],
    })),
    seed: `${config.seed}:${g}`,
    options: config.options ?? {},
  });
  if (!created.ok) throw new Error(created.error.message);
  const pos = created.value.position.clone();
  const cap = (config.maxTurnsPerPlayer ?? MAX_TURNS_PER_PLAYER) * n;
  const scale = config.nodeScale ?? 1;
  let playStart = -1;
  let actions = 0;
  let capped = false;
  const workspace = new BotWorkspace();
  while (pos.phase !== OVER) {
    if (pos.phase === PLAY && playStart < 0) playStart = pos.ply;
    if (playStart >= 0 && pos.ply - playStart >= cap) {
      capped = true;
      break;
    }
    const level = config.bots[seats[pos.turn]];
    const choice = chooseAction(pos, {
      level,
      seed: `${config.seed}:${g}:${pos.turn}`,
      nodes: Math.max(100, Math.round(nodeBudget(level, n) * scale)),
      workspace,
    });
    if (!choice) break;
    const played = play(pos, choice.action);
    if (!played.ok)
      throw new Error(
        `game ${g + 1}: bot chose an illegal action ${choice.text}: ${played.error.message}`,
      );
    pos.commit();
    actions++;
  }
  const w = pos.winner;
  const won = !capped && w >= 0 && w !== DRAWN;
  return {
    game: g,
    seats,
    winnerBot: won ? seats[w] : null,
    winner: won ? LABELS[w] : null,
    drawReason: won ? null : capped ? 'turn-cap' : pos.drawReason,
    eliminated: Array.from(pos.eliminationOrder)
      .filter((p) => p >= 0)
      .map((p) =>
        pos.eliminatedBy[p] >= 0 ? `${LABELS[p]} by ${LABELS[pos.eliminatedBy[p]]}` : LABELS[p],
      ),
    turns: playStart < 0 ? 0 : pos.ply - playStart,
    actions,
    ms: performance.now() - started,
  };
}

/** One line describing a finished game. */
export function describeGame(config: MatchConfig, o: GameOutcome): string {
  const who = o.seats.map((bot, k) => `${LABELS[k]}=bot${bot + 1}(L${config.bots[bot]})`).join(' ');
  const result =
    o.winnerBot === null
      ? `draw (${o.drawReason})`
      : `${o.winner} wins (bot ${o.winnerBot + 1}, level ${config.bots[o.winnerBot]})`;
  const out = o.eliminated.length ? `; out: ${o.eliminated.join(', ')}` : '';
  return `game ${o.game + 1}/${config.games}: ${who}: ${result} after ${o.turns} turns${out} (${(o.ms / 1000).toFixed(1)} s)`;
}

/** The match's totals: wins per bot (in --bots order), draws and the mean game length. */
export function summarize(config: MatchConfig, outcomes: GameOutcome[]): MatchSummary {
  const wins = config.bots.map(() => 0);
  let draws = 0;
  let turns = 0;
  for (const o of outcomes) {
    if (o.winnerBot === null) draws++;
    else wins[o.winnerBot]++;
    turns += o.turns;
  }
  return {
    games: outcomes.length,
    wins,
    winShare: wins.map((w) => winInterval(w, outcomes.length)),
    draws,
    avgTurns: outcomes.length ? Math.round((turns / outcomes.length) * 10) / 10 : 0,
  };
}
