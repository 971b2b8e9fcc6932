/** Saved games (R10.1): JSON with a format version, the setup and the action list. */
import { Game } from './game';
import type { GameSetup } from './setup';
import { fail, ok, type Result } from './types';

export const SAVE_FORMAT = 'n-dimensional-chess';
export const SAVE_VERSION = 1;

export interface SaveFile {
  format: typeof SAVE_FORMAT;
  version: typeof SAVE_VERSION;
  setup: GameSetup;
  actions: string[];
}

export function saveGame(game: Game): SaveFile {
  return {
    format: SAVE_FORMAT,
    version: SAVE_VERSION,
    setup: { players: game.setup.players, seed: game.setup.seed, options: game.setup.options },
    actions: [...game.actions],
  };
}

/**
 * Load a saved game (its JSON text or parsed object): check the fields and replay every action
 * through the rules. The first bad field or action is named in the error; nothing half-loads.
 */
export function loadGame(input: unknown): Result<Game> {
  let data = input;
  if (typeof input === 'string') {
    try {
      data = JSON.parse(input);
    } catch (e) {
      return fail('bad-save', `saved game is not valid JSON: ${(e as Error).message}`);
    }
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return fail('bad-save', 'saved game must be a JSON object');
  const { format, version, setup, actions } = data as Record<string, unknown>;
  if (format !== SAVE_FORMAT)
    return fail(
      'bad-save',
      `saved game: "format" must be "${SAVE_FORMAT}", got ${JSON.stringify(format)}`,
    );
  if (version !== SAVE_VERSION)
    return fail(
      'wrong-version',
      `saved game: version ${JSON.stringify(version)} is not supported (this game reads version ${SAVE_VERSION})`,
    );
  const created = Game.create(setup as GameSetup);
  if (!created.ok) return fail('bad-save', `saved game: setup: ${created.error.message}`);
  if (!Array.isArray(actions))
    return fail('bad-save', 'saved game: "actions" must be a list of texts');
  let game = created.value;
  for (const [i, text] of actions.entries()) {
    if (typeof text !== 'string')
      return fail(
        'bad-save',
        `saved game: action ${i + 1} must be a text, got ${JSON.stringify(text)}`,
      );
    const next = game.play(text);
    if (!next.ok)
      return fail('bad-save', `saved game: action ${i + 1} (${text}): ${next.error.message}`);
    game = next.value;
  }
  return ok(game);
}
