/**
 * The page's joins carry its player identity (issue #64 item 1): every room it creates or joins
 * is asked with `identity`, the secret this device keeps (identitySecret.ts), so that the room
 * seats a known player under their name and their games count for their rating. Without one
 * (a guest, or a stored entry that cannot be read) the options go as they are.
 */
import { loadSecret } from './identitySecret';
import type { GameServer } from './roomConnection';

/** `server`, its requests' options with this device's identity secret (read at each request). */
export function withIdentity(
  server: GameServer,
  secret: () => string | null = loadSecret,
): GameServer {
  const add = (options: object) => {
    const identity = secret();
    return identity === null ? options : { ...options, identity };
  };
  return {
    create: (roomName, options) => server.create(roomName, add(options)),
    joinOrCreate: (roomName, options) => server.joinOrCreate(roomName, add(options)),
    joinById: (roomId, options) => server.joinById(roomId, add(options)),
  };
}
