/**
 * The public API of the rules core: nothing outside src/core imports another core file.
 * Other layers read positions through the typed accessors (pieceAt, ownerAt, boardPlayers,
 * isLive, playerState, ply, winner, dueBoards, …; squareKey, roleOf, seatOf); the storage
 * layout (scalar slots, bit masks) stays inside the core.
 */
export * from './types';
export {
  LABELS,
  MAX_BOARDS,
  MAX_PLAYERS,
  MIN_PLAYERS,
  boardIndex,
  geometry,
  keyBoard,
  keySquare,
  mirror,
  parseSquare,
  squareKey,
  squareName,
  type Geometry,
} from './geometry';
export {
  FLAG_CASTLE,
  FLAG_DOUBLE,
  FLAG_DRAW,
  FLAG_EN_PASSANT,
  FLAG_NORMAL,
  FLAG_PASS,
  FLAG_PLACE,
  FLAG_RESIGN,
  DRAW,
  PASS,
  RESIGN,
  SEAT_ABSENT,
  SEAT_BOT,
  SEAT_RESIGN,
  SEAT_RETURN,
  SEAT_TIMEOUT,
  encodeSeatAction,
  isSeatAction,
  seatActionKind,
  seatActionLevel,
  seatActionPlayer,
  HOME_ROLES,
  HOME_SQUARES,
  encodePlacement,
  KING_PIECE,
  MAX_MOVES,
  encodeMove,
  moveFlag,
  moveFrom,
  moveFromBoard,
  movePromotion,
  moveTo,
  moveToBoard,
} from './move';
export {
  ACTIVE,
  DRAWN,
  DRAW_REASONS,
  ELIMINATED,
  MATED,
  MODE_CAPTURE,
  MODE_FINAL,
  MODE_FLIGHT,
  MODE_NORMAL,
  MODE_PASS,
  OVER,
  PLACEMENT,
  PLAY,
  Position,
  type DrawReason,
} from './position';
export { attackers, checkedBoards, inCheck, isAttacked } from './attacks';
export { generateMoves } from './movegen';
export { applyMove } from './make';
export { play, playUnchecked } from './play';
export { checkmater, repetitions } from './afterAction';
export { perft, perftActions, wholeTurns } from './perft';
export { legalActionList, legalActions, quietRefusal, seatRefusal } from './rules';
export { quietBreach, type QuietBreach } from './quiet';
export { MAX_CLOCK, STANDARD_FEN, makeFen, parseFen } from './fen';
export { isCapture, makeAction, parseAction } from './notation';
export { isKingMove, kingTargetOn } from './kingMove';
export { makePosition, parsePosition, type BoardJson, type PositionJson } from './positionJson';
export {
  boardOfPlaced,
  countPieces,
  heavyPartner,
  planPlacement,
  setBoard,
  type AutoPlacement,
} from './placement';
export { normalizeSetup, turnOrder, type GameSetup, type NormalizedSetup } from './setup';
export {
  Game,
  seatActionOfMove,
  type BoardStatus,
  type Destination,
  type TurnGroup,
  type GameResult,
  type GameStatus,
  type Player,
  type PlayerState,
  type PlayerStatus,
  type SeatAction,
  type TurnKind,
} from './game';
export {
  SAVE_FORMAT,
  SAVE_VERSION,
  SAVE_VERSIONS,
  loadGame,
  loadSavedGame,
  saveGame,
  type LoadedGame,
  type SaveFile,
} from './save';
export { GAME_TEXT_TITLE, readAnySave, readGameText, writeGameText } from './gameText';
export { diffEvents, type GameEvent } from './events';
export { seatHoldersAt } from './seats';
export {
  clocksAfter,
  flagFall,
  readTimeControl,
  remainingAt,
  startClocks,
  type Clocks,
  type FlagFall,
  type TimeControl,
} from './clock';
export { COLLAPSE_TURNS, ELIMINATION_CAUSES, type EliminationCause } from './elimination';
export { DEFAULT_COLOURS, defaultOptions, defaultSetup, relativeLuminance } from './setup';
export { createRng, randomInt, shuffled } from './random';
export { QUOTE_LIMIT, escapeText, fieldPath, quote, quoteText } from './quote';
export { armiesOf, armyError, countArmies, type ArmyCount } from './armyCount';
export {
  actionSpots,
  recentAction,
  attacksOn,
  castlingInQuestion,
  castlingWhy,
  checks,
  pins,
  refusedKingSquares,
  sinceLastTurn,
  squareAttacks,
  type Attack,
  type CastlingRefusal,
  type CastlingSide,
  type CastlingWhy,
  type Pin,
  type RecentAction,
  type RefusedSquare,
  type SquareAttacks,
  type Spot,
} from './explain';
export { MATERIAL_ROLES, PIECE_VALUES, materialOf, type Material } from './material';
export {
  DRAW_TEXT,
  answerDraw,
  currentOffer,
  drawAgreed,
  drawWaitingFor,
  offerDraw,
  type DrawOffer,
} from './drawOffer';
