/**
 * The referee on its own (issue 46 item 5): no server, no Colyseus, a manual clock, an
 * in-memory store and a bot pool that is never asked (every seat is a person's).
 */
import { describe, expect, it, vi } from 'vitest';
import { Game, LABELS, type TimeControl } from '../../src/core';
import type { SeatSetup } from '../../src/net';
import type { ActionsMessage } from '../../src/net';
import type { BotAnswer } from '../../src/ai/protocol';
import type { BotPlayer, BotQuestion } from '../../src/server/bots';
import { Referee } from '../../src/server/referee';
import type { RecordStore, StoredGame } from '../../src/server/store';
import { ManualTimers } from './manualTimers';

/** Records kept in memory; `failing` makes every save fail. */
class MemoryStore implements RecordStore {
  readonly saves: StoredGame[] = [];
  failing = false;
  async save(game: StoredGame): Promise<void> {
    if (this.failing) throw new Error('disk full');
    this.saves.push(game);
  }
  async load(id: string): Promise<StoredGame | null> {
    return this.saves.findLast((g) => g.id === id) ?? null;
  }
  readonly replays = new Map<string, string>();
  async saveReplay(id: string, json: string): Promise<void> {
    if (this.failing) throw new Error('disk full');
    this.replays.set(id, json);
  }
  async loadReplay(id: string): Promise<string | null> {
    return this.replays.get(id) ?? null;
  }
  async check(): Promise<void> {}
  async close(): Promise<void> {}
}

const noBots: BotPlayer = {
  think: () => Promise.reject(new Error('no bot seat in these games')),
  close: async () => {},
};

/**
 * A started two-player game, both seats claimed by people unless `seats` says otherwise (a
 * bot's seat has no token).
 */
function twoPeople(
  timeControl: TimeControl | null = null,
  seats: SeatSetup[] = [{ kind: 'open' }, { kind: 'open' }],
  bots: BotPlayer = noBots,
) {
  const timers = new ManualTimers();
  const store = new MemoryStore();
  const sent: ActionsMessage[] = [];
  const pausedWith: unknown[][] = [];
  const setup = {
    players: [
      { name: 'Ada', colour: '#1e88e5' },
      { name: 'Bo', colour: '#43a047' },
    ],
    seed: 'referee-test',
    options: {},
  };
  const created = Game.create(setup);
  if (!created.ok) throw new Error(created.error.message);
  const referee = new Referee(
    {
      id: 'room1',
      setup,
      settings: {
        seats,
        placement: 'hand',
        timeControl,
        graceMs: 30_000,
        afterGrace: { kind: 'eliminate' },
      },
      game: created.value,
      hostTokenHash: 'host',
      playerIds: [null, null],
      started: false,
      remainingMs: null,
    },
    { store, bots, timers, log: () => {} },
    {
      saved: (message) => sent.push(message),
      statusChanged: () => {},
      paused: (waiting) => pausedWith.push([...waiting]),
      resumed: () => {},
      tokenHashes: () => seats.map((s, i) => (s.kind === 'open' ? `hash-${i}` : null)),
      takesSeatBack: () => false,
    },
  );
  referee.maybeStart();
  const moverSeat = () => referee.game.players[referee.game.position.turn].setupIndex;
  const firstAction = () => referee.game.actionText(referee.game.legalActions()[0]);
  return { referee, timers, store, sent, pausedWith, moverSeat, firstAction };
}

