/**
 * Autosave to localStorage. Nothing here is fatal and nothing is silent: a stored game that
 * does not load is set aside (or, when storage has no room for it, offered as a download), and
 * a save that fails is reported. What the player must hear about is published in `useStorage`
 * (shown by src/app/StorageNotice.tsx).
 */
import { create } from 'zustand';
import { Game, NO_OPTIONS, loadSavedGame, readTimeControl, saveGame, type SaveFile } from '../core';
import type { GameConfig, PlacementMode } from '../store/config';

export const AUTOSAVE_KEY = 'ndchess.autosave';
export const CORRUPT_KEY_PREFIX = 'ndchess.corrupt.';
/** At most this many stored games are kept aside; past it, more are offered as downloads. */
export const MAX_KEPT = 3;

interface Stored {
  /** The game, with the hints used per player (see saveGame). */
  save: SaveFile;
  cursor: number;
  config: GameConfig;
  /** A timed game's clocks: time left per player (turn order) after `at` actions. */
  clocks?: SavedClocks;
}

/** The clocks beside the record (which stays clock-free, R11.4). */
export interface SavedClocks {
  remainingMs: number[];
  at: number;
}

/** A storage problem the player must hear about. */
export interface StorageProblem {
  /** 'save': saving fails (cleared once a save works again); 'stored': about the stored data. */
  kind: 'save' | 'stored';
  text: string;
  /** Data that could not be kept in storage, offered as a download. */
  download: { name: string; data: string } | null;
}

export const useStorage = create<{ problem: StorageProblem | null }>()(() => ({ problem: null }));

const report = (problem: StorageProblem | null) => useStorage.setState({ problem });

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Why a storage write failed, in words. */
function why(e: unknown): string {
  const name = (e as { name?: string } | null)?.name;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED'
    ? "the browser's storage for this page is full"
    : `the browser refused to store it (${String((e as Error)?.message ?? e).slice(0, 200)})`;
}

/** The keys of the stored games kept aside, oldest first. */
export function keptKeys(): string[] {
  const ls = storage();
  if (!ls) return [];
  const keys: string[] = [];
  for (let i = 0; i < ls.length; i++) {
    const k = ls.key(i);
    if (k?.startsWith(CORRUPT_KEY_PREFIX)) keys.push(k);
  }
  const stamp = (k: string) => Number.parseInt(k.slice(CORRUPT_KEY_PREFIX.length), 10) || 0;
  return keys.sort((a, b) => stamp(a) - stamp(b) || a.localeCompare(b));
}

/** Remove every stored game kept aside (the player's choice, to free storage). */
export function removeKept(): number {
  const ls = storage();
  const keys = keptKeys();
  for (const k of keys) ls?.removeItem(k);
  const p = useStorage.getState().problem;
  if (p?.kind === 'stored' && !p.download) report(null);
  return keys.length;
}

const howToRemove = (n: number) =>
  `${n} stored ${n === 1 ? 'game is' : 'games are'} kept aside (${CORRUPT_KEY_PREFIX}…); "Remove kept data" deletes ${n === 1 ? 'it' : 'them'}.`;

let saveFailing = false;

/** The hints used as saved with `game`: one count per player, or none when they do not fit. */
export const hintsToSave = (game: Game, hints: readonly number[]): number[] | undefined =>
  hints.length === game.setup.players.length ? [...hints] : undefined;

export function autosave(
  game: Game | null,
  cursor: number,
  config: GameConfig,
  hints: readonly number[] = [],
  clocks?: SavedClocks,
): void {
  const ls = storage();
  if (!ls) return;
  try {
    if (!game) ls.removeItem(AUTOSAVE_KEY);
    else {
      const save = saveGame(game, undefined, hintsToSave(game, hints));
      ls.setItem(AUTOSAVE_KEY, JSON.stringify({ save, cursor, config, clocks }));
    }
    if (saveFailing) {
      saveFailing = false;
      if (useStorage.getState().problem?.kind === 'save') report(null);
    }
  } catch (e) {
    if (saveFailing) return; // said once for this run of failures
    saveFailing = true;
    const kept = keptKeys().length;
    report({
      kind: 'save',
      text: `The game is not being saved in the browser: ${why(e)}. Export it to keep it.${kept ? ' ' + howToRemove(kept) : ''}`,
      download: null,
    });
  }
}

