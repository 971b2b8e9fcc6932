/**
 * Nothing lost (issue #14 item 6): every room's record is saved after each accepted action and
 * loaded by room id when an invite link is opened after a restart. The stored game is the RULES
 * R10.1 record (setup + actions) with the room's settings and the hashes of its seat tokens.
 */
import type { GameSetup } from '../core';
import type { RoomSettings } from '../net';

export const STORED_FORMAT = 'n-dimensional-chess-room';
export const STORED_VERSION = 1;

export interface StoredGame {
  format: typeof STORED_FORMAT;
  version: typeof STORED_VERSION;
  id: string;
  /** The record (R10.1): the setup with the server's seed and the actions' texts. */
  setup: GameSetup;
  actions: string[];
  settings: RoomSettings;
  /** Per seat (setup order): the SHA-256 of its token, or null while nobody claimed it. */
  tokenHashes: (string | null)[];
  /**
   * Per seat (setup order): the known player (issue #64) who sat down there, or null (a guest, a
   * bot, nobody yet). A record older than identities has none: every seat null.
   */
  playerIds?: (string | null)[];
  hostTokenHash: string;
  started: boolean;
  /** Time left per player (turn order) when saved, or null without clocks. */
  remainingMs: number[] | null;
  /** The game is over: its link shows the finished record. */
  over: boolean;
  savedAt: number;
}

/** Where rooms' records live (a folder of files, or Redis). */
const DAY_MS = 24 * 3600 * 1000;

/**
 * How long a stored game is kept after its last save (issue 48 item 5), in the file and Redis
 * stores alike: a finished game 30 days (its link shows the record), a game that never started
 * (its seats never all filled: a room created and left) one day, a game in play until it ends.
 */
export function keepFor(game: StoredGame): number | null {
  if (game.over) return 30 * DAY_MS;
  return game.started ? null : DAY_MS;
}

export interface RecordStore {
  /** Save a game's latest state (replacing the one before). */
  save(game: StoredGame): Promise<void>;
  /** The stored game of a room, or null when there is none. */
  load(id: string): Promise<StoredGame | null>;
  /**
   * Resolves when a save could be written now; rejects at once, with the reason, while the store
   * is down (a lost Redis connection, a folder that cannot be written): the health check and
   * matchmaking ask (storeGate.ts).
   */
  check(): Promise<void>;
  /**
   * Remove the games kept past keepFor at `now`; how many went. A store whose records expire by
   * themselves (Redis) has none to do.
   */
  sweep?(now: number): Promise<number>;
  /** Keep a finished game's replay (replays.ts) under `id`, without expiry (replacing the same). */
  saveReplay(id: string, json: string): Promise<void>;
  /** A replay's JSON, or null when none is kept under `id`. */
  loadReplay(id: string): Promise<string | null>;
  close(): Promise<void>;
}

/**
 * The game archive's outbox (archive.ts): a finished game is kept here, in the same store as its
 * record and without expiry, until the archive has it.
 */
export interface ArchiveOutbox {
  /** Keep the finished game until archived (replacing the same game kept before). */
  keepForArchive(game: StoredGame): Promise<void>;
  /** The games waiting to be archived. */
  awaitingArchive(): Promise<StoredGame[]>;
  /** The game `id` is archived: it leaves the outbox. */
  archived(id: string): Promise<void>;
}

/** The known player of each seat of `game` (setup order; null: none known). */
export const playerIdsOf = (game: StoredGame): (string | null)[] =>
  game.playerIds ?? game.setup.players.map(() => null);

/** A stored game read back, checked for its shape (the record itself is replayed by the room). */
export function readStored(text: string, id: string): StoredGame {
  const data = JSON.parse(text) as StoredGame;
  if (data?.format !== STORED_FORMAT || data.version !== STORED_VERSION || data.id !== id)
    throw new Error(`stored game ${id}: not a version ${STORED_VERSION} room record`);
  if (!Array.isArray(data.actions) || !Array.isArray(data.tokenHashes))
    throw new Error(`stored game ${id}: no action list or seats`);
  return data;
}
