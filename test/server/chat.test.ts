/**
 * Issue #49 items 4 and 5: table chat. Players' lines reach everyone at the table, spectators'
 * lines only the spectators; the sender is who the room says; a joining client gets the lines
 * kept; bad chat and floods are refused to the sender alone; nothing of it is saved with the game.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHAT_LIMITS, CHAT_MSG, MSG, type ChatLine, type ChatMessage } from '../../src/net';
import { Player, connect, roomSetup, twoPlayerRoom, type TestWorld, eachWorld } from './helpers';

let world: TestWorld;
eachWorld((w) => (world = w));

/** What a client was told of the chat: the lines it holds, as the page keeps them. */
class Ear {
  lines: ChatLine[] = [];
  histories = 0;
  constructor(readonly player: Player) {
    player.listen(CHAT_MSG, (m: ChatMessage) => {
      if (m.history) this.histories++;
      this.lines = m.history ? m.lines : [...this.lines, ...m.lines];
    });
  }
  texts = () => this.lines.map((l) => l.text);
  /** Wait until a line with `text` arrived. */
  hears = (text: string) =>
    this.player.until(() => this.texts().includes(text), `the line "${text}"`);
}

/** Join room `id` listening to the chat from the start (the history comes right after the record). */
async function joinListening(id: string, token?: string): Promise<Ear> {
  const ear = new Ear(new Player(await world.colyseus.sdk.joinById(id, { token })));
  await ear.player.until(() => ear.player.inbox.record.length > 0, 'the record');
  return ear;
}

const say = (p: Player, text: unknown) => p.room.send(CHAT_MSG, { text });

/** Two seated players and a spectator, each listening to the chat. */
async function table() {
  const { id, a, b, tokenA, tokenB } = await twoPlayerRoom(world);
  const watcher = await connect(world, { join: id });
  return { id, tokenA, tokenB, a: new Ear(a), b: new Ear(b), w: new Ear(watcher) };
}

describe('table chat (issue #49 item 4)', () => {
  it("a player's line reaches everyone at the table, sent as the room knows the sender", async () => {
    const { a, b, w } = await table();
    // Whatever the message says about its sender is not read.
    a.player.room.send(CHAT_MSG, { text: '  Good luck  ', name: 'Bo', from: 'seat-1' });
    for (const ear of [a, b, w]) await ear.hears('Good luck');
    expect(w.lines).toEqual([
      {
        id: 1,
        from: 'seat-0',
        name: 'Ada',
        spectator: null,
        channel: 'players',
        text: 'Good luck',
        at: expect.any(Number),
      },
    ]);
    expect(b.lines).toEqual(w.lines);
    expect(a.player.inbox.error).toEqual([]);
  });

  it("spectators' lines reach the spectators only: players never see them", async () => {
    const { id, a, b, w } = await table();
    const w2 = new Ear(await connect(world, { join: id }));
    say(w.player, 'who wins?');
    for (const ear of [w, w2]) await ear.hears('who wins?');
    expect(w2.lines[0]).toMatchObject({
      from: 'spectator-1',
      name: null,
      spectator: 1,
      channel: 'spectators',
    });
    say(b.player, 'Well played');
    for (const ear of [a, b, w, w2]) await ear.hears('Well played');
    expect(a.texts()).toEqual(['Well played']);
    expect(b.texts()).toEqual(['Well played']);
    expect(w2.texts()).toEqual(['who wins?', 'Well played']);
  });

  it("a joining client gets the lines kept (the last 50) it may read; a player none of the spectators'", async () => {
    const { id, a, w, tokenB } = await table();
    say(w.player, 'hello from the stands');
    await w.hears('hello from the stands');
    const count = CHAT_LIMITS.history + 5;
    for (let i = 1; i <= count; i++) {
      // Within the chat's rate: the manual clock moves before each line reaches the room.
      world.timers.advance(1000 / CHAT_LIMITS.perSecond);
      say(a.player, `line ${i}`);
      await a.hears(`line ${i}`);
    }
    expect(a.player.inbox.error).toEqual([]);
    const late = await joinListening(id);
    await late.player.until(() => late.histories === 1, 'the history');
    expect(late.lines).toHaveLength(CHAT_LIMITS.history);
    expect(late.texts()[0]).toBe('line 6');
    expect(late.texts().at(-1)).toBe(`line ${CHAT_LIMITS.history + 5}`);
    // Bo comes back on another device by the seat's token: the players' lines only.
    const bo = await joinListening(id, tokenB);
    await bo.player.until(() => bo.histories === 1, 'the history');
    expect(bo.lines).toHaveLength(CHAT_LIMITS.history);
    expect(bo.lines.every((l) => l.channel === 'players')).toBe(true);
  });

  it('chat is not part of the game record: the stored game holds none of it', async () => {
    const { id, a, w } = await table();
    say(a.player, 'secret-words-of-ada');
    say(w.player, 'secret-words-of-a-spectator');
    await w.hears('secret-words-of-a-spectator');
    await world.room(id).settled();
    const stored = await readFile(path.join(world.dataDir, 'games', `${id}.json`), 'utf8');
    expect(stored).toContain('"Ada"');
    expect(stored).not.toContain('secret-words');
  });
});

