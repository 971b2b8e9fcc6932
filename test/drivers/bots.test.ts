/**
 * Bot seats driven by a driver subscribed to a store of the test's own: the bots answer
 * in-process (the worker's own `answer`), so the driver is tested without a browser: bots move
 * after the human, placement included; the thinking label; undo back to the human's decision
 * cancels the search and forgets the undone bot move's search figures; a pacer holds bots; a
 * bot that takes a seat by a record action (R11.3) plays it until its player returns.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createBotClient, type BotWorker } from '../../src/ai/client';
import { answer, type BotRequest, type BotResponse } from '../../src/ai/protocol';
import {
  botToMove,
  defaultPacer,
  driveBots,
  type BotDriver,
  type BotPacer,
} from '../../src/drivers/bots';
import { parseAction } from '../../src/core';
import { defaultConfig, type GameConfig } from '../../src/store/config';
import { createGameStore, type GameStore } from '../../src/store/store';

/** A worker stand-in answering on the next tick, as the real one would. */
function inlineWorker(log: { posted: number; terminated: number }): BotWorker {
  const w: BotWorker = {
    onmessage: null,
    onerror: null,
    postMessage(message: BotRequest) {
      log.posted++;
      setTimeout(() => {
        const response: BotResponse = answer(message);
        w.onmessage?.({ data: response } as MessageEvent<BotResponse>);
      }, 5);
    },
    terminate() {
      log.terminated++;
    },
  };
  return w;
}

const fast: BotPacer = { ...defaultPacer(), gap: () => 0 };

const log = { posted: 0, terminated: 0 };
const createClient = () => createBotClient({ createWorker: () => inlineWorker(log) });
let useGame: GameStore;
let bots: BotDriver;
beforeEach(() => {
  log.posted = 0;
  log.terminated = 0;
  useGame = createGameStore();
  bots = driveBots(useGame, { createClient, pacer: fast });
});
afterEach(() => {
  // Leave no bot seats playing on into the next test.
  bots.disconnect();
});

/** Three seats: the first human, the others level-1 bots. */
function mixed(placement: GameConfig['placement'] = 'balanced', seed = 'bots-seed'): GameConfig {
  const c = defaultConfig(3, seed);
  return {
    ...c,
    placement,
    players: c.players.map((p, i) => (i === 0 ? p : { ...p, kind: 'bot', level: 1 })),
  };
}

const humanToMove = () => {
  const s = useGame.getState();
  return s.cursor === s.game!.length && botToMove(s.game, s.config) === null;
};

