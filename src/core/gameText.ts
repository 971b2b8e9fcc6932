/**
 * A game as text (R10.1), the way a PGN holds a chess game: a header of tags (the seed, the
 * options, one tag per player with their colour and seat, the hints used), then the actions in
 * the game's notation, one turn a line after its player's label. It carries what a saved game's
 * JSON carries (save.ts), so either form loads into the same game, and a text that cannot be read
 * is refused at the line and column of its first fault.
 *
 *     [Game "n-Dimensional Chess"]
 *     [Seed "tabletop"]
 *     [Options "hyperspace collapse"]
 *     [Player "Ada" "#e0533d" "human"]
 *     [Player "Ben" "#3d8fe0" "bot 2"]
 *
 *     A: AB:+e2 AC:+e2
 *     B: AB:+d7
 */
import { Game } from './game';
import { escapeText } from './quote';
import { SAVE_FORMAT, SAVE_VERSION, loadSavedGame, type LoadedGame, type SaveFile } from './save';
import { OPTION_NAMES, fail, ok, type OptionName, type Result, type SavedSeat } from './types';

export const GAME_TEXT_TITLE = 'n-Dimensional Chess';

const quoted = (s: string) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
const seatWord = (seat: SavedSeat | undefined) =>
  !seat ? 'unknown' : seat.kind === 'human' ? 'human' : `bot ${seat.level}`;

/** A saved game in either form: its JSON (starts with "{") or its text. */
export function readAnySave(text: string): Result<LoadedGame> {
  return text.trimStart().startsWith('{') ? loadSavedGame(text) : readGameText(text);
}

/** The text of `file`, a saved game, whose actions `game` has played (for the turns' lines). */
export function writeGameText(file: SaveFile, game: Game): string {
  const options = OPTION_NAMES.filter((name) => file.setup.options?.[name]);
  const lines = [
    `[Game ${quoted(GAME_TEXT_TITLE)}]`,
    `[Seed ${quoted(file.setup.seed)}]`,
    `[Options ${quoted(options.length ? options.join(' ') : 'none')}]`,
    ...file.setup.players.map(
      (p, i) =>
        `[Player ${quoted(p.name)} ${quoted(p.colour)} ${quoted(seatWord(file.seats?.[i]))}]`,
    ),
  ];
  if (file.hints) lines.push(`[Hints ${quoted(file.hints.join(' '))}]`);
  lines.push('');
  for (const turn of game.turnGroups())
    lines.push(`${turn.player}: ${turn.actions.map((i) => file.actions[i]).join(' ')}`);
  return `${lines.join('\n')}\n`;
}

interface Header {
  seed?: string;
  options: Partial<Record<OptionName, boolean>>;
  players: { name: string; colour: string }[];
  seats: (SavedSeat | null)[];
  hints?: number[];
}

const TAG = /^\[([A-Za-z]+)((?:\s+"(?:[^"\\]|\\.)*")*)\s*\]$/;
const VALUE = /"((?:[^"\\]|\\.)*)"/g;
/** An action of a turn line: a seat action of several words (timeout C, bot C 2), or one word. */
const ACTION_WORDS = /(?:timeout|absent|return)\s+\S+|bot\s+\S+\s+\S+|\S+/g;
/** A turn's first word: the label of its player ("A:"), which the reader passes over. */
const LABEL = /^[A-H]:$/;

/** Read a game text: the game it records, its seats and hints, or the first fault, placed. */
export function readGameText(text: string): Result<LoadedGame> {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const at = (line: number, column: number, what: string) =>
    fail('bad-save', `game text, line ${line + 1}, column ${column + 1}: ${what}`);
  const header: Header = { options: {}, players: [], seats: [] };
  let body = 0;
  for (; body < lines.length; body++) {
    const line = lines[body].trim();
    if (!line) continue;
    if (!line.startsWith('[')) break;
    const column = lines[body].indexOf('[');
    const tag = TAG.exec(line);
    if (!tag) return at(body, column, `a tag is [Name "value" …], got ${escapeText(line, 60)}`);
    const values = [...tag[2].matchAll(VALUE)].map((m) => m[1].replace(/\\(.)/g, '$1'));
    const error = readTag(header, tag[1], values);
    if (error) return at(body, column, error);
  }
  if (header.seed === undefined) return at(body, 0, 'the header has no [Seed "…"] tag');
  const seats = header.seats.every((s) => s !== null) ? (header.seats as SavedSeat[]) : undefined;
  const file: SaveFile = {
    format: SAVE_FORMAT,
    version: SAVE_VERSION,
    setup: { players: header.players, seed: header.seed, options: header.options },
    ...(seats && { seats }),
    ...(header.hints && { hints: header.hints }),
    actions: [],
  };
  const loaded = loadSavedGame(file);
  if (!loaded.ok) return at(0, 0, loaded.error.message.replace(/^saved game: /, ''));
  let game: Game = loaded.value.game;
  for (let l = body; l < lines.length; l++) {
    for (const word of lines[l].matchAll(ACTION_WORDS)) {
      if (word.index === 0 && LABEL.test(word[0])) continue;
      const next = game.play(word[0]);
      if (!next.ok) return at(l, word.index, `${escapeText(word[0])}: ${next.error.message}`);
      game = next.value;
    }
  }
  return ok({ ...loaded.value, game });
}

/** Read one tag into `header`; what is wrong with it, or null. */
function readTag(header: Header, name: string, values: string[]): string | null {
  const one = () => (values.length === 1 ? values[0] : null);
  switch (name) {
    case 'Game':
      return one() === GAME_TEXT_TITLE ? null : `[Game] must be ${quoted(GAME_TEXT_TITLE)}`;
    case 'Seed':
      if (one() === null) return '[Seed] takes one value';
      header.seed = one()!;
      return null;
    case 'Options': {
      if (one() === null) return '[Options] takes one value: option names, or "none"';
      for (const word of one()!
        .split(/\s+/)
        .filter((w) => w && w !== 'none')) {
        if (!(OPTION_NAMES as readonly string[]).includes(word))
          return `"${escapeText(word)}" is not an option (known: ${OPTION_NAMES.join(', ')})`;
        header.options[word as OptionName] = true;
      }
      return null;
    }
    case 'Player': {
      if (values.length < 2 || values.length > 3)
        return '[Player] takes a name, a colour and a seat ("human", "bot 1"–"bot 3")';
      const seat =
        values[2] === undefined || values[2] === 'unknown' ? null : readSeatWord(values[2]);
      if (seat === undefined)
        return `the seat "${escapeText(values[2])}" is not "human" or "bot 1"–"bot 3"`;
      header.players.push({ name: values[0], colour: values[1] });
      header.seats.push(seat);
      return null;
    }
    case 'Hints': {
      const counts = one()?.split(/\s+/).filter(Boolean).map(Number);
      if (!counts || counts.some((n) => !Number.isInteger(n) || n < 0))
        return '[Hints] takes one whole number from 0 per player, e.g. "0 2 0"';
      header.hints = counts;
      return null;
    }
    default:
      return `unknown tag [${escapeText(name)}] (known: Game, Seed, Options, Player, Hints)`;
  }
}

/** "human" or "bot 1"–"bot 3" as a seat; undefined when it is neither. */
function readSeatWord(word: string): SavedSeat | undefined {
  if (word === 'human') return { kind: 'human' };
  const bot = /^bot ([123])$/.exec(word);
  return bot ? { kind: 'bot', level: Number(bot[1]) as 1 | 2 | 3 } : undefined;
}