describe('names in the chat (issue #61 item 11)', () => {
  it("a player's name in the chat cannot pass for another's: lookalikes are refused or get a suffix", async () => {
    const a = new Ear(await connect(world, { create: roomSetup() }));
    const id = a.player.room.roomId;
    await a.player.claim(0, 'Ada');
    const b = new Ear(await connect(world, { join: id }));
    const refused = await b.player.errorAfter(() =>
      b.player.room.send(MSG.claim, { seat: 1, name: 'Ada\u034f' }),
    );
    expect(refused.message).toBe('the name contains an invisible character U+034F at position 4');
    await b.player.claim(1, 'ＡＤＡ');
    say(b.player, 'hello');
    say(a.player, 'hi');
    for (const ear of [a, b]) await ear.hears('hi');
    expect(a.lines.map((l) => [l.name, l.text])).toEqual([
      ['ＡＤＡ (2)', 'hello'],
      ['Ada', 'hi'],
    ]);
  });
});

describe('hostile chat (issue #49 item 5)', () => {
  it('oversized, non-text, control and direction-changing chat is refused to the sender only', async () => {
    const { a, b, w } = await table();
    const refused = async (payload: unknown) =>
      (await a.player.errorAfter(() => a.player.room.send(CHAT_MSG, payload))).code;
    expect(await refused({ text: 'x'.repeat(CHAT_LIMITS.length + 1) })).toBe('too-large');
    expect(await refused({ text: 'y'.repeat(5000) })).toBe('too-large');
    expect(await refused({ text: 42 })).toBe('malformed');
    expect(await refused('hello')).toBe('malformed');
    expect(await refused([{ text: 'hi' }])).toBe('malformed');
    expect(await refused({ text: '   ' })).toBe('malformed');
    expect(await refused({ text: 'two\nlines' })).toBe('malformed');
    expect(await refused({ text: 'bell\u0007' })).toBe('malformed');
    expect(await refused({ text: 'abc\u202Edef' })).toBe('malformed');
    // Exactly the cap is taken, counted in characters (an emoji is one).
    say(a.player, '♞'.repeat(CHAT_LIMITS.length - 1) + '🙂');
    await b.hears('♞'.repeat(CHAT_LIMITS.length - 1) + '🙂');
    await w.hears('♞'.repeat(CHAT_LIMITS.length - 1) + '🙂');
    expect(b.lines).toHaveLength(1);
    expect(b.player.inbox.error).toEqual([]);
    expect(w.player.inbox.error).toEqual([]);
  });

  it('a chat flood is refused to the flooder, each line with an error; the others chat on', async () => {
    const { a, b, w } = await table();
    const errors = w.player.inbox.error.length;
    for (let i = 0; i < 10; i++) say(w.player, `spam ${i}`);
    await w.player.until(
      () => w.player.inbox.error.length - errors === 10 - CHAT_LIMITS.burst,
      'the refusals',
    );
    expect(w.player.inbox.error.slice(errors).every((e) => e.code === 'rate-limited')).toBe(true);
    say(b.player, 'still here');
    for (const ear of [a, b, w]) await ear.hears('still here');
    expect(a.texts()).toEqual(['still here']);
    expect(w.texts()).toHaveLength(CHAT_LIMITS.burst + 1);
    expect(a.player.inbox.error).toEqual([]);
    expect(b.player.inbox.error).toEqual([]);
    // The flooder may speak again once the rate allows.
    world.timers.advance(1000 / CHAT_LIMITS.perSecond);
    say(w.player, 'sorry');
    await w.hears('sorry');
  });
});
