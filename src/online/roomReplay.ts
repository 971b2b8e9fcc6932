/**
 * A finished online game's room link outlives its room (issue #64 item 2): once the record store
 * has forgotten the room, the game server's archive tells the replay of its game
 * (GET /room-replay/<room id>), and the page opens that read-only as a replay link does.
 */
import { ROOM_REPLAY_PATH, isReplayId, type RoomReplay } from '../net';

/**
 * The replay id of room `roomId`'s archived game from the game server that served the page
 * (`fetchIt` is fetch), or null: a room that never finished, a server without an archive, or a
 * server out of reach (the room's own error then says why).
 */
export async function archivedReplayOf(
  roomId: string,
  fetchIt: (url: string) => Promise<Response> = (url) => fetch(url),
): Promise<string | null> {
  try {
    const response = await fetchIt(ROOM_REPLAY_PATH + encodeURIComponent(roomId));
    if (!response.ok) return null;
    const body = (await response.json()) as Partial<RoomReplay> | null;
    return isReplayId(body?.replay) ? body.replay : null;
  } catch {
    return null;
  }
}
