/**
 * Autosave is a subscriber the app connects: a store alone saves nothing; connected, every move
 * and cursor change of a game that persists is saved and resumes, and a demo show is never saved.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { saveOnChange, type Schedule } from '../../src/drivers/autosave';
import { defaultConfig } from '../../src/store/config';
import { AUTOSAVE_KEY } from '../../src/device/persist';
import { createGameStore } from '../../src/store/store';
import { memoryStorage } from '../fixtures/memoryStorage';

const saved = () => JSON.parse(localStorage.getItem(AUTOSAVE_KEY) ?? 'null');
/** Writes at once (the tests read the storage right after each change). */
const atOnce: Schedule = (flush) => flush();
const config = { ...defaultConfig(3, 'autosave'), placement: 'balanced' as const };

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('autosave', () => {
  test('a store alone saves nothing', () => {
    const store = createGameStore();
    store.getState().newGame(config);
    expect(saved()).toBeNull();
  });

  test('connected, moves and the cursor are saved, and the game resumes', () => {
    const store = createGameStore();
    const stop = saveOnChange(store, atOnce);
    store.getState().newGame(config);
    store.getState().play(store.getState().view!.legalActions()[0]);
    const game = store.getState().game!;
    expect(saved()).toMatchObject({ cursor: game.length, save: { actions: game.actions } });
    store.getState().undo();
    expect(saved().cursor).toBe(game.length - 1);
    stop();

    const again = createGameStore();
    again.getState().resumeStored();
    expect(again.getState().game!.actions).toEqual(game.actions);
    expect(again.getState().cursor).toBe(game.length - 1);
  });

  test('a game that does not persist (a demo show) is not saved', () => {
    const store = createGameStore();
    saveOnChange(store, atOnce);
    store.getState().newGame(config, { persist: false });
    store.getState().play(store.getState().view!.legalActions()[0]);
    expect(saved()).toBeNull();
    // Handed to a player (persist turns on): saved from then on.
    store.setState({ persist: true });
    expect(saved().save.actions).toEqual(store.getState().game!.actions);
  });

  test('a burst of changes is written once, with the latest state', () => {
    const store = createGameStore();
    const waiting: (() => void)[] = [];
    const writes: string[] = [];
    const setItem = localStorage.setItem.bind(localStorage);
    vi.spyOn(localStorage, 'setItem').mockImplementation((k, v) => {
      writes.push(k);
      setItem(k, v);
    });
    saveOnChange(store, (flush) => waiting.push(flush));
    store.getState().newGame(config);
    for (let i = 0; i < 5; i++) store.getState().play(store.getState().view!.legalActions()[0]);
    store.getState().undo();
    expect(waiting).toHaveLength(1);
    expect(saved()).toBeNull();
    waiting[0]();
    expect(writes.filter((k) => k === AUTOSAVE_KEY)).toHaveLength(1);
    const game = store.getState().game!;
    expect(saved()).toMatchObject({ cursor: game.length - 1, save: { actions: game.actions } });
  });
});
