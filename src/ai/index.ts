/** The bots' public API: choose actions, search, evaluate, and play bot games. */
export {
  LEVELS,
  LEVEL_CONFIG,
  chooseAction,
  isLevel,
  type BotChoice,
  type Level,
  type LevelConfig,
  type ThinkOptions,
} from './bot';
export { Evaluator } from './eval';
export { PlacementWorkspace, choosePlacement, exposure } from './placement';
export { Searcher, type SearchLimits, type SearchResult } from './search';
export {
  MAX_TURNS_PER_PLAYER,
  describeGame,
  playGame,
  summarize,
  type GameOutcome,
  type MatchConfig,
  type MatchSummary,
} from './match';
export { answer, replay, type BotRequest, type BotResponse } from './protocol';
export {
  BotCancelledError,
  createBotClient,
  type BotClient,
  type BotClientOptions,
  type BotWorker,
  type ThinkRequest,
} from './client';