describe('bot seats', () => {
  test('bots move by themselves until the human is to move; thinking shows who', async () => {
    useGame.getState().newGame(mixed());
    const seen = new Set<string>();
    const unsub = useGame.subscribe((s) => {
      if (s.thinking) seen.add(s.thinking);
    });
    await vi.waitFor(() => expect(humanToMove()).toBe(true), { timeout: 10_000 });
    const s = useGame.getState();
    const human = s.game!.players.find((p) => p.setupIndex === 0)!.label;
    expect(s.game!.players[s.game!.position.turn].label).toBe(human);
    expect(s.thinking).toBeNull();

    // The human moves; both bots reply, then it is the human's turn again.
    const before = s.game!.length;
    s.play(s.view!.legalActions()[0]);
    await vi.waitFor(
      () => {
        expect(useGame.getState().game!.length).toBe(before + 3);
        expect(humanToMove()).toBe(true);
      },
      { timeout: 10_000 },
    );
    unsub();
    const bots = s.game!.players.filter((p) => p.setupIndex !== 0).map((p) => p.label);
    expect([...seen].sort()).toEqual(bots.sort());
    expect(useGame.getState().thinking).toBeNull();
    // The last bot to reply is remembered with how it searched (the player list shows it).
    const last = useGame.getState().game!.positionAt(before + 2).turn;
    expect(useGame.getState().lastThought).toMatchObject({
      label: s.game!.players[last].label,
      level: 1,
      depth: expect.any(Number),
      nodes: expect.any(Number),
      timedOut: false,
    });
    // A new game forgets it.
    useGame.getState().newGame(mixed());
    expect(useGame.getState().lastThought).toBeNull();
  });

  test('bots place their own pieces when placing by hand', async () => {
    useGame.getState().newGame(mixed('hand', 'bots-hand'));
    await vi.waitFor(() => expect(humanToMove()).toBe(true), { timeout: 10_000 });
    const s = useGame.getState();
    expect(s.view!.status().phase).toBe('placement');
    // The human places; the bots place after.
    s.autoPlaceRest('balanced');
    await vi.waitFor(
      () => {
        expect(useGame.getState().view!.status().phase).toBe('play');
        expect(humanToMove()).toBe(true);
      },
      { timeout: 20_000 },
    );
    expect(useGame.getState().game!.actions.filter((a) => a.includes('+'))).toHaveLength(45);
  });

  test('undo goes back to the last human decision and cancels the search', async () => {
    useGame.getState().newGame(mixed());
    await vi.waitFor(() => expect(humanToMove()).toBe(true), { timeout: 10_000 });
    const start = useGame.getState().cursor;
    useGame.getState().play(useGame.getState().view!.legalActions()[0]);
    await vi.waitFor(() => expect(humanToMove()).toBe(true), { timeout: 10_000 });
    const full = useGame.getState().game!.length;
    expect(full).toBe(start + 3);
    useGame.getState().undo();
    expect(useGame.getState().cursor).toBe(start);
    expect(humanToMove()).toBe(false); // browsing history: the human may branch from here

    // A bot thinking when the human undoes: its search is cancelled (the worker terminated).
    useGame.getState().redo();
    useGame.getState().play(useGame.getState().view!.legalActions()[0]);
    // The human's move cut the branch: a bot is to move now and thinking.
    expect(useGame.getState().thinking).not.toBeNull();
    const terminated = log.terminated;
    useGame.getState().undo();
    expect(log.terminated).toBe(terminated + 1);
    expect(useGame.getState().thinking).toBeNull();
  });

  test('the human cannot move for a bot; a pacer holds the bots', async () => {
    let paused = true;
    let held = 0;
    bots.setPacer({ ...fast, paused: () => (paused ? ++held > 0 : false) });
    const c = mixed();
    // Every seat a bot: nothing moves while paused. The driver asked the pacer, was held, and
    // asked no bot: with no request in flight no move can come.
    const posted = log.posted;
    held = 0;
    useGame.getState().newGame({ ...c, players: c.players.map((p) => ({ ...p, kind: 'bot' })) });
    expect(held).toBeGreaterThan(0);
    expect(log.posted).toBe(posted);
    expect(useGame.getState().thinking).toBeNull();
    const length = useGame.getState().game!.length;
    const view = useGame.getState().view!;
    const pos = view.position;
    for (let sq = 0; sq < 128; sq++) {
      const code = pos.squares[sq];
      if (code && pos.ownerOf(0, code) === pos.turn) useGame.getState().tapSquare(0, sq);
    }
    expect(useGame.getState().selected).toBeNull();
    // Unpaused, the game of bots plays on by itself.
    paused = false;
    bots.update();
    await vi.waitFor(() => expect(useGame.getState().game!.length).toBeGreaterThan(length + 5), {
      timeout: 10_000,
    });
  });

  test('issue #61 item 6: the only human resigns: the end dialog comes at once, the bots wait for it, and play on once the human watches', async () => {
    useGame.getState().newGame(mixed());
    await vi.waitFor(() => expect(humanToMove()).toBe(true), { timeout: 10_000 });
    const posted = log.posted;
    const length = useGame.getState().game!.length;
    useGame.getState().resign();
    const s = useGame.getState();
    expect(s.game!.length).toBe(length + 1);
    expect(s.view!.status().phase).toBe('play');
    expect(s.dialog).toBe('out');
    // No bot was asked: the driver looked at the store as it changed, and holds.
    expect(log.posted).toBe(posted);
    expect(s.thinking).toBeNull();
    // "Watch the bots finish": the bots play on, and the dialog does not come back.
    s.setDialog(null);
    await vi.waitFor(() => expect(useGame.getState().game!.length).toBeGreaterThan(length + 2), {
      timeout: 10_000,
    });
    expect(useGame.getState().dialog).toBeNull();
  });

  test('the default pacing keeps a gap between bot moves', async () => {
    // On a fake clock: the gaps are the driver's, not the machine's load.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
    try {
      bots.disconnect();
      bots = driveBots(useGame, { createClient });
      const c = mixed();
      useGame.getState().newGame({ ...c, players: c.players.map((p) => ({ ...p, kind: 'bot' })) });
      const times: number[] = [];
      const unsub = useGame.subscribe((s, prev) => {
        if (s.game !== prev.game) times.push(performance.now());
      });
      while (times.length < 4) await vi.advanceTimersByTimeAsync(10);
      unsub();
      const gap = defaultPacer().gap(useGame.getState().game!);
      for (let i = 1; i < times.length; i++)
        expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(gap);
    } finally {
      vi.useRealTimers();
    }
  });

  test('undo forgets how the undone bot move was found (issue #12 item 13)', async () => {
    useGame.getState().newGame(mixed());
    await vi.waitFor(() => expect(humanToMove()).toBe(true), { timeout: 10_000 });
    const start = useGame.getState().cursor;
    useGame.getState().play(useGame.getState().view!.legalActions()[0]);
    await vi.waitFor(() => expect(humanToMove()).toBe(true), { timeout: 10_000 });
    // The bots replied: the player list shows how the last reply was found.
    expect(useGame.getState().lastThought).toMatchObject({ at: start + 3 });
    // Browsing back to before that reply hides it; undo (back to the human's move) forgets it.
    useGame.getState().goTo(start + 2);
    expect(useGame.getState().lastThought).toBeNull();
    useGame.getState().goTo(start + 3);
    useGame.getState().undo();
    expect(useGame.getState().cursor).toBe(start);
    expect(useGame.getState().lastThought).toBeNull();
  });
});

