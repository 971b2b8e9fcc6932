/**
 * The analysis board (issue 47 item 3): a sandbox opened at any position of a game, where any
 * player is moved by the ordinary tap path, kept as a variation tree. The record (its actions,
 * its saved JSON, the autosave) never changes, whatever is done in it; "Play from here" starts a
 * new game from the position shown and leaves the old one saved.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { BotClient } from '../../src/ai/client';
import type { BotAnswer, BotRequest } from '../../src/ai/protocol';
import { createRng, makePosition, randomInt, saveGame, type Game } from '../../src/core';
import { driveAnalysisLine, lineSteps } from '../../src/drivers/analysisLine';
import { saveOnChange, type Schedule } from '../../src/drivers/autosave';
import { driveBots } from '../../src/drivers/bots';
import { defaultConfig, type GameConfig } from '../../src/store/config';
import { AUTOSAVE_KEY } from '../../src/device/persist';
import { createGameStore, type GameStore } from '../../src/store/store';
import { turnAccess } from '../../src/store/turnAccess';
import { ROOT, actionsTo, nodeOf } from '../../src/store/variations';
import { memoryStorage } from '../fixtures/memoryStorage';
import { inlineWorker } from '../ai/inlineWorker';
import { createBotClient } from '../../src/ai/client';

const atOnce: Schedule = (flush) => flush();

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** n seats, the first human, the others level-1 bots (no bot driver: the test moves them all). */
function config(n: number, seed: string): GameConfig {
  const c = defaultConfig(n, seed);
  return {
    ...c,
    placement: 'balanced',
    players: c.players.map((p, i) => (i === 0 ? p : { ...p, kind: 'bot', level: 1 })),
  };
}

/** A random legal action of the player to move, played by the tap path where it can be. */
function playRandom(store: GameStore, rng: () => number): void {
  const s = store.getState();
  const view = s.view!;
  const legal = view.legalActions();
  if (legal.length === 0) return;
  const pos = view.position;
  // Tap one of the mover's pieces with somewhere to go, then one of its targets.
  const pieces: { board: number; square: number }[] = [];
  for (let board = 0; board < pos.nb; board++)
    for (let square = 0; square < 64; square++)
      if (pos.ownerAt(board, square) === pos.turn && view.destinations(board, square).length)
        pieces.push({ board, square });
  // The record refuses taps for bot seats (the test plays them), the sandbox takes every seat's.
  if (pieces.length && view.status().kind === 'move' && turnAccess(s).may && rng() < 0.7) {
    const from = pieces[randomInt(rng, pieces.length)];
    s.tapSquare(from.board, from.square);
    const targets = store.getState().targets;
    expect(targets.length).toBeGreaterThan(0);
    const to = targets[randomInt(rng, targets.length)];
    store.getState().tapSquare(to.board, to.square);
    const choice = store.getState().choice;
    if (choice) store.getState().choose(choice[randomInt(rng, choice.length)].action);
    return;
  }
  expect(s.play(legal[randomInt(rng, legal.length)])).toBe(true);
}

/** What must never change while the sandbox is open: the record, its cursor, its saved forms. */
function recordOf(store: GameStore) {
  const s = store.getState();
  return {
    game: s.game,
    actions: [...s.game!.actions],
    cursor: s.cursor,
    json: s.exportGame(),
    text: s.exportGameText(),
    stored: localStorage.getItem(AUTOSAVE_KEY),
  };
}

