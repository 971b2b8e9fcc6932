/**
 * Player identities over the HTTP API (issue #64 items 1 and 6): created with a name unique by
 * nameKey, a secret of which only the hash is kept, a forged or stale secret refused with nothing
 * changed, renames limited and remembered, deletion keeping the games under "deleted player",
 * one-time transfer codes that expire, and the per-address limits. The same tests run on PGlite
 * and on a real PostgreSQL server.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Game } from '../../src/core';
import { AddressLimits, LOOPBACK_LOAD } from '../../src/server/addressLimits';
import { Archiver, archiveGame } from '../../src/server/archive';
import type { Database } from '../../src/server/database';
import { RENAME_EVERY_DAYS, formerNames } from '../../src/server/identity';
import { DELETED_PLAYER } from '../../src/server/players';
import { IDENTITY_LIMITS, MAX_BODY, identityHandler } from '../../src/server/identityApi';
import { migrate } from '../../src/server/migrations';
import { STORED_FORMAT, STORED_VERSION, type StoredGame } from '../../src/server/store';
import { hashToken, randomToken } from '../../src/server/tokens';
import { BACKENDS, openBackend, type TestBackend } from './archiveBackends';
import { serveOnLoopback } from './loopbackServer';

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** The identity API alone on a loopback port, over `db` (none: no archive). */
async function serveApi(db: Database | undefined, limits = IDENTITY_LIMITS) {
  const handler = identityHandler(db, new AddressLimits(LOOPBACK_LOAD, Date.now), Date.now, limits);
  const { port, close } = await serveOnLoopback(handler);
  const call = async (
    method: string,
    path: string,
    {
      body,
      secret,
      host = '127.0.0.1',
      headers,
    }: { body?: unknown; secret?: string; host?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer> => {
    const res = await fetch(`http://${host}:${port}${path}`, {
      method,
      headers: {
        ...(secret && { authorization: `Bearer ${secret}` }),
        'content-type': 'application/json',
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  return { call, port, close };
}

type Api = Awaited<ReturnType<typeof serveApi>>;

const refusal = (status: number, code: string) => ({
  status,
  body: { error: { code, message: expect.any(String) } },
});

/** A finished three-player game (the first two to move resign), its seats named Ada, Bo, Cy. */
function finishedGame(): StoredGame {
  const players = ['Ada', 'Bo', 'Cy'].map((name, i) => ({
    name,
    colour: ['#1e88e5', '#43a047', '#fdd835'][i],
  }));
  const setup = { players, seed: randomToken(), options: {} };
  const game = Game.create(setup);
  if (!game.ok) throw new Error(game.error.message);
  const over = game.value.play('resign');
  const end = over.ok ? over.value.play('resign') : over;
  if (!end.ok) throw new Error(end.error.message);
  return {
    format: STORED_FORMAT,
    version: STORED_VERSION,
    id: randomToken(),
    setup,
    actions: [...end.value.actions],
    settings: {
      seats: players.map(() => ({ kind: 'open' as const })),
      placement: 'random',
      timeControl: null,
      graceMs: 60_000,
      afterGrace: { kind: 'eliminate' },
    },
    tokenHashes: players.map(() => hashToken(randomToken())),
    hostTokenHash: hashToken(randomToken()),
    started: true,
    remainingMs: null,
    over: true,
    savedAt: Date.now(),
  };
}

const count = async (db: Database, table: string) =>
  Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0].n);

describe.each(BACKENDS)('player identities on %s', (backend) => {
  let base: TestBackend;
  let api: Api;
  beforeAll(async () => {
    base = await openBackend(backend);
    // Many identities from one address: the limits have a test of their own.
    api = await serveApi(base.db, { ...IDENTITY_LIMITS, createBurst: 1000, signInBurst: 1000 });
  }, 180_000);
  afterAll(async () => {
    await api?.close();
    await base?.remove();
  });
  beforeEach(async () => {
    await base.empty();
    await migrate(base.db);
  });

  const create = (name: string) => api.call('POST', '/api/players', { body: { name } });

  it('creates a player with the chosen name; the server keeps only the hash of the secret', async () => {
    const made = await create('  Ada  Lovelace ');
    expect(made).toEqual({
      status: 201,
      body: { id: expect.any(String), name: 'Ada Lovelace', secret: expect.any(String) },
    });
    const { id, secret } = made.body;
    expect(secret.length).toBeGreaterThanOrEqual(43);
    const tokens = await base.db.query<{ token_hash: string; player_id: string }>(
      'SELECT token_hash, player_id FROM player_tokens',
    );
    expect(tokens).toEqual([{ token_hash: hashToken(secret), player_id: id }]);
    expect(await api.call('GET', '/api/me', { secret })).toEqual({
      status: 200,
      body: { id, name: 'Ada Lovelace', ratings: [], passkeys: 0 },
    });
  });

  it('shows the ratings per pool, provisional for the first games', async () => {
    const { id, secret } = (await create('Ada')).body;
    await base.db.query(
      `INSERT INTO ratings (player_id, pool, mu, sigma, rating, games) VALUES
       ($1, '3', 27, 6, 1612, 7), ($1, '5-8', 25, 8, 1480, 2)`,
      [id],
    );
    expect((await api.call('GET', '/api/me', { secret })).body.ratings).toEqual([
      { pool: '3', rating: 1612, games: 7, provisional: false },
      { pool: '5-8', rating: 1480, games: 2, provisional: true },
    ]);
  });

  it('refuses a name that is taken or looks the same, and names hiding a character', async () => {
    expect((await create('Ada')).status).toBe(201);
    // The same name after NFKC and case folding.
    for (const same of ['ada', 'ADA', 'Ａｄａ', ' Ada '])
      expect(await create(same), same).toEqual(refusal(409, 'name-taken'));
    // Invisible or combining-only characters that let "Ada" sit beside "Ada".
    for (const hidden of ['Ada\u034f', 'Ada\ufe0f', 'Ada\ufe00', 'Ada\u{e0100}', 'Ada\u17b4']) {
      const answer = await create(hidden);
      expect(answer, JSON.stringify(hidden)).toEqual(refusal(400, 'bad-name'));
      expect(answer.body.error.message).toMatch(/U\+[0-9A-F]{4,5} at position 4/);
    }
    expect(await create('')).toEqual(refusal(400, 'bad-name'));
    expect(await api.call('POST', '/api/players', { body: {} })).toEqual(refusal(400, 'bad-name'));
    expect(await create('Deleted Player')).toEqual(refusal(409, 'name-taken'));
    expect(await count(base.db, 'players')).toBe(1);
    expect(await count(base.db, 'player_tokens')).toBe(1);
  });

  it('refuses a forged or stale secret with 401 and changes nothing', async () => {
    const { id, secret } = (await create('Ada')).body;
    const forged = randomToken() + randomToken();
    for (const [method, path, body] of [
      ['GET', '/api/me'],
      ['POST', '/api/me/name', { name: 'Eve' }],
      ['DELETE', '/api/me'],
      ['POST', '/api/me/transfer'],
      ['POST', '/api/me/passkeys/options'],
    ] as const) {
      expect(await api.call(method, path, { body, secret: forged }), path).toEqual(
        refusal(401, 'unknown-identity'),
      );
      expect(await api.call(method, path, { body }), path).toEqual(refusal(401, 'no-identity'));
    }
    expect(await api.call('GET', '/api/me', { secret: 'x'.repeat(5000) })).toEqual(
      refusal(401, 'unknown-identity'),
    );
    expect(await base.db.query('SELECT id, name, renamed_at FROM players')).toEqual([
      { id, name: 'Ada', renamed_at: null },
    ]);
    expect(await count(base.db, 'player_tokens')).toBe(1);
    expect(await count(base.db, 'transfer_codes')).toBe(0);
    expect(await count(base.db, 'passkey_challenges')).toBe(0);
    // A deleted player's secret is stale: refused the same way.
    expect((await api.call('DELETE', '/api/me', { secret })).status).toBe(204);
    expect(await api.call('GET', '/api/me', { secret })).toEqual(refusal(401, 'unknown-identity'));
  });

  it(`renames at most once in ${RENAME_EVERY_DAYS} days, keeping the former names`, async () => {
    const { id, secret } = (await create('Ada')).body;
    expect((await create('Bo')).status).toBe(201);
    expect(await api.call('POST', '/api/me/name', { secret, body: { name: 'BO' } })).toEqual(
      refusal(409, 'name-taken'),
    );
    expect(await api.call('POST', '/api/me/name', { secret, body: { name: 'Ada\u034f' } })).toEqual(
      refusal(400, 'bad-name'),
    );
    expect(await api.call('POST', '/api/me/name', { secret, body: { name: 'Ada K.' } })).toEqual({
      status: 200,
      body: { id, name: 'Ada K.' },
    });
    const tooSoon = await api.call('POST', '/api/me/name', { secret, body: { name: 'Ada L.' } });
    expect(tooSoon).toEqual(refusal(429, 'rename-too-soon'));
    expect(tooSoon.body.error.message).toMatch(/once in 30 days: the next rename can be on \d{4}-/);
    await base.db.query(
      `UPDATE players SET renamed_at = now() - make_interval(days => $1) WHERE id = $2`,
      [RENAME_EVERY_DAYS + 1, id],
    );
    // The name given up is free again.
    expect((await api.call('POST', '/api/me/name', { secret, body: { name: 'Ada' } })).status).toBe(
      200,
    );
    expect(await formerNames(base.db, id)).toEqual(['Ada', 'Ada K.']);
    expect((await api.call('GET', '/api/me', { secret })).body.name).toBe('Ada');
  });

  it('deletes a player: their rows go, their games stay under "deleted player"', async () => {
    const ada = (await create('Ada')).body;
    const bo = (await create('Bo')).body;
    await api.call('POST', '/api/me/transfer', { secret: ada.secret });
    await base.db.query(
      `INSERT INTO ratings (player_id, pool, mu, sigma, rating, games) VALUES ($1, '3', 25, 8, 1500, 1)`,
      [ada.id],
    );
    const stored = finishedGame();
    expect(await archiveGame(base.db, stored)).toBe(true);
    await base.db.query(
      'UPDATE game_players SET player_id = CASE seat WHEN 0 THEN $1 WHEN 1 THEN $2 END WHERE game_id = $3',
      [ada.id, bo.id, stored.id],
    );
    expect(await api.call('DELETE', '/api/me', { secret: ada.secret })).toEqual({
      status: 204,
      body: null,
    });
    expect(
      await base.db.query('SELECT seat, name, player_id FROM game_players ORDER BY seat'),
    ).toEqual([
      { seat: 0, name: DELETED_PLAYER, player_id: null },
      { seat: 1, name: 'Bo', player_id: bo.id },
      { seat: 2, name: 'Cy', player_id: null },
    ]);
    // The replay link of the game shows the seat's new name.
    const archiver = new Archiver(base.db, null as never);
    const replay = JSON.parse(
      (await archiver.loadReplay(
        (await base.db.query<{ replay_id: string }>('SELECT replay_id FROM games'))[0].replay_id,
      ))!,
    );
    expect(replay.setup.players.map((p: { name: string }) => p.name)).toEqual([
      DELETED_PLAYER,
      'Bo',
      'Cy',
    ]);
    expect(replay.actions).toEqual(stored.actions);
    for (const table of ['player_tokens', 'ratings', 'transfer_codes'])
      expect(
        Number(
          (
            await base.db.query<{ n: string }>(
              `SELECT count(*) AS n FROM ${table} WHERE player_id = $1`,
              [ada.id],
            )
          )[0].n,
        ),
        table,
      ).toBe(0);
    expect(await base.db.query('SELECT id FROM players')).toEqual([{ id: bo.id }]);
    // The name is free again.
    expect((await create('Ada')).status).toBe(201);
  });

  it('moves the identity with a transfer code that works once, until it expires', async () => {
    const { id, secret } = (await create('Ada')).body;
    const shown = await api.call('POST', '/api/me/transfer', { secret });
    expect(shown).toEqual({
      status: 200,
      body: {
        code: expect.stringMatching(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/),
        expiresAt: expect.any(String),
      },
    });
    const minutes = (Date.parse(shown.body.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(8);
    expect(minutes).toBeLessThanOrEqual(10);
    // Typed in lower case with spaces: the same code.
    const typed = shown.body.code.toLowerCase().replaceAll('-', ' ');
    const moved = await api.call('POST', '/api/transfer', { body: { code: typed } });
    expect(moved).toEqual({ status: 200, body: { id, name: 'Ada', secret: expect.any(String) } });
    expect(moved.body.secret).not.toBe(secret);
    // Both browsers are Ada, each with its own secret.
    for (const s of [secret, moved.body.secret])
      expect((await api.call('GET', '/api/me', { secret: s })).body.id).toBe(id);
    expect(await api.call('POST', '/api/transfer', { body: { code: typed } })).toEqual(
      refusal(400, 'bad-code'),
    );
    const late = (await api.call('POST', '/api/me/transfer', { secret })).body.code;
    await base.db.query("UPDATE transfer_codes SET expires_at = now() - interval '1 second'");
    expect(await api.call('POST', '/api/transfer', { body: { code: late } })).toEqual(
      refusal(400, 'bad-code'),
    );
    // A new code replaces the one shown before.
    const first = (await api.call('POST', '/api/me/transfer', { secret })).body.code;
    const second = (await api.call('POST', '/api/me/transfer', { secret })).body.code;
    expect(await api.call('POST', '/api/transfer', { body: { code: first } })).toEqual(
      refusal(400, 'bad-code'),
    );
    expect((await api.call('POST', '/api/transfer', { body: { code: second } })).status).toBe(200);
    expect(await count(base.db, 'player_tokens')).toBe(3);
  });

  it('limits the identities created and the sign-in attempts per address', async () => {
    const limited = await serveApi(base.db, {
      ...IDENTITY_LIMITS,
      createBurst: 2,
      signInBurst: 3,
    });
    try {
      const make = (name: string) => limited.call('POST', '/api/players', { body: { name } });
      expect((await make('Ada')).status).toBe(201);
      expect((await make('Bo')).status).toBe(201);
      expect(await make('Cy')).toEqual(refusal(429, 'too-many'));
      // A forwarding header the client wrote itself is not its address (no TRUST_PROXY).
      expect(
        await limited.call('POST', '/api/players', {
          body: { name: 'Cy' },
          headers: { 'x-forwarded-for': '203.0.113.9', 'x-real-ip': '203.0.113.9' },
        }),
      ).toEqual(refusal(429, 'too-many'));
      expect(await count(base.db, 'players')).toBe(2);
      const guess = () =>
        limited.call('POST', '/api/transfer', { body: { code: 'AAAA-BBBB-CCCC' } });
      for (let i = 0; i < 3; i++) expect(await guess()).toEqual(refusal(400, 'bad-code'));
      expect(await guess()).toEqual(refusal(429, 'too-many'));
    } finally {
      await limited.close();
    }
  });

  it('passkeys: refused at an IP address or from another origin; a challenge works once, for its player', async () => {
    const ada = (await create('Ada')).body;
    const bo = (await create('Bo')).body;
    expect(await api.call('POST', '/api/me/passkeys/options', { secret: ada.secret })).toEqual(
      refusal(400, 'no-passkeys-here'),
    );
    const at = (origin = `http://localhost:${api.port}`) => ({
      host: 'localhost',
      headers: { origin },
    });
    expect(
      await api.call('POST', '/api/me/passkeys/options', {
        secret: ada.secret,
        ...at('http://elsewhere.example'),
      }),
    ).toEqual(refusal(400, 'bad-origin'));
    const options = await api.call('POST', '/api/me/passkeys/options', {
      secret: ada.secret,
      ...at(),
    });
    expect(options).toMatchObject({
      status: 200,
      body: { rp: { id: 'localhost' }, user: { name: 'Ada' }, challenge: expect.any(String) },
    });
    // A response answering Ada's challenge, as a browser would send it (not a real passkey).
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.create',
        challenge: options.body.challenge,
        origin: `http://localhost:${api.port}`,
      }),
    ).toString('base64url');
    const response = {
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      response: { clientDataJSON, attestationObject: 'AAAA' },
      clientExtensionResults: {},
    };
    const add = (secret: string) =>
      api.call('POST', '/api/me/passkeys', { secret, body: { response }, ...at() });
    expect(await add(ada.secret)).toEqual(refusal(400, 'bad-passkey'));
    // Used once: the same challenge again is refused, for Ada and for Bo.
    expect(await add(ada.secret)).toEqual(refusal(400, 'bad-challenge'));
    expect(await add(bo.secret)).toEqual(refusal(400, 'bad-challenge'));
    expect(await count(base.db, 'passkeys')).toBe(0);
    const signIn = await api.call('POST', '/api/passkey', { body: { response }, ...at() });
    expect(signIn).toEqual(refusal(400, 'bad-challenge'));
  });

  it('refuses bodies too large or not JSON, and unknown methods, saying so', async () => {
    expect(
      await api.call('POST', '/api/players', { body: { name: 'x'.repeat(MAX_BODY) } }),
    ).toEqual(refusal(413, 'too-large'));
    expect(await api.call('POST', '/api/players', { body: '{name:' })).toEqual(
      refusal(400, 'bad-json'),
    );
    expect(await api.call('POST', '/api/players', { body: '["Ada"]' })).toEqual(
      refusal(400, 'bad-json'),
    );
    expect(await api.call('PUT', '/api/me')).toEqual(refusal(405, 'bad-method'));
    expect(await count(base.db, 'players')).toBe(0);
  });
});

it('without an archive database the identity API answers 503, saying why', async () => {
  const api = await serveApi(undefined);
  try {
    const answer = await api.call('POST', '/api/players', { body: { name: 'Ada' } });
    expect(answer).toEqual(refusal(503, 'no-archive'));
    expect(answer.body.error.message).toMatch(/need the game archive/);
  } finally {
    await api.close();
  }
});
