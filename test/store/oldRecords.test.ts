/**
 * Records from before the house rule Quiet shifts (R9.7, issue 62): a saved game, a game text, a
 * position's JSON, a link or an autosave without the switch reads with it off, at four players
 * and more too, where a new game has it on (R10.1: a game is its setup and its actions).
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  Game,
  NO_OPTIONS,
  loadSavedGame,
  makePosition,
  parsePosition,
  readGameText,
  saveGame,
  writeGameText,
  type SaveFile,
} from '../../src/core';
import { defaultConfig } from '../../src/store/config';
import { AUTOSAVE_KEY, resume, useStorage } from '../../src/device/persist';
import { gameFragment } from '../../src/device/shareLink';
import { configOf, createGameStore } from '../../src/store/store';
import { must, randomGame } from '../fixtures/recordGames';

/** A game of `players` played as written, saved as before R9.7: no "quiet" in its options. */
function oldSave(players: number, seed: string): { game: Game; file: SaveFile } {
  const game = randomGame({ ...NO_OPTIONS }, players, seed, 60);
  const file = JSON.parse(JSON.stringify(saveGame(game))) as SaveFile;
  const options: Partial<typeof NO_OPTIONS> = { ...file.setup.options };
  delete options.quiet;
  file.setup.options = options;
  expect(Object.keys(options)).not.toContain('quiet');
  return { game, file };
}

describe('R9.7 R10.1 a record without Quiet shifts reads with it off', () => {
  test.each([4, 5, 8])(
    'R9.7 R10.1 a saved game of %i players without the switch loads with it off',
    (n) => {
      const { game, file } = oldSave(n, `old-json-${n}`);
      const loaded = must(loadSavedGame(JSON.stringify(file))).game;
      expect(loaded.setup.options).toEqual(NO_OPTIONS);
      expect(loaded.position.options.quiet).toBe(false);
      expect(loaded.actions).toEqual(game.actions);
    },
  );

  test('R9.7 R10.1 a game text without the switch reads with it off; with it, on', () => {
    const { game, file } = oldSave(5, 'old-text');
    const text = writeGameText(file, game);
    expect(text).toContain('[Options "none"]');
    expect(must(readGameText(text)).game.setup.options.quiet).toBe(false);
    const quiet = randomGame({ ...NO_OPTIONS, quiet: true, shade: true }, 4, 'quiet-text', 40);
    const quietText = writeGameText(saveGame(quiet), quiet);
    expect(quietText).toContain('[Options "shade quiet"]');
    const read = must(readGameText(quietText)).game;
    expect(read.setup.options).toEqual({ ...NO_OPTIONS, quiet: true, shade: true });
    expect(read.actions).toEqual(quiet.actions);
  });

  test('R9.7 R10.1 a position JSON without the switch reads with it off; with it, on', () => {
    const { game } = oldSave(4, 'old-position');
    const json = makePosition(game.position);
    expect(json.options).toBeUndefined();
    expect(must(parsePosition(JSON.parse(JSON.stringify(json)))).options.quiet).toBe(false);
    const quiet = randomGame({ ...NO_OPTIONS, quiet: true }, 4, 'quiet-position', 30);
    const quietJson = makePosition(quiet.position);
    expect(quietJson.options).toEqual({ quiet: true });
    expect(must(parsePosition(quietJson)).options.quiet).toBe(true);
  });

  test('R9.7 R10.1 a link made before the switch opens the game with it off', async () => {
    const { game, file } = oldSave(4, 'old-link');
    const store = createGameStore();
    expect(
      await store.getState().openSharedLink(`#${await gameFragment(writeGameText(file, game))}`),
    ).toBe(true);
    const s = store.getState();
    expect(s.game?.setup.options.quiet).toBe(false);
    expect(s.game?.actions).toEqual(game.actions);
    expect(s.config.options.quiet).toBe(false);
  });
});

describe('R9.7 R10.1 an autosave from before Quiet shifts', () => {
  beforeEach(() => {
    const items = new Map<string, string>();
    (globalThis as { localStorage?: Partial<Storage> }).localStorage = {
      getItem: (k) => items.get(k) ?? null,
      setItem: (k, v) => void items.set(k, v),
      removeItem: (k) => void items.delete(k),
      key: (i) => [...items.keys()][i] ?? null,
      get length() {
        return items.size;
      },
    };
    useStorage.setState({ problem: null });
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: Storage }).localStorage;
  });

  test('R9.7 R10.1 a 4-player game stored without the switch resumes with it off and its seats; a new game gets it on', () => {
    const { game, file } = oldSave(4, 'old-autosave');
    const config = configOf(game, [
      { kind: 'human' },
      ...Array.from({ length: 3 }, () => ({ kind: 'bot' as const, level: 2 as const })),
    ]);
    // The config as stored then: no quiet switch among the options.
    const oldOptions: Partial<typeof NO_OPTIONS> = { ...NO_OPTIONS };
    delete oldOptions.quiet;
    localStorage.setItem(
      AUTOSAVE_KEY,
      JSON.stringify({ save: file, cursor: 0, config: { ...config, options: oldOptions } }),
    );
    const r = resume();
    expect(useStorage.getState().problem).toBeNull();
    expect(r.kind).toBe('ok');
    if (r.kind !== 'ok') return;
    expect(r.game.setup.options.quiet).toBe(false);
    expect(r.config?.options).toEqual(NO_OPTIONS);
    expect(r.config?.players.map((p) => p.kind)).toEqual(['human', 'bot', 'bot', 'bot']);

    const store = createGameStore();
    store.getState().resumeStored(true);
    expect(store.getState().game?.setup.options.quiet).toBe(false);
    // A new game of four, as the setup screen starts one: Quiet shifts on.
    expect(store.getState().newGame(defaultConfig(4, 'new-game'))).toBe(true);
    expect(store.getState().game?.setup.options.quiet).toBe(true);
  });
});
