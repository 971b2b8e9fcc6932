/** The autosave never loses the player's data and never fails silently (issue #12, items 2–4). */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { Game, saveGame } from '../../src/core';
import { defaultConfig, toSetup, type GameConfig } from '../../src/store/config';
import {
  AUTOSAVE_KEY,
  CORRUPT_KEY_PREFIX,
  MAX_KEPT,
  autosave,
  keptKeys,
  removeKept,
  resume,
  useStorage,
} from '../../src/device/persist';
import { saveOnChange } from '../../src/drivers/autosave';
import { createGameStore } from '../../src/store/store';

// A store of its own, saved on every change as the app's is.
const useGame = createGameStore();
saveOnChange(useGame, (flush) => flush());

/** localStorage with a quota in characters (keys and values), like the browsers'. */
class QuotaStorage implements Storage {
  private items = new Map<string, string>();
  constructor(
    public quota = 5_000_000,
    public refuseAll = false,
  ) {}
  get length() {
    return this.items.size;
  }
  used() {
    let n = 0;
    for (const [k, v] of this.items) n += k.length + v.length;
    return n;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    const after = this.used() - (this.items.has(k) ? k.length + this.items.get(k)!.length : 0);
    if (this.refuseAll || after + k.length + v.length > this.quota) {
      const e = new Error('The quota has been exceeded.');
      e.name = 'QuotaExceededError';
      throw e;
    }
    this.items.set(k, String(v));
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
  clear() {
    this.items.clear();
  }
  [name: string]: unknown;
}

let ls: QuotaStorage;
const config = defaultConfig(3, 'persist-seed');
const game = () => {
  const created = Game.create(toSetup(config));
  if (!created.ok) throw new Error(created.error.message);
  const placed = created.value.autoPlace('balanced', 'all');
  if (!placed.ok) throw new Error(placed.error.message);
  return placed.value;
};
const stored = (c: unknown) => JSON.stringify({ save: saveGame(game()), cursor: 0, config: c });
const problem = () => useStorage.getState().problem;

beforeEach(() => {
  ls = new QuotaStorage();
  (globalThis as { localStorage?: Storage }).localStorage = ls;
  useStorage.setState({ problem: null });
});
afterEach(() => {
  delete (globalThis as { localStorage?: Storage }).localStorage;
});

describe('the stored setup is checked as strictly as the saved game (item 2)', () => {
  test('a setup with players [null] is refused: the game resumes with human seats, nothing lost', () => {
    const raw = stored({ ...config, players: [null] });
    ls.setItem(AUTOSAVE_KEY, raw);
    const r = resume();
    expect(r.kind).toBe('ok');
    expect(r.kind === 'ok' && r.config).toBeNull();
    expect(problem()?.text).toMatch(
      /setup is not valid \(config.players has 1 players, the game 3\)/,
    );
    expect(problem()?.text).toMatch(/every seat human/);
    const kept = keptKeys();
    expect(kept).toHaveLength(1);
    expect(ls.getItem(kept[0])).toBe(raw);
  });

  test.each([
    ['a player that is null', { players: [null, null, null] }, /players\[0\] is not an object/],
    [
      'a seat kind that is unknown',
      { players: config.players.map((p) => ({ ...p, kind: 'robot' })) },
      /players\[0\]\.kind/,
    ],
    [
      'a bot level out of range',
      { players: config.players.map((p) => ({ ...p, level: 7 })) },
      /players\[0\]\.level/,
    ],
    [
      'a name that is not the game player',
      { players: config.players.map((p) => ({ ...p, name: 'X' })) },
      /players\[0\]\.name/,
    ],
    ['a placement that is unknown', { placement: 'thrown' }, /config.placement/],
    ['options that are not switches', { options: { collapse: 'yes' } }, /config.options/],
    ['a seed that is not text', { seed: 42 }, /config.seed/],
    ['a thinking time that is not a time', { thinkMs: -1 }, /config.thinkMs/],
  ])('%s is refused', (_, change, error) => {
    ls.setItem(AUTOSAVE_KEY, stored({ ...config, ...change }));
    const r = resume();
    expect(r.kind === 'ok' && r.config).toBeNull();
    expect(problem()?.text).toMatch(error);
  });

  test('a valid setup resumes with its seats', () => {
    const bots: GameConfig = {
      ...config,
      players: config.players.map((p, i) => (i ? { ...p, kind: 'bot', level: 3 } : p)),
      thinkMs: 6_000,
    };
    ls.setItem(AUTOSAVE_KEY, stored(bots));
    const r = resume();
    expect(r.kind === 'ok' && r.config).toEqual(bots);
    expect(problem()).toBeNull();
  });

  test('the store does not write a bad setup back: the next autosave holds a valid one', () => {
    ls.setItem(AUTOSAVE_KEY, stored({ ...config, players: [null] }));
    useGame.getState().resumeStored(false);
    const s = useGame.getState();
    expect(s.config.players.map((p) => p.kind)).toEqual(['human', 'human', 'human']);
    expect(useGame.getState().newGame({ ...s.config })).toBe(true);
    const saved = JSON.parse(ls.getItem(AUTOSAVE_KEY)!);
    expect(saved.config.players.map((p: { name: string }) => p.name)).toEqual(
      config.players.map((p) => p.name),
    );
  });
});

describe('a stored game that does not load is really kept, or offered as a download (item 3)', () => {
  test('a 4.5 M-character autosave is kept aside although two copies do not fit', () => {
    const raw = `{"save": {"format": 1}, "pad": "${'x'.repeat(4_500_000)}"}`;
    ls.setItem(AUTOSAVE_KEY, raw);
    expect(resume().kind).toBe('corrupt');
    const kept = keptKeys();
    expect(kept).toHaveLength(1);
    expect(ls.getItem(kept[0])).toBe(raw);
    expect(ls.getItem(AUTOSAVE_KEY)).toBeNull();
    expect(problem()?.text).toContain(`kept aside as "${kept[0]}"`);
    expect(problem()?.download).toBeNull();
  });

  test('when storage refuses the copy, the report says so and offers the data to download', () => {
    const raw = '{"save": {"format": 1}}';
    ls.setItem(AUTOSAVE_KEY, raw);
    ls.refuseAll = true;
    expect(resume().kind).toBe('corrupt');
    expect(keptKeys()).toEqual([]);
    expect(problem()?.text).not.toMatch(/kept aside as/);
    expect(problem()?.text).toMatch(
      /could not be kept aside \(the browser's storage for this page is full\)/,
    );
    expect(problem()?.download?.data).toBe(raw);
  });

  test(`at most ${MAX_KEPT} are kept aside; past that the data stays and is offered to download`, () => {
    for (let i = 0; i < MAX_KEPT + 1; i++) {
      ls.setItem(AUTOSAVE_KEY, `not json ${i}`);
      resume();
    }
    expect(keptKeys()).toHaveLength(MAX_KEPT);
    expect(ls.getItem(AUTOSAVE_KEY)).toBe(`not json ${MAX_KEPT}`);
    expect(problem()?.download?.data).toBe(`not json ${MAX_KEPT}`);
    expect(problem()?.text).toMatch(/Remove kept data/);
    expect(removeKept()).toBe(MAX_KEPT);
    expect(keptKeys()).toEqual([]);
    expect(Object.keys(ls).some((k) => k.startsWith(CORRUPT_KEY_PREFIX))).toBe(false);
  });
});

describe('a failed autosave is reported (item 4)', () => {
  test('with storage full the player is told once, and the notice goes once saving works', () => {
    const g = game();
    ls.setItem(CORRUPT_KEY_PREFIX + '1', 'x'.repeat(1000));
    ls.quota = 1100;
    autosave(g, g.length, config);
    expect(ls.getItem(AUTOSAVE_KEY)).toBeNull();
    expect(problem()?.kind).toBe('save');
    expect(problem()?.text).toMatch(
      /not being saved in the browser: the browser's storage for this page is full/,
    );
    expect(problem()?.text).toMatch(/1 stored game is kept aside/);
    useStorage.setState({ problem: null });
    autosave(g, g.length, config);
    expect(problem()).toBeNull(); // said once for a run of failures
    removeKept();
    ls.quota = 5_000_000;
    useStorage.setState({ problem: { kind: 'save', text: 'x', download: null } });
    autosave(g, g.length, config);
    expect(ls.getItem(AUTOSAVE_KEY)).not.toBeNull();
    expect(problem()).toBeNull();
  });
});
