/**
 * An online game's permanent replay (issue #47 item 4): when a room's game ends the server keeps
 * its record (a saved game, core/save.ts: setup, seats, actions; no token) under an unguessable
 * id, without expiry and listed nowhere, and answers it at REPLAY_PATH + id. The page opens it
 * from the link `…/#replay=<id>`.
 */

/** Where the game server answers a replay's JSON: GET /replay/<id>. */
export const REPLAY_PATH = '/replay/';

/**
 * Where the game server answers which replay a room's finished game has, once the record store
 * has forgotten the room (issue #64 item 2): GET /room-replay/<room id> → RoomReplay, from the
 * game archive. The page then opens a finished game's room link as its replay.
 */
export const ROOM_REPLAY_PATH = '/room-replay/';

export interface RoomReplay {
  replay: string;
}

/** The largest replay kept or served, in bytes of JSON (a long 8-player game is about 25 000). */
export const MAX_REPLAY_BYTES = 512 * 1024;

/** A replay id as the server makes it (22 base64url characters, 132 bits): anything else is refused. */
export const isReplayId = (id: unknown): id is string =>
  typeof id === 'string' && /^[A-Za-z0-9_-]{22}$/.test(id);
