/**
 * Message types that name Object.prototype's members (issue #48 item 1). Colyseus 0.16 looks a
 * message's type up on a plain object (`onMessageHandlers[type]`): `constructor`, `toString`,
 * `__proto__` … found the prototype's function or object instead of a handler and threw inside
 * the WebSocket listener, which ended the process. A handler table without a prototype holds
 * only the handlers registered, so such a type reaches the room's catch-all handler and is
 * refused like any unknown type.
 */
import type { Room } from '@colyseus/core';

/** Call before the room registers its handlers (it keeps the table's own entries). */
export function ownHandlersOnly(room: Room): void {
  const table = (room as unknown as { onMessageHandlers: object }).onMessageHandlers;
  Object.setPrototypeOf(table, null);
}
