/**
 * Games by link (issue #47 item 4): Share puts the game's record in the link's fragment
 * (deflate-raw, base64url), and the link opens the same record, seats and hints, read-only at
 * its end, under every option set, seat kind and table size (R10.1: a record is its setup and
 * its actions). A damaged link says what is wrong and where, and the game shown stays.
 */
import { describe, expect, test } from 'vitest';
import { deflateRawSync } from 'node:zlib';
import { Game, LABELS, saveGame, writeGameText, type SavedSeat } from '../../src/core';
import { SHARE_TEXT } from '../../src/text';
import { seatsOf } from '../../src/store/config';
import {
  MAX_LINK_LENGTH,
  MAX_RECORD_BYTES,
  gameFragment,
  gameLink,
  readFragment,
  readGameRecord,
  readReplay,
} from '../../src/device/shareLink';
import { createGameStore, type GameStore } from '../../src/store/store';
import { turnAccess } from '../../src/store/turnAccess';
import { OPTION_SETS, SEATS, must, optionSetName, randomGame } from '../fixtures/recordGames';

/** Every seat kind, cycled over a table of any size. */
const seatsFor = (game: Game): SavedSeat[] => game.setup.players.map((_, i) => SEATS[i % 5]);

/** A store showing `game` with `seats` and `hints`, as an imported saved game would be. */
function storeWith(game: Game, seats: SavedSeat[] | undefined, hints?: number[]): GameStore {
  const store = createGameStore();
  expect(store.getState().importGame(JSON.stringify(saveGame(game, seats, hints)))).toBe(true);
  return store;
}

/** The link Share makes in `store` (failing the test when it cannot be made). */
async function linkOf(store: GameStore): Promise<string> {
  const outcome = await store.getState().shareLink();
  if ('error' in outcome) throw new Error(outcome.error);
  expect(store.getState().dialog).toBe('share');
  expect(store.getState().share).toBe(outcome);
  return outcome.link;
}

/** Open `link` in a fresh store (another browser): the store after. */
async function opened(link: string): Promise<GameStore> {
  const store = createGameStore();
  const fragment = link.slice(link.indexOf('#'));
  const ok = await store.getState().openSharedLink(fragment);
  if (!ok) throw new Error(store.getState().notice?.text);
  return store;
}

