/** The page's joins carry this device's player identity (issue #64 item 1). */
import { describe, expect, it } from 'vitest';
import { withIdentity } from '../../src/online/joinIdentity';
import type { GameServer, RoomConnection } from '../../src/online/roomConnection';

function recording(): { server: GameServer; asked: unknown[][] } {
  const asked: unknown[][] = [];
  const room = {} as RoomConnection;
  const ask = (kind: string) => async (name: string, options: object) => {
    asked.push([kind, name, options]);
    return room;
  };
  return {
    asked,
    server: { create: ask('create'), joinOrCreate: ask('joinOrCreate'), joinById: ask('joinById') },
  };
}

describe('joins with the identity', () => {
  it('every request carries the secret this device keeps, read at each request', async () => {
    const { server, asked } = recording();
    let secret: string | null = 's1';
    const identified = withIdentity(server, () => secret);
    await identified.create('room', { setup: 1 });
    await identified.joinOrCreate('table', { clock: 'none' });
    secret = 's2';
    await identified.joinById('abc', { token: 't' });
    expect(asked).toEqual([
      ['create', 'room', { setup: 1, identity: 's1' }],
      ['joinOrCreate', 'table', { clock: 'none', identity: 's1' }],
      ['joinById', 'abc', { token: 't', identity: 's2' }],
    ]);
  });

  it('a guest (no secret) asks with the options as they are', async () => {
    const { server, asked } = recording();
    await withIdentity(server, () => null).joinById('abc', { token: 't' });
    expect(asked).toEqual([['joinById', 'abc', { token: 't' }]]);
  });
});
