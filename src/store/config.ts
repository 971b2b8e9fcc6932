/** What the setup screen produces, and how it becomes a core setup. */
import {
  NO_OPTIONS,
  defaultOptions,
  type Game,
  type GameSetup,
  type Options,
  type SavedSeat,
  type TimeControl,
} from '../core';

export type SeatKind = 'human' | 'bot';
export type PlacementMode = 'hand' | 'balanced' | 'random';
/** A bot's strength: 1 beginner, 2 club, 3 strong (see src/ai/README.md). */
export type BotLevel = 1 | 2 | 3;

export const BOT_LEVELS: readonly { level: BotLevel; name: string }[] = [
  { level: 1, name: 'beginner' },
  { level: 2, name: 'club' },
  { level: 3, name: 'strong' },
];

export interface PlayerConfig {
  name: string;
  colour: string;
  kind: SeatKind;
  /** A bot seat's level (1 when missing). */
  level?: BotLevel;
}

/** The level of a bot seat, or null for a human seat (or no seat). */
export function botLevel(seat: PlayerConfig | undefined): BotLevel | null {
  if (seat?.kind !== 'bot') return null;
  return seat.level === 2 || seat.level === 3 ? seat.level : 1;
}

/** Who plays each seat of a config at the start of the game, as saved with it. */
export function seatsOf(config: GameConfig): SavedSeat[] {
  return config.players.map((p) => {
    const level = botLevel(p);
    return level === null ? { kind: 'human' } : { kind: 'bot', level };
  });
}

/**
 * The level of the bot playing player p's seat (turn order) after the first `at` actions of
 * `game`, or null for a human: the config's seat, unless the record's last take-over or return
 * says otherwise (R11.3, the core's seatHoldersAt).
 */
export function seatLevel(
  game: Game,
  config: GameConfig,
  p: number,
  at = game.length,
): BotLevel | null {
  const player = game.players[p];
  if (!player) return null;
  const changed = game.seatChanges(at)[p];
  if (!changed) return botLevel(config.players[player.setupIndex]);
  return changed.kind === 'bot' ? changed.level : null;
}

/** The human players (turn-order indices) of `game` at its end (or at action `at`). */
export function humanPlayers(game: Game, config: GameConfig, at = game.length): number[] {
  return game.players.flatMap((_, p) => (seatLevel(game, config, p, at) === null ? [p] : []));
}

export interface GameConfig {
  players: PlayerConfig[];
  /** Seed of the random turn order (and of random placement). */
  seed: string;
  placement: PlacementMode;
  /**
   * Optional rules (R9): all off by default, but for the house rule Quiet shifts (R9.7), on from
   * four players (defaultOptions).
   */
  options: Options;
  /**
   * Quiet shifts was switched by hand on the setup screen, so it stays as set; missing: it
   * follows the number of players (defaultRulesFor).
   */
  quietSetByHand?: boolean;
  /**
   * Level-3 bots' thinking time per move in ms, a target they may exceed (up to twice) when
   * their best move keeps changing; missing: their fixed node budget (about 1–2 s a move).
   */
  thinkMs?: number;
  /**
   * The Hint button and the Threats switch. Missing: on when every seat is human, off in a game
   * against bots (a hint is a strong bot's move).
   */
  hintButton?: boolean;
  /** Clocks for every player (R11.1), as online; missing: no clocks. */
  timeControl?: TimeControl;
}

/** Whether the game's setup offers hints and threats (see GameConfig.hintButton). */
export const hintsOffered = (config: GameConfig): boolean =>
  config.hintButton ?? config.players.every((p) => p.kind === 'human');

/** The thinking times offered for level-3 bots (ms; null: the level's standard budget). */
export const THINKING_TIMES: readonly { ms: number | null; name: string }[] = [
  { ms: null, name: 'standard' },
  { ms: 3_000, name: 'about 3 s' },
  { ms: 6_000, name: 'about 6 s' },
  { ms: 12_000, name: 'about 12 s' },
];

/**
 * Eight army colours that stay apart on a dark background, none of them red: red means check
 * (CHECK_COLOUR in src/scene/gpu/geometries.ts). Any two at least 20 apart (CIEDE2000), each at
 * least 15 from both square colours (test/scene/palettes.test.ts).
 */
export const ARMY_COLOURS = [
  '#f59a2c',
  '#3d8fe0',
  '#e6d84a',
  '#4fbf6f',
  '#8766d7',
  '#46c8c8',
  '#eb7cc2',
  '#f8f0d8',
] as const;

/**
 * Default names, one per default colour and named after it. None begins with a letter A–H: the
 * letters name the players in turn order (board "AB"), which the seed decides, so a name "Ada"
 * could end up as player C.
 */
export const DEFAULT_NAMES = ['Orange', 'Sky', 'Yellow', 'Jade', 'Violet', 'Teal', 'Pink', 'Ivory'];

export function randomSeed(): string {
  const words = ['amber', 'basalt', 'cedar', 'delta', 'ember', 'fjord', 'garnet', 'harbor'];
  const a = words[Math.floor(Math.random() * words.length)];
  return `${a}-${Math.floor(Math.random() * 9000 + 1000)}`;
}

export function defaultConfig(count = 3, seed = randomSeed()): GameConfig {
  return {
    players: Array.from({ length: count }, (_, i) => ({
      name: DEFAULT_NAMES[i],
      colour: ARMY_COLOURS[i],
      kind: 'human' as const,
    })),
    seed,
    placement: 'hand',
    options: defaultOptions(count),
  };
}

/**
 * `config` with Quiet shifts (R9.7) as a new game of its number of players has it by default,
 * unless it was set by hand: what the setup screen offers for a new game, also after a game
 * whose record predates the rule or was played with the other setting.
 */
export function defaultRulesFor(config: GameConfig): GameConfig {
  const quiet = defaultOptions(config.players.length).quiet;
  if (config.quietSetByHand || config.options.quiet === quiet) return config;
  return { ...config, options: { ...config.options, quiet } };
}

/**
 * `config` with `count` players (the first ones kept, new ones in the default names and
 * colours), Quiet shifts moving along with the count unless it was set by hand.
 */
export function withPlayerCount(config: GameConfig, count: number): GameConfig {
  const players = Array.from(
    { length: count },
    (_, i): PlayerConfig =>
      config.players[i] ?? { name: DEFAULT_NAMES[i], colour: ARMY_COLOURS[i], kind: 'human' },
  );
  return defaultRulesFor({ ...config, players });
}

/**
 * "Play against bots": you and two bots of `level` (beginners unless the player chose another,
 * so that a first game is not lost before it is understood), armies placed for you (balanced),
 * with the clocks `timeControl` if the player ticked them. Against beginners the Hint button is
 * on: a first game is where a newcomer needs it.
 */
export function quickConfig(
  level: BotLevel = 1,
  seed = randomSeed(),
  timeControl: TimeControl | null = null,
): GameConfig {
  const config = defaultConfig(3, seed);
  return {
    ...config,
    players: config.players.map((p, i) => (i === 0 ? p : { ...p, kind: 'bot', level })),
    placement: 'balanced',
    ...(level === 1 ? { hintButton: true } : {}),
    ...(timeControl ? { timeControl } : {}),
  };
}

export function toSetup(config: GameConfig): GameSetup {
  return {
    players: config.players.map(({ name, colour }) => ({ name, colour })),
    seed: config.seed,
    options: { ...NO_OPTIONS, ...config.options },
  };
}
