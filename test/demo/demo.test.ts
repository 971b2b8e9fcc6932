/**
 * The demo: its address, its seeds (every curated show reaches a collapse early, replayed with
 * the same bots, in showLength.slow.test.ts), its words for moves, and the director driving the
 * store's bots (pause, skip to the next event, take over, exit), with the bots answering
 * in-process.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createBotClient } from '../../src/ai/client';
import { inlineWorker } from '../ai/inlineWorker';
import { Game } from '../../src/core';
import { CURATED_SEEDS, demoFromSearch, showSeed } from '../../src/demo/config';
import { moveBoards } from '../../src/demo/describe';
import {
  exitDemo,
  seatsToTake,
  setPaused,
  skip,
  startDemo,
  takeOver,
} from '../../src/demo/director';
import { useDemo } from '../../src/demo/state';
import { driveBots, type BotDriver } from '../../src/drivers/bots';
import { defaultConfig, toSetup } from '../../src/store/config';
import { createGameStore } from '../../src/store/store';
import { describeMove } from '../../src/text';

describe('the address and the seeds', () => {
  test('?demo, seed and speed', () => {
    expect(demoFromSearch('')).toBeNull();
    expect(demoFromSearch('?seed=x')).toBeNull();
    expect(demoFromSearch('?demo')).toEqual({ seed: null, speed: 1 });
    expect(demoFromSearch('?demo&seed=show-8&speed=4')).toEqual({ seed: 'show-8', speed: 4 });
    expect(demoFromSearch('?demo=1&speed=3')).toEqual({ seed: null, speed: 1 });
  });

  test('a seed replays its show first, then curated shows follow', () => {
    expect(showSeed('mine', 0)).toBe('mine');
    expect(CURATED_SEEDS).toContain(showSeed('mine', 1));
    expect(showSeed(null, 0, 2)).toBe(CURATED_SEEDS[2]);
    expect(showSeed(null, 1, 2)).toBe(CURATED_SEEDS[3]);
  });
});

describe('a move in plain words', () => {
  test('moves, shifts and captures', () => {
    const created = Game.create(toSetup({ ...defaultConfig(3, 'words'), placement: 'balanced' }));
    if (!created.ok) throw new Error(created.error.message);
    const g = created.value.autoPlace('balanced', 'all');
    if (!g.ok) throw new Error(g.error.message);
    const game = g.value;
    const texts = game.legalActions().map((m) => game.actionText(m));
    const shift = texts.find((t) => /^[A-H]{2}:N[a-h][1-8]-[A-H]{2}:/.test(t))!;
    const quiet = texts.find((t) => /^[A-H]{2}:[a-h][1-8]-[a-h][1-8]$/.test(t))!;
    const me = game.players[game.position.turn].name;
    expect(describeMove(game, shift)).toBe(
      `${me}'s knight shifts from ${shift.slice(0, 2)} to ${shift.split('-')[1].slice(0, 2)}`,
    );
    expect(describeMove(game, quiet)).toBe(`${me}'s pawn moves on ${quiet.slice(0, 2)}`);
    expect(moveBoards(game, shift)).toHaveLength(2);
    expect(moveBoards(game, quiet)).toHaveLength(1);
    expect(describeMove(game, 'resign')).toBe(`${me} resigns`);
    expect(describeMove(game, 'nonsense')).toBeNull();
  });
});

describe('the director', () => {
  // The director directs a store of the test's own, with a bot driver as the app connects one.
  const useGame = createGameStore();
  let bots: BotDriver;
  beforeAll(() => {
    bots = driveBots(useGame, {
      createClient: () => createBotClient({ createWorker: () => inlineWorker() }),
    });
  });
  afterAll(() => {
    exitDemo();
    bots.disconnect();
  });

  test('a show: five bots with Collapse, never saved; pause holds it; skip stops at an event', async () => {
    startDemo({ seed: 'show-54', speed: 4 }, { store: useGame, bots });
    let s = useGame.getState();
    expect(useDemo.getState()).toMatchObject({ running: true, speed: 4, seed: 'show-54' });
    expect(s.persist).toBe(false);
    expect(s.game!.players).toHaveLength(5);
    expect(s.game!.options.collapse).toBe(true);
    expect(useDemo.getState().caption).toMatch(/^Five bots play/);

    // Paused, the driver asks the director's pacer, is held and stops any search: no bot is
    // thinking, so no move can come until the show goes on.
    setPaused(true);
    expect(useGame.getState().thinking).toBeNull();

    // Skip: on at full speed through placement, up to the first event, which is captioned.
    skip();
    expect(useDemo.getState()).toMatchObject({ skipping: true, paused: false });
    await vi.waitFor(
      () => {
        expect(useDemo.getState().skipping).toBe(false);
        expect(useDemo.getState().log.length).toBeGreaterThan(0);
      },
      { timeout: 30_000, interval: 50 },
    );
    s = useGame.getState();
    expect(s.view!.status().phase).toBe('play');

    // Take over: the show becomes a normal game with that seat human.
    const seat = seatsToTake(s.game)[0];
    const setPacer = vi.spyOn(bots, 'setPacer');
    takeOver(seat.label);
    expect(useDemo.getState().running).toBe(false);
    s = useGame.getState();
    const index = s.game!.players.find((p) => p.label === seat.label)!.setupIndex;
    expect(s.config.players[index].kind).toBe('human');
    expect(s.config.players.filter((p) => p.kind === 'bot')).toHaveLength(4);
    expect(s.persist).toBe(true);
    // The bots are paced as in any game again (the director's pacer is gone).
    expect(setPacer).toHaveBeenLastCalledWith(null);
    setPacer.mockRestore();
  }, 60_000);

  test('exit goes back to the setup screen with the visitor’s setup', () => {
    useGame.setState({ config: defaultConfig(4, 'before-demo') });
    startDemo({}, { store: useGame, bots });
    expect(CURATED_SEEDS).toContain(useDemo.getState().seed as (typeof CURATED_SEEDS)[number]);
    expect(useGame.getState().config.players[0].name).toBe('Pink');
    exitDemo();
    const s = useGame.getState();
    expect(s.screen).toBe('setup');
    expect(s.game).toBeNull();
    expect(s.config.seed).toBe('before-demo');
    expect(useDemo.getState().running).toBe(false);
  });
});