describe('Referee', () => {
  it('R10.1: accepts the mover’s action on the current record, and the turn passes on', async () => {
    const { referee, moverSeat, firstAction } = twoPeople();
    expect(referee.started).toBe(true);
    const before = referee.game;
    const seat = moverSeat();
    const text = firstAction();
    expect(referee.act(seat, text, 0, 'client')).toBeNull();
    expect(referee.game.actions).toEqual([text]);
    const expected = before.play(text);
    if (!expected.ok) throw new Error(expected.error.message);
    expect(referee.game.position.turn).toBe(expected.value.position.turn);
    // Whoever moves next may act on the new record.
    expect(referee.act(moverSeat(), firstAction(), 1, 'client')).toBeNull();
    expect(referee.game.length).toBe(2);
  });

  it('refuses an action out of turn, a stale one and a server-only one, saying why', () => {
    const { referee, moverSeat, firstAction } = twoPeople();
    const other = 1 - moverSeat();
    const mover = referee.game.players[referee.game.position.turn];
    expect(referee.act(other, firstAction(), 0, 'c')).toEqual({
      code: 'not-your-turn',
      message: `it is ${mover.name}'s turn`,
    });
    expect(referee.act(moverSeat(), firstAction(), 3, 'c')).toEqual({
      code: 'stale',
      message: 'the game has moved on (0 actions, yours was for 3)',
    });
    expect(referee.act(moverSeat(), `timeout ${mover.label}`, 0, 'c')?.code).toBe('wrong-seat');
    expect(referee.act(moverSeat(), 'nonsense', 0, 'c')?.code).toBe('illegal');
    expect(referee.game.length).toBe(0);
  });

  it('R11.2: records `timeout X` when the clock passes the mover’s flag', () => {
    const { referee, timers } = twoPeople({ baseMs: 60_000, incrementMs: 0 });
    const mover = LABELS[referee.game.position.turn];
    timers.advance(59_999);
    expect(referee.game.length).toBe(0);
    timers.advance(1);
    expect(referee.game.actions).toEqual([`timeout ${mover}`]);
  });

  it('saves the record after an accepted action, and sends it only once stored', async () => {
    const { referee, store, sent, moverSeat, firstAction } = twoPeople();
    await referee.settled();
    const text = firstAction();
    referee.act(moverSeat(), text, 0, 'client');
    expect(sent).toEqual([]);
    await referee.settled();
    expect(store.saves.at(-1)).toMatchObject({
      id: 'room1',
      actions: [text],
      tokenHashes: ['hash-0', 'hash-1'],
      started: true,
    });
    expect(sent).toEqual([{ from: 0, actions: [text], hash: expect.any(String) }]);
    expect(referee.recordMessage().actions).toEqual([text]);
  });

  it('pauses when a save fails, naming who sent the action not saved, and takes no more', async () => {
    const { referee, store, sent, pausedWith, moverSeat, firstAction } = twoPeople();
    await referee.settled();
    store.failing = true;
    referee.act(moverSeat(), firstAction(), 0, 'client');
    await referee.settled();
    expect(pausedWith).toEqual([['client']]);
    expect(referee.paused).toBe(true);
    expect(referee.gameStatus().paused).toBe(true);
    expect(referee.act(moverSeat(), firstAction(), 1, 'client')?.code).toBe('paused');
    expect(sent).toEqual([]);
    expect(referee.recordMessage().actions).toEqual([]);
  });

  it('asks the bot pool for a bot seat’s move on its turn, once, and records the answer', async () => {
    const questions: BotQuestion[] = [];
    let answer: (action: string) => void = () => {};
    const bots: BotPlayer = {
      think: (question) => {
        questions.push(question);
        return new Promise((resolve) => {
          answer = (action) =>
            resolve({ action, score: 0, depth: 1, nodes: 1, ms: 0 } as BotAnswer);
        });
      },
      close: async () => {},
    };
    const { referee, moverSeat, firstAction } = twoPeople(
      null,
      [{ kind: 'bot', level: 2 }, { kind: 'open' }],
      bots,
    );
    expect(referee.started).toBe(true);
    if (moverSeat() === 1) referee.act(1, firstAction(), 0, 'client');
    expect(moverSeat()).toBe(0);
    const asked = referee.game.length;
    expect(questions).toMatchObject([{ room: 'room1', level: 2, actions: referee.game.actions }]);
    referee.advance(); // asked again for the same position: not sent twice
    expect(questions).toHaveLength(1);
    const text = firstAction();
    answer(text);
    await vi.waitFor(() => expect(referee.game.length).toBe(asked + 1));
    expect(referee.game.actions.at(-1)).toBe(text);
  });
});
