/** Autosave to localStorage; a stored game that does not load is set aside, never fatal. */
import { Game, loadGame, saveGame, type SaveFile } from '../core';
import type { GameConfig } from './config';

export const AUTOSAVE_KEY = 'ndchess.autosave';
export const CORRUPT_KEY_PREFIX = 'ndchess.corrupt.';

interface Stored {
  save: SaveFile;
  cursor: number;
  config: GameConfig;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function autosave(game: Game | null, cursor: number, config: GameConfig): void {
  const ls = storage();
  if (!ls) return;
  try {
    if (!game) ls.removeItem(AUTOSAVE_KEY);
    else ls.setItem(AUTOSAVE_KEY, JSON.stringify({ save: saveGame(game), cursor, config }));
  } catch {
    // Quota or privacy mode: the game goes on unsaved.
  }
}

export type Resumed =
  | { kind: 'none' }
  | { kind: 'ok'; game: Game; cursor: number; config: GameConfig | null }
  | { kind: 'corrupt'; message: string; keptAs: string };

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
    const loaded = loadGame(data?.save);
    if (loaded.ok) {
      const game = loaded.value;
      const c = Number(data.cursor);
      const cursor = Number.isInteger(c) && c >= 0 && c <= game.length ? c : game.length;
      const config = data.config && Array.isArray(data.config.players) ? data.config : null;
      return { kind: 'ok', game, cursor, config };
    }
    message = loaded.error.message;
  } catch (e) {
    message = `stored game is not valid JSON: ${(e as Error).message}`;
  }
  const keptAs = CORRUPT_KEY_PREFIX + Date.now();
  try {
    ls.setItem(keptAs, raw);
    ls.removeItem(AUTOSAVE_KEY);
  } catch {
    // Nothing more to do: the page goes on without the stored game.
  }
  return { kind: 'corrupt', message, keptAs };
}
