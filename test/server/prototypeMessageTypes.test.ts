/**
 * Issue #48 item 1: a message whose type names a member of Object.prototype (`constructor`,
 * `__proto__`, `toString` …) made Colyseus throw inside the WebSocket listener and the process
 * exit. Each is now refused to its sender like any unknown type, and the server plays on.
 */
import { describe, expect, it } from 'vitest';
import { lastResort } from '../../src/server/lastResort';
import { twoPlayerRoom, type Player, type TestWorld, eachWorld } from './helpers';

let world: TestWorld;
eachWorld((w) => (world = w));

const moverOf = (a: Player, b: Player): Player =>
  a.game!.players[a.game!.position.turn].setupIndex === 0 ? a : b;

describe('message types named after Object.prototype members (issue #48 item 1)', () => {
  it('each is refused as an unknown message, and play goes on in that room and in another', async () => {
    const names = Object.getOwnPropertyNames(Object.prototype);
    expect(names).toEqual(expect.arrayContaining(['constructor', '__proto__', 'toString']));
    const first = await twoPlayerRoom(world);
    for (const name of names) {
      const error = await first.a.errorAfter(() => first.a.room.send(name, 1));
      expect(error).toEqual({ code: 'unknown-message', message: `there is no message "${name}"` });
    }
    // The same room still plays, and so does another one opened after.
    const mover = moverOf(first.a, first.b);
    expect(await mover.act(mover.legal())).toBeNull();
    const second = await twoPlayerRoom(world);
    const next = moverOf(second.a, second.b);
    expect(await next.act(next.legal())).toBeNull();
    const other = next === second.a ? second.b : second.a;
    await other.until(() => other.game!.length === 1, 'the action in the other room');
  });

  it('an exception nobody caught is logged in one line (the process keeps serving)', () => {
    const lines: string[] = [];
    const handle = lastResort((m) => lines.push(m));
    handle(new TypeError('messageTypeHandler.callback is not a function\n    at Room._onMessage'));
    handle('a thrown string');
    expect(lines).toEqual([
      'uncaught, still serving: TypeError: messageTypeHandler.callback is not a function',
      'uncaught, still serving: a thrown string',
    ]);
  });
});