describe('a shared link round-trips the record (R10.1)', () => {
  test.each(OPTION_SETS.map((o, i) => [optionSetName(o), o, i]))(
    'options %s: the same setup, actions, seats and hints, read-only at the end',
    async (_, options, i) => {
      const players = 3 + (i % 6);
      const game = randomGame(options, players, `share-${i}`, 200);
      const seats = seatsFor(game);
      const hints = seats.map((_, k) => (k * i) % 3);
      const store = await opened(await linkOf(storeWith(game, seats, hints)));
      const s = store.getState();
      expect(s.game!.actions).toEqual(game.actions);
      expect(s.game!.setup).toEqual(game.setup);
      expect(seatsOf(s.config)).toEqual(seats);
      expect(s.hintsUsed).toEqual(hints);
      // In review: at the end, not saved here, no input counts, the history browsable.
      expect(s.openedFrom).toEqual({ kind: 'link' });
      expect(s.cursor).toBe(game.length);
      expect(s.persist).toBe(false);
      expect(s.screen).toBe('game');
      expect(turnAccess(s).may).toBe(false);
      if (s.game!.status().phase !== 'over') expect(turnAccess(s).why).toBe('review');
      // Nothing is played on: the record stays as opened.
      const legal = s.view!.legalActions();
      if (legal.length) s.play(legal[0]);
      expect(store.getState().game).toBe(s.game);
      store.getState().goTo(1);
      expect(store.getState().view!.actions).toEqual(game.actions.slice(0, 1));
    },
  );

  test('online names (quotes, backslashes, accents) and the seat actions of R11 survive', async () => {
    const base = randomGame(OPTION_SETS[0], 4, 'online', 120);
    const named = {
      ...base.setup,
      players: base.setup.players.map((p, i) => ({
        ...p,
        name: ['Zoë "the fox"', 'back\\slash', 'Ada', '日本'][i],
      })),
    };
    let game = must(Game.create(named));
    const resigned = base.actions.indexOf('resign');
    const played = resigned < 0 ? base.actions : base.actions.slice(0, resigned);
    for (const text of played) game = must(game.play(text));
    // Each seat action by the player to move (R11.4): a bot takes the seat, its player returns.
    for (const kind of ['bot', 'return', 'timeout', 'absent']) {
      const who = LABELS[game.position.turn];
      game = must(game.play(kind === 'bot' ? `bot ${who} 2` : `${kind} ${who}`));
    }
    const store = await opened(await linkOf(storeWith(game, seatsFor(game))));
    const s = store.getState();
    expect(s.game!.setup.players.map((p) => p.name)).toEqual(named.players.map((p) => p.name));
    expect(s.game!.actions.slice(-4).map((a) => a.split(' ')[0])).toEqual([
      'bot',
      'return',
      'timeout',
      'absent',
    ]);
    expect(s.game!.actions).toEqual(game.actions);
  });

  test('a record whose seats are not known opens with none said, and the same actions', async () => {
    const game = randomGame(OPTION_SETS[31], 5, 'unknown-seats', 80);
    const text = writeGameText(saveGame(game), game);
    const store = await opened(`#${await gameFragment(text)}`);
    expect(store.getState().game!.actions).toEqual(game.actions);
  });

  test('opening a link keeps the game saved here; a new game leaves the review', async () => {
    const store = createGameStore();
    const game = randomGame(OPTION_SETS[1], 3, 'played-here', 30);
    const link = await linkOf(storeWith(game, undefined));
    store.getState().newGame({
      ...store.getState().config,
      placement: 'balanced',
    });
    expect(await store.getState().openSharedLink(link.slice(link.indexOf('#')))).toBe(true);
    expect(store.getState().openedFrom).toEqual({ kind: 'link' });
    // It opens in review: the panel open, the review of this record under way.
    expect(store.getState().reviewOpen).toBe(true);
    expect(store.getState().review).toMatchObject({
      status: 'running',
      game: store.getState().game,
    });
    store.getState().newGame({ ...store.getState().config, placement: 'balanced' });
    expect(store.getState().openedFrom).toBeNull();
    expect(store.getState().persist).toBe(true);
  });
});

describe('a damaged link says what is wrong and where, and the game shown stays', () => {
  /** Open `fragment` in a store showing a game: the notice said, and the game is unchanged. */
  async function refused(fragment: string): Promise<string> {
    const game = randomGame(OPTION_SETS[0], 3, 'kept', 20);
    const store = storeWith(game, undefined);
    const before = store.getState();
    expect(await store.getState().openSharedLink(fragment)).toBe(false);
    const after = store.getState();
    expect(after.game).toBe(before.game);
    expect(after.cursor).toBe(before.cursor);
    expect(after.config).toBe(before.config);
    expect(after.openedFrom).toBeNull();
    expect(after.notice?.kind).toBe('error');
    return after.notice!.text;
  }
  const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
  const textOf = (game: Game) => writeGameText(saveGame(game), game);

  test('a character that is not base64url: named by its place', async () => {
    expect(await refused('#game=abc$def')).toBe(SHARE_TEXT.notOpened(SHARE_TEXT.badBase64(3)));
  });

  test('a record cut in the middle of a character', async () => {
    expect(await refused('#game=abcde')).toBe(SHARE_TEXT.notOpened(SHARE_TEXT.badLength));
  });

  test('bytes that are not deflate-raw, or cut short', async () => {
    expect(await refused('#game=AAAAAAAA')).toMatch(
      /^The shared link could not be opened: the link is damaged: its record does not decompress \(.+\)\. Your game is kept\.$/,
    );
    const whole = (await gameFragment(textOf(randomGame(OPTION_SETS[0], 3, 'cut', 60)))).length;
    const cut = (await gameFragment(textOf(randomGame(OPTION_SETS[0], 3, 'cut', 60)))).slice(
      0,
      whole - 20,
    );
    expect(await refused(`#${cut}`)).toMatch(/its record does not decompress/);
  });

  test('a record that inflates past the cap is refused before it is read', async () => {
    const bomb = deflateRawSync(Buffer.alloc(MAX_RECORD_BYTES + 1, 32));
    expect(await refused(`#game=${b64(bomb)}`)).toBe(
      SHARE_TEXT.notOpened(SHARE_TEXT.tooBig(MAX_RECORD_BYTES)),
    );
  });

  test("a record that does not read: the game text's own line and column", async () => {
    const text = textOf(randomGame(OPTION_SETS[0], 3, 'illegal', 40));
    const lines = text.split('\n');
    const turn = lines.findIndex((l) => /^[A-H]: /.test(l)) + 1;
    lines[turn] = `${lines[turn].slice(0, 3)}AB:e2-e7`;
    const broken = deflateRawSync(Buffer.from(lines.join('\n')));
    expect(await refused(`#game=${b64(broken)}`)).toMatch(
      new RegExp(
        `^The shared link could not be opened: its record does not read: game text, line ${turn + 1}, column 4: AB:e2-e7: `,
      ),
    );
    expect(await refused(`#game=${b64(deflateRawSync(Buffer.from('  ')))}`)).toBe(
      SHARE_TEXT.notOpened(SHARE_TEXT.empty),
    );
  });

  test('a replay id that is not one is refused without asking the server', async () => {
    expect(await refused('#replay=short')).toBe(SHARE_TEXT.notOpened(SHARE_TEXT.badReplayId));
  });

  test('a fragment of neither kind is no link: nothing is said', async () => {
    const store = createGameStore();
    expect(await store.getState().openSharedLink('#section-2')).toBe(false);
    expect(store.getState().notice).toBeNull();
    expect(readFragment('')).toBeNull();
  });
});