describe('the analysis board never changes the record', () => {
  test('random games, random positions, random moves for any player, branches, back and forth', () => {
    for (const seed of ['a1', 'b2', 'c3', 'd4', 'e5', 'f6']) {
      const rng = createRng(`analysis-${seed}`);
      const store = createGameStore();
      const stop = saveOnChange(store, atOnce);
      const n = 3 + randomInt(rng, 3);
      expect(store.getState().newGame(config(n, seed))).toBe(true);
      const length = 5 + randomInt(rng, 40);
      for (let i = 0; i < length && store.getState().view!.status().phase === 'play'; i++)
        playRandom(store, rng);
      const game = store.getState().game!;
      store.getState().goTo(randomInt(rng, game.length + 1));
      const before = recordOf(store);
      const shownBefore = store.getState().view!;
      expect(before.stored).not.toBeNull();

      store.getState().openAnalysis();
      expect(store.getState().analysis).not.toBeNull();
      expect(store.getState().view).toBe(shownBefore);
      for (let step = 0; step < 40; step++) {
        const s = store.getState();
        const a = s.analysis!;
        const ids = [...a.tree.nodes.keys()];
        const roll = rng();
        if (roll < 0.55 && s.view!.status().phase === 'play') {
          // Any player: the sandbox lets this device move whoever is to move, bot seats too.
          expect(turnAccess(s)).toMatchObject({ may: true, live: false });
          playRandom(store, rng);
        } else if (roll < 0.7) s.goToVariation(ids[randomInt(rng, ids.length)]);
        else if (roll < 0.8) s.stepVariation(rng() < 0.5 ? -1 : 1);
        else if (roll < 0.85) s.undo();
        else if (roll < 0.9) s.goTo(randomInt(rng, game.length + 1));
        else if (roll < 0.95) s.deleteVariation(ids[randomInt(rng, ids.length)]);
        else s.promoteVariation(ids[randomInt(rng, ids.length)]);
        const now = store.getState();
        expect(recordOf(store)).toEqual(before);
        expect(now.game).toBe(before.game);
        // The position shown is the node's: the opening position and the actions that lead to it.
        const path = actionsTo(now.analysis!.tree, now.analysis!.node);
        expect(now.view!.actions).toEqual([...shownBefore.actions, ...path]);
        expect(now.view).toBe(now.analysis!.shown);
      }
      store.getState().closeAnalysis();
      const after = store.getState();
      expect(after.analysis).toBeNull();
      expect(recordOf(store)).toEqual(before);
      expect(after.view!.actions).toEqual(shownBefore.actions);
      expect(makePosition(after.view!.position)).toEqual(makePosition(shownBefore.position));
      stop();
    }
  });

  test('"Play from here" starts a game from the node shown; the old game stays saved as it was', () => {
    for (const seed of ['p1', 'p2', 'p3']) {
      const rng = createRng(`play-from-${seed}`);
      const store = createGameStore();
      const stop = saveOnChange(store, atOnce);
      store.getState().newGame(config(3 + randomInt(rng, 2), seed));
      for (let i = 0; i < 12; i++) playRandom(store, rng);
      store.getState().goTo(store.getState().game!.length - randomInt(rng, 6));
      const before = recordOf(store);
      store.getState().openAnalysis();
      for (let i = 0; i < 1 + randomInt(rng, 5); i++) playRandom(store, rng);
      // Play from a node somewhere in the tree.
      const a = store.getState().analysis!;
      const ids = [...a.tree.nodes.keys()];
      store.getState().goToVariation(ids[randomInt(rng, ids.length)]);
      const shown = store.getState().view!;
      const mover = shown.position.turn;
      expect(store.getState().playFromHere()).toBe(true);
      const s = store.getState();
      expect(s.analysis).toBeNull();
      expect(s.game).not.toBe(before.game);
      expect(s.game!.fromPosition).toBe(true);
      expect(s.game!.length).toBe(0);
      expect(makePosition(s.view!.position)).toEqual(makePosition(shown.position));
      expect(s.view!.position.turn).toBe(mover);
      expect(s.game!.players.map((p) => p.name)).toEqual(shown.players.map((p) => p.name));
      // The human takes the seat to move, level-1 bots the others.
      expect(s.config.players.map((p) => p.kind)).toEqual(
        shown.players.map((_, p) => (p === mover ? 'human' : 'bot')),
      );
      expect(s.persist).toBe(false);
      // The old game stays in the autosave exactly as it was, and its record is unchanged.
      expect(localStorage.getItem(AUTOSAVE_KEY)).toBe(before.stored);
      expect(before.game!.actions).toEqual(before.actions);
      expect(JSON.parse(before.stored!)).toMatchObject({
        cursor: before.cursor,
        save: saveGame(before.game!),
      });
      // The new game is played: its moves go into its own record.
      playRandom(store, rng);
      expect(store.getState().game!.length).toBe(1);
      expect(localStorage.getItem(AUTOSAVE_KEY)).toBe(before.stored);
      stop();
    }
  });

  test('"Play from here": the bots play their seats of the new game (set up from a position)', async () => {
    const store = createGameStore();
    store.getState().newGame(config(3, 'from-bots'));
    store.getState().openAnalysis();
    store.getState().play(store.getState().view!.legalActions()[0]);
    expect(store.getState().playFromHere()).toBe(true);
    const driver = driveBots(store, {
      createClient: () => createBotClient({ createWorker: () => inlineWorker() }),
    });
    store.getState().play(store.getState().view!.legalActions()[0]);
    // The two bots answer, one after the other.
    await vi.waitFor(() => expect(store.getState().game!.length).toBe(3), { timeout: 20_000 });
    expect(store.getState().notice).toBeNull();
    driver.disconnect();
  });
});

