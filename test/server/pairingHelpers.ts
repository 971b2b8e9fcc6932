/** Quick pairing in the server tests: a client asking to play, seated once it has its seat. */
import type { Client } from 'colyseus.js';
import { PUBLIC_ROOM_NAME, type PairRequest } from '../../src/net';
import { Player } from './helpers';

/** "Play online now" through `client`: the player once seated and holding the record. */
export async function pairOn(
  client: Pick<Client, 'joinOrCreate'>,
  request: PairRequest,
): Promise<Player> {
  const player = new Player(await client.joinOrCreate(PUBLIC_ROOM_NAME, request));
  await player.until(
    () => player.inbox.seated.length > 0 && player.inbox.record.length > 0,
    'the seat',
  );
  return player;
}

/** The seats the players sat down at, in their order. */
export const seatedAt = (...players: Player[]) => players.map((p) => p.last('seated').seat);
