/**
 * A tutorial lesson in the store: its game is never saved, a coalesced save of the player's game
 * is written before the lesson replaces it, leaving returns to the player's screen, game, cursor
 * and setup, and no bot search starts for a lesson's seats. The progress and the hints dismissed
 * are read strictly from the stored preferences.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { saveOnChange } from '../../src/drivers/autosave';
import { botToMove } from '../../src/drivers/bots';
import { defaultConfig, type GameConfig } from '../../src/store/config';
import { AUTOSAVE_KEY } from '../../src/device/persist';
import { defaultPrefs, readPrefs } from '../../src/device/prefs';
import { createGameStore } from '../../src/store/store';
import { lessonById } from '../../src/tutorial/lessons';
import { lessonGame } from '../../src/tutorial/lesson';
import { memoryStorage } from '../fixtures/memoryStorage';

beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
afterEach(() => vi.unstubAllGlobals());

const lessonSetup = (id: string) => {
  const game = lessonGame(lessonById(id)!);
  const config: GameConfig = {
    players: game.setup.players.map((p, i) =>
      i === 0 ? { ...p, kind: 'human' } : { ...p, kind: 'bot', level: 1 },
    ),
    seed: game.setup.seed,
    placement: 'hand',
    options: { ...game.setup.options },
  };
  return { game, config };
};

describe('a lesson in the store', () => {
  test('never saved; the player’s waiting save is written first; leaving restores the game', () => {
    const store = createGameStore();
    // A schedule that never flushes by itself: only the lesson's own write can save the move.
    saveOnChange(store, () => {});
    const own = { ...defaultConfig(3, 'own'), placement: 'balanced' as const };
    store.getState().newGame(own);
    store.getState().play(store.getState().view!.legalActions()[0]);
    const game = store.getState().game!;
    expect(localStorage.getItem(AUTOSAVE_KEY)).toBeNull();

    const { game: lesson, config } = lessonSetup('boards');
    store.getState().startLesson('boards', lesson, config);
    const stored = localStorage.getItem(AUTOSAVE_KEY)!;
    expect(JSON.parse(stored).save.actions).toEqual(game.actions);
    expect(store.getState()).toMatchObject({ screen: 'game', persist: false, game: lesson });
    expect(store.getState().exportGame()).toBeNull();
    store.getState().play(store.getState().view!.legalActions()[0]);
    // A second lesson keeps the first place to go back to.
    const next = lessonSetup('shift');
    store.getState().startLesson('shift', next.game, next.config);
    expect(localStorage.getItem(AUTOSAVE_KEY)).toBe(stored);

    store.getState().leaveLesson();
    expect(store.getState()).toMatchObject({
      screen: 'game',
      game,
      cursor: game.length,
      persist: true,
      lesson: null,
    });
    expect(store.getState().config.players.map((p) => p.name)).toEqual(
      own.players.map((p) => p.name),
    );
  });

  test('from the setup screen, leaving returns to it with the setup the player had', () => {
    const store = createGameStore();
    const before = store.getState().config;
    const { game, config } = lessonSetup('mate');
    store.getState().startLesson('mate', game, config);
    store.getState().leaveLesson();
    expect(store.getState()).toMatchObject({ screen: 'setup', game: null, config: before });
  });

  test('a game the lesson ends opens no game-over dialog', () => {
    const store = createGameStore();
    const { game, config } = lessonSetup('two-left');
    store.getState().startLesson('two-left', game, config);
    const mate = game.legalActions().find((m) => game.actionText(m) === 'AB:Rb1-b8')!;
    store.getState().play(mate);
    expect(store.getState().view!.status().phase).toBe('over');
    expect(store.getState().dialog).toBeNull();
  });

  test('the opponents’ seats are bot seats, yet the bot driver is held by the lesson', async () => {
    const { driveBots } = await import('../../src/drivers/bots');
    const store = createGameStore();
    const { game, config } = lessonSetup('boards');
    store.getState().startLesson('boards', game, config);
    store.getState().play(game.legalActions().find((m) => game.actionText(m) === 'AB:Ra1xa6')!);
    const s = store.getState();
    expect(botToMove(s.game, s.config)).toBe(1);
    const createClient = vi.fn(() => {
      throw new Error('no bot may be asked in a lesson');
    });
    const driver = driveBots(store, { createClient });
    expect(createClient).not.toHaveBeenCalled();
    expect(store.getState().thinking).toBeNull();
    driver.disconnect();
  });
});

describe('tutorial progress and hints in the preferences', () => {
  const defaults = defaultPrefs(false);
  test('lists of ids are read; anything else is left at the default', () => {
    expect(readPrefs('{"lessonsDone":["boards","shift"]}', defaults).lessonsDone).toEqual([
      'boards',
      'shift',
    ]);
    expect(readPrefs('{"hintsDismissed":["play"]}', defaults).hintsDismissed).toEqual(['play']);
    for (const bad of ['"boards"', '[1]', '{"a":1}', '[""]', 'null', `["${'x'.repeat(41)}"]`])
      expect(readPrefs(`{"lessonsDone":${bad}}`, defaults).lessonsDone).toEqual([]);
    expect(readPrefs('{"lessonsDone":', defaults)).toEqual(defaults);
  });
});