describe('a store without a driver', () => {
  test('creating a store starts no bot: bot seats wait until a driver is connected', async () => {
    const store = createGameStore();
    const c = mixed();
    store.getState().newGame({ ...c, players: c.players.map((p) => ({ ...p, kind: 'bot' })) });
    const length = store.getState().game!.length;
    // Every timer the new game set runs out, and none of them moves a bot.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await vi.runAllTimersAsync();
    } finally {
      vi.useRealTimers();
    }
    expect(store.getState().game!.length).toBe(length);
    expect(store.getState().thinking).toBeNull();
    expect(log.posted).toBe(0);
    const driver = driveBots(store, { createClient, pacer: fast });
    expect(store.getState().thinking).not.toBeNull();
    driver.disconnect();
  });
});

describe('R11.3 seats taken over by record actions', () => {
  /** Play an action's text through the store, as the online record would bring it. */
  const playText = (text: string) => {
    const s = useGame.getState();
    const parsed = parseAction(s.view!.position, text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(s.play(parsed.value)).toBe(true);
  };
  const toMove = () => {
    const g = useGame.getState().game!;
    return g.players[g.position.turn].label;
  };

  test('a bot that takes a seat by a record action plays it; the returned player is human again', async () => {
    let paused = false;
    bots.setPacer({ ...fast, paused: () => paused });
    const c = defaultConfig(3, 'takeover-seed');
    useGame.getState().newGame({ ...c, placement: 'balanced' });
    expect(useGame.getState().view!.status().phase).toBe('play');
    expect(toMove()).toBe('A');
    expect(humanToMove()).toBe(true);

    // A bot takes B's seat while A is to move; A moves, and the bot answers for B.
    playText('bot B 1');
    expect(useGame.getState().game!.actions.at(-1)).toBe('bot B 1');
    useGame.getState().play(useGame.getState().view!.legalActions()[0]);
    const afterA = useGame.getState().game!.length;
    await vi.waitFor(
      () => {
        expect(useGame.getState().game!.length).toBe(afterA + 1);
        expect(toMove()).toBe('C');
        expect(humanToMove()).toBe(true);
      },
      { timeout: 10_000 },
    );
    expect(useGame.getState().lastThought).toMatchObject({ label: 'B', level: 1 });

    // Bots held back: C and A move, B's turn comes, B returns and is human again.
    paused = true;
    bots.update();
    for (const who of ['C', 'A']) {
      expect(toMove()).toBe(who);
      useGame.getState().play(useGame.getState().view!.legalActions()[0]);
    }
    expect(toMove()).toBe('B');
    expect(humanToMove()).toBe(false);
    playText('return B');
    paused = false;
    const posted = log.posted;
    bots.update();
    // B is human again: the driver asked no bot for B's move, so none can come.
    expect(humanToMove()).toBe(true);
    expect(log.posted).toBe(posted);
    expect(useGame.getState().thinking).toBeNull();
  });
});