describe('the analysis board, its tree and its surroundings', () => {
  function opened(seed = 'tree'): GameStore {
    const store = createGameStore();
    store.getState().newGame(config(3, seed));
    store.getState().openAnalysis();
    return store;
  }

  test('a move played again goes to its node; another one is a new side line', () => {
    const store = opened();
    const first = store.getState().view!.legalActions()[0];
    const second = store.getState().view!.legalActions()[1];
    store.getState().play(first);
    const node = store.getState().analysis!.node;
    store.getState().stepVariation(-1);
    expect(store.getState().analysis!.node).toBe(ROOT);
    store.getState().play(first);
    expect(store.getState().analysis!.node).toBe(node);
    store.getState().undo();
    store.getState().play(second);
    const tree = store.getState().analysis!.tree;
    expect(nodeOf(tree, ROOT).children).toHaveLength(2);
    // Deleting the line shown shows the node it grew from.
    store.getState().deleteVariation(store.getState().analysis!.node);
    expect(store.getState().analysis!.node).toBe(ROOT);
    expect(store.getState().view).toBe(store.getState().analysis!.base);
  });

  test('bots do not move while the board is open, in the sandbox or in the game', () => {
    const store = createGameStore();
    store.getState().newGame(config(3, 'bots-hold'));
    const asked: BotRequest[] = [];
    const client: BotClient = {
      think: (request) => {
        asked.push({ ...request, id: asked.length });
        return new Promise<BotAnswer>(() => {});
      },
      cancel() {},
    };
    // A bot to move at the end of the record, then the board opened.
    while (turnAccess(store.getState()).bot === null)
      store.getState().play(store.getState().view!.legalActions()[0]);
    store.getState().openAnalysis();
    const driver = driveBots(store, { createClient: () => client });
    for (let i = 0; i < 4; i++) store.getState().play(store.getState().view!.legalActions()[0]);
    expect(store.getState().thinking).toBeNull();
    expect(asked).toHaveLength(0);
    store.getState().closeAnalysis();
    expect(asked.length).toBeGreaterThan(0);
    driver.disconnect();
  });

  test('the best line is asked of the worker for the position shown; an answer for another is dropped', async () => {
    const store = opened('line');
    const stop = driveAnalysisLine(store, {
      createClient: () => createBotClient({ createWorker: () => inlineWorker() }),
      nodes: 300,
    });
    const first = store.getState().analysis!.line!;
    expect(first.status).toBe('thinking');
    // Another position shown before the answer: the first answer is not shown for it.
    store.getState().play(store.getState().view!.legalActions()[0]);
    const line = store.getState().analysis!.line!;
    expect(line).not.toBe(first);
    expect(line.view).toBe(store.getState().view);
    await vi.waitFor(() => expect(store.getState().analysis!.line!.status).toBe('shown'));
    const shown = store.getState().analysis!.line!;
    expect(shown.view).toBe(store.getState().view);
    const steps = shown.found!;
    expect(steps).toHaveLength(lineSteps(shown.view));
    let game: Game = shown.view;
    for (const step of steps) {
      expect(step.player).toBe(game.position.turn);
      const next = game.play(step.action);
      if (!next.ok) throw new Error(next.error.message);
      game = next.value;
    }
    // Its first two actions played into the tree: a line of the tree from the node shown.
    const at = store.getState().analysis!.node;
    store.getState().playBestLine(2);
    const a = store.getState().analysis!;
    expect(actionsTo(a.tree, a.node)).toEqual([
      ...actionsTo(a.tree, at),
      ...steps.slice(0, 2).map((step) => step.action),
    ]);
    expect(a.line!.view).toBe(a.shown);
    stop();
  });
});