describe('replays from the game server', () => {
  const id = 'A'.repeat(22);
  const answer =
    (status: number, body = '') =>
    () =>
      Promise.resolve(new Response(status === 200 ? body : null, { status }));

  test('a replay the server answers opens read-only, from the replay', async () => {
    const game = randomGame(OPTION_SETS[3], 4, 'replay', 90);
    const json = JSON.stringify(saveGame(game, seatsFor(game)));
    const read = await readReplay(id, answer(200, json));
    expect(read.ok && read.value.game.actions).toEqual(game.actions);
    expect(read.ok && read.value.seats).toEqual(seatsFor(game));
  });

  test('an unknown replay, a server out of reach, a record that does not load: said', async () => {
    const said = async (fetchIt: () => Promise<Response>) => {
      const read = await readReplay(id, fetchIt);
      return read.ok ? 'read' : read.error;
    };
    expect(await said(answer(404))).toBe(SHARE_TEXT.replayMissing);
    expect(await said(answer(503))).toBe(SHARE_TEXT.replayUnreachable('HTTP 503'));
    expect(await said(() => Promise.reject(new TypeError('Failed to fetch')))).toBe(
      SHARE_TEXT.replayUnreachable('Failed to fetch'),
    );
    expect(await said(answer(200, '{"format": "n-dimensional-chess"'))).toMatch(
      /^its record does not read: saved game is not valid JSON/,
    );
  });
});

describe('the length a link carries', () => {
  test(`a link longer than ${MAX_LINK_LENGTH} characters is not made; the file export is offered`, async () => {
    // Text that does not compress: random letters.
    let seed = 1;
    const noise = Array.from({ length: MAX_LINK_LENGTH }, () => {
      seed = (seed * 48271) % 2147483647;
      return String.fromCharCode(33 + (seed % 90));
    }).join('');
    const made = await gameLink('https://example.org/', noise);
    expect(made.ok).toBe(false);
    expect(!made.ok && made.error).toMatch(
      /too long to share by link .* Export it instead and send the file/,
    );
  });

  test('a 1 500-action 8-player game fits, and so does a 300-action 5-player one', async () => {
    for (const [players, actions] of [
      [5, 300],
      [8, 1500],
    ]) {
      const game = randomGame(OPTION_SETS[0], players, `length-${players}`, actions);
      const made = await gameLink('https://example.org/', textOf(game));
      expect(made.ok, `${players} players`).toBe(true);
      const fragment = readFragment(made.ok ? made.value.split('#')[1] : '');
      expect(fragment?.kind).toBe('game');
      const back = await readGameRecord(fragment?.kind === 'game' ? fragment.record : '');
      expect(back.ok && back.value.game.actions).toEqual(game.actions);
    }
    function textOf(game: Game) {
      return writeGameText(saveGame(game), game);
    }
  });
});