/**
 * Move the stored text `raw` from the autosave to a key of its own. Never more than MAX_KEPT
 * are kept; past that, or when storage has no room for it, it stays the autosave (which the
 * next save replaces) and the problem offers it as a download. Returns the words for it.
 */
function setAside(
  ls: Storage,
  raw: string,
): { said: string; download: StorageProblem['download'] } {
  const stamp = Date.now();
  const offer = { name: `ndchess-unreadable-${stamp}.json`, data: raw };
  const kept = keptKeys().length;
  const notKept = 'Download it to keep it: the next save replaces it.';
  if (kept >= MAX_KEPT)
    return {
      said: `It was not kept aside: ${MAX_KEPT} stored games are kept aside already. ${notKept} ${howToRemove(kept)}`,
      download: offer,
    };
  let keptAs = CORRUPT_KEY_PREFIX + stamp;
  for (let i = 2; ls.getItem(keptAs) !== null; i++) keptAs = `${CORRUPT_KEY_PREFIX}${stamp}-${i}`;
  try {
    // The copy may only fit once the original is gone: remove it first, put it back on failure.
    ls.removeItem(AUTOSAVE_KEY);
    ls.setItem(keptAs, raw);
    return {
      said: `It was kept aside as "${keptAs}". ${howToRemove(kept + 1)}`,
      download: null,
    };
  } catch (e) {
    try {
      ls.setItem(AUTOSAVE_KEY, raw);
    } catch {
      return {
        said: `It could not be kept aside (${why(e)}) and is no longer stored: download it to keep it.`,
        download: offer,
      };
    }
    return { said: `It could not be kept aside: ${why(e)}. ${notKept}`, download: offer };
  }
}

const PLACEMENTS: readonly PlacementMode[] = ['hand', 'balanced', 'random'];
const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * The stored setup of `game`, checked as strictly as the saved game itself: every field of the
 * right type, and one player per player of the game, with the game's names and colours.
 */
export function checkConfig(
  x: unknown,
  game: Game,
): { ok: true; value: GameConfig } | { ok: false; error: string } {
  const fail = (error: string) => ({ ok: false as const, error });
  if (!isObject(x)) return fail('config is not an object');
  const { players, seed, placement, options } = x;
  if (!Array.isArray(players)) return fail('config.players is not a list');
  const setup = game.setup.players;
  if (players.length !== setup.length)
    return fail(`config.players has ${players.length} players, the game ${setup.length}`);
  for (let i = 0; i < players.length; i++) {
    const p: unknown = players[i];
    const at = `config.players[${i}]`;
    if (!isObject(p)) return fail(`${at} is not an object`);
    if (p.name !== setup[i].name) return fail(`${at}.name is not the game's player ${i + 1}`);
    if (p.colour !== setup[i].colour) return fail(`${at}.colour is not the game's colour`);
    if (p.kind !== 'human' && p.kind !== 'bot') return fail(`${at}.kind is not "human" or "bot"`);
    if (p.level !== undefined && p.level !== 1 && p.level !== 2 && p.level !== 3)
      return fail(`${at}.level is not 1, 2 or 3`);
  }
  if (typeof seed !== 'string') return fail('config.seed is not text');
  if (!PLACEMENTS.includes(placement as PlacementMode))
    return fail('config.placement is not hand, balanced or random');
  // A switch missing is off: a setup stored before that option existed (Quiet shifts, R9.7).
  if (
    !isObject(options) ||
    Object.keys(NO_OPTIONS).some((k) => options[k] !== undefined && typeof options[k] !== 'boolean')
  )
    return fail('config.options is not a set of switches');
  const think = x.thinkMs;
  if (think !== undefined && !(typeof think === 'number' && think > 0 && think <= 60_000))
    return fail('config.thinkMs is not a time in ms (above 0, at most 60 000)');
  if (x.hintButton !== undefined && typeof x.hintButton !== 'boolean')
    return fail('config.hintButton is not true or false');
  if (x.quietSetByHand !== undefined && typeof x.quietSetByHand !== 'boolean')
    return fail('config.quietSetByHand is not true or false');
  if (x.timeControl !== undefined) {
    const read = readTimeControl(x.timeControl);
    if (!read.ok) return fail(`config.${read.error.message}`);
  }
  return {
    ok: true,
    value: { ...(x as unknown as GameConfig), options: { ...NO_OPTIONS, ...options } },
  };
}

