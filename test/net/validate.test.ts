/** The online protocol's validators (issue #14): bad input is named, sizes are capped. */
import { describe, expect, it } from 'vitest';
import { Game, defaultSetup } from '../../src/core';
import {
  LIMITS,
  positionHash,
  readAct,
  readClaim,
  readFill,
  readName,
  readRoomSetup,
  readToken,
  uniqueName,
  type RoomSetup,
} from '../../src/net';

const setup = (): RoomSetup => ({
  players: [
    { name: 'Ada', colour: '#1E88E5' },
    { name: 'Bo', colour: '#43a047' },
    { name: 'Cy', colour: '#fdd835' },
  ],
  seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'bot', level: 2 }],
  options: { hyperspace: true },
  placement: 'hand',
  timeControl: { baseMs: 300_000, incrementMs: 2_000 },
  graceMs: 30_000,
  afterGrace: { kind: 'bot', level: 1 },
});

describe('online protocol validators', () => {
  it('reads a room setup, lower-casing colours', () => {
    const read = readRoomSetup(setup());
    expect(read.ok && read.value.players[0].colour).toBe('#1e88e5');
    expect(read.ok && read.value.seats[2]).toEqual({ kind: 'bot', level: 2 });
  });

  it('R9.7 a room is set up with Quiet shifts on or off, and without the switch it is off', () => {
    for (const quiet of [true, false]) {
      const read = readRoomSetup({ ...setup(), options: { hyperspace: true, quiet } });
      expect(read.ok && read.value.options).toEqual({ hyperspace: true, quiet });
    }
    const old = readRoomSetup(setup());
    expect(old.ok && old.value.options.quiet).toBeUndefined();
    // A room of four created without the switch (a client from before it) plays as written.
    const players = [...setup().players, { name: 'Di', colour: '#8e24aa' }];
    const created = Game.create({ players, seed: 'room', options: {} });
    expect(created.ok && created.value.options.quiet).toBe(false);
  });

  it.each([
    ['too few players', { players: [{ name: 'A', colour: '#000000' }] }],
    ['a seat too few', { seats: [{ kind: 'open' }] }],
    [
      'a bot of level 4',
      { seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'bot', level: 4 }] },
    ],
    ['an unknown option', { options: { teleport: true } }],
    ['a placement mode', { placement: 'magic' }],
    ['a grace period too short', { graceMs: 10 }],
    ['an after-grace policy', { afterGrace: { kind: 'forgive' } }],
    ['a time control', { timeControl: { baseMs: -1, incrementMs: 0 } }],
  ])('refuses %s', (_, patch) => {
    const read = readRoomSetup({ ...setup(), ...patch });
    expect(read.ok).toBe(false);
  });

  it('caps names at 24 characters and refuses control characters', () => {
    expect(readName('  Ada  ')).toEqual({ ok: true, value: 'Ada' });
    expect(readName('x'.repeat(LIMITS.name)).ok).toBe(true);
    expect(readName('x'.repeat(LIMITS.name + 1))).toMatchObject({ error: { code: 'bad-name' } });
    expect(readName('a\nb').ok).toBe(false);
    expect(readName('   ').ok).toBe(false);
    expect(readName(7).ok).toBe(false);
  });

  it('names that spoof or vanish are refused; names are NFC (issue 48 item 6)', () => {
    // A right-to-left override made "\u202enimdA ruoY" read "Your Admin".
    for (const spoof of [
      '\u202enimdA ruoY',
      'Ada\u200b',
      '\u200b\u200b\u200b',
      '\u2066Bo\u2069',
      'C\ufeffy',
      '\u3164',
      '()-.',
    ])
      expect(readName(spoof), JSON.stringify(spoof)).toMatchObject({ error: { code: 'bad-name' } });
    expect(readName('Zoe\u0301')).toEqual({ ok: true, value: 'Zoé' });
    expect(readName('李 7')).toEqual({ ok: true, value: '李 7' });
    expect(readName('<b>Ada</b>')).toEqual({ ok: true, value: '<b>Ada</b>' });
  });

  it('no two players at a table share a name: the later one gets a suffix (issue 48 item 6)', () => {
    expect(uniqueName('Ada', ['Bo'])).toBe('Ada');
    expect(uniqueName('Ada', ['ada', 'Bo'])).toBe('Ada (2)');
    expect(uniqueName('Ada', ['Ada', 'Ada (2)'])).toBe('Ada (3)');
    const long = 'x'.repeat(LIMITS.name);
    expect([...uniqueName(long, [long])].length).toBeLessThanOrEqual(LIMITS.name);
    const r = readRoomSetup({
      ...setup(),
      players: [
        { name: 'Ada', colour: '#1e88e5' },
        { name: 'ADA', colour: '#43a047' },
        { name: 'Cy', colour: '#fdd835' },
      ],
    });
    expect(r.ok && r.value.players.map((p) => p.name)).toEqual(['Ada', 'ADA (2)', 'Cy']);
  });

  it('caps a message at LIMITS.message characters', () => {
    expect(readClaim({ seat: 0, name: 'Ada', pad: 'x'.repeat(LIMITS.message) })).toMatchObject({
      error: { code: 'too-large' },
    });
    expect(readAct({ action: 'x'.repeat(LIMITS.action + 1), ply: 0 })).toMatchObject({
      error: { code: 'too-large' },
    });
  });

  it('reads actions, claims and fills, and names what is malformed', () => {
    expect(readAct({ action: 'pass', ply: 3 })).toEqual({
      ok: true,
      value: { action: 'pass', ply: 3 },
    });
    expect(readAct({ action: 'pass', ply: -1 })).toMatchObject({ error: { code: 'malformed' } });
    expect(readAct('pass')).toMatchObject({ error: { code: 'malformed' } });
    expect(readClaim({ seat: 1.5, name: 'Ada' })).toMatchObject({ error: { code: 'malformed' } });
    expect(readFill({ level: 2, hostToken: 'abc_DEF-1' }).ok).toBe(true);
    expect(readFill({ level: 2, hostToken: '../x' }).ok).toBe(false);
    expect(readToken('a'.repeat(LIMITS.token + 1))).toBeNull();
  });

  it('hashes the position: equal records give equal hashes, a further action another', () => {
    const created = Game.create(defaultSetup(3, 'hash'));
    const copy = Game.create(defaultSetup(3, 'hash'));
    if (!created.ok || !copy.ok) throw new Error('setup');
    const [game, again] = [created.value, copy.value];
    expect(positionHash(game)).toMatch(/^[0-9a-f]{16}$/);
    expect(positionHash(again)).toBe(positionHash(game));
    const played = game.play(game.actionText(game.legalActions()[0]));
    expect(played.ok && positionHash(played.value)).not.toBe(positionHash(game));
  });
});