const LONGEST_MS = 24 * 60 * 60 * 1000;

/** The stored clocks of `game`: one time left per player (whole ms, 0 to 24 h), after its last action. */
export function checkClocks(
  x: unknown,
  game: Game,
  baseMs: number,
): { ok: true; value: SavedClocks } | { ok: false; error: string } {
  const fail = (error: string) => ({ ok: false as const, error });
  if (!isObject(x)) return fail('clocks is not an object');
  const { remainingMs, at } = x;
  if (!Array.isArray(remainingMs) || remainingMs.length !== game.players.length)
    return fail(`clocks.remainingMs is not a list of ${game.players.length} times`);
  const bad = remainingMs.findIndex(
    (ms: unknown) =>
      typeof ms !== 'number' ||
      !Number.isInteger(ms) ||
      ms < 0 ||
      ms > Math.max(LONGEST_MS, baseMs),
  );
  if (bad >= 0) return fail(`clocks.remainingMs[${bad}] is not whole ms from 0 to 24 h`);
  if (at !== game.length) return fail(`clocks.at is not the game's ${game.length} actions`);
  return { ok: true, value: { remainingMs: remainingMs as number[], at } };
}

export type Resumed =
  | { kind: 'none' }
  | {
      kind: 'ok';
      game: Game;
      cursor: number;
      config: GameConfig | null;
      hints: number[] | null;
      /** A timed game's clocks (null: none saved, or they were not valid and were set aside). */
      clocks: SavedClocks | null;
    }
  | { kind: 'corrupt' };

/**
 * The stored game. What goes wrong is reported in `useStorage`: a game that does not load is
 * set aside; a valid game with a setup that is not is resumed with every seat human (the
 * stored text set aside too, so nothing is lost).
 */
export function resume(): Resumed {
  const ls = storage();
  if (!ls) return { kind: 'none' };
  let raw: string | null = null;
  try {
    raw = ls.getItem(AUTOSAVE_KEY);
  } catch {
    return { kind: 'none' };
  }
  if (raw === null) return { kind: 'none' };
  let message: string;
  try {
    const data = JSON.parse(raw) as Partial<Stored>;
    const loaded = loadSavedGame(data?.save);
    if (loaded.ok) {
      const { game, hints } = loaded.value;
      const c = Number(data.cursor);
      const cursor = Number.isInteger(c) && c >= 0 && c <= game.length ? c : game.length;
      const config = checkConfig(data.config, game);
      if (config.ok) {
        if (!config.value.timeControl)
          return { kind: 'ok', game, cursor, config: config.value, hints, clocks: null };
        const clocks = checkClocks(data.clocks, game, config.value.timeControl.baseMs);
        if (clocks.ok)
          return { kind: 'ok', game, cursor, config: config.value, hints, clocks: clocks.value };
        // The game goes on with fresh clocks; what was stored is kept aside.
        const aside = setAside(ls, raw);
        report({
          kind: 'stored',
          text: `The saved game's clocks are not valid (${clocks.error}), so they start again from the base time. ${aside.said}`,
          download: aside.download,
        });
        return { kind: 'ok', game, cursor, config: config.value, hints, clocks: null };
      }
      const aside = setAside(ls, raw);
      report({
        kind: 'stored',
        text: `The saved game's setup is not valid (${config.error}), so the game was resumed with every seat human. ${aside.said}`,
        download: aside.download,
      });
      return { kind: 'ok', game, cursor, config: null, hints, clocks: null };
    }
    message = loaded.error.message;
  } catch (e) {
    message = `stored game is not valid JSON: ${(e as Error).message}`;
  }
  const aside = setAside(ls, raw);
  report({
    kind: 'stored',
    text: `The saved game could not be resumed (${message.slice(0, 300)}). ${aside.said}`,
    download: aside.download,
  });
  return { kind: 'corrupt' };
}

/** After the app failed: keep the stored game aside, so that the page starts fresh. */
export function setAsideAfterCrash(): StorageProblem | null {
  const ls = storage();
  const raw = ls?.getItem(AUTOSAVE_KEY);
  if (!ls || raw == null) return null;
  const aside = setAside(ls, raw);
  return { kind: 'stored', text: `The stored game: ${aside.said}`, download: aside.download };
}
