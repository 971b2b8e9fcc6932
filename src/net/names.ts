/**
 * Display names (issue #48 item 6, issue #61 item 11): what a name may hold, and when two names
 * are one. A name is shown as text on one line, so nothing in it may be hidden: a character that
 * draws nothing, changes how the text around it reads, or is a mark with nothing to sit on is
 * refused with its code point and position. Two names that look the same are the same name
 * (nameKey): at a table, the later one gets a suffix. Every display name the server takes goes
 * through readName (a room's setup, a claim, a pairing request); the chat shows the seats' names.
 */
import { LIMITS, type Read } from './protocol';

// Control characters and line/paragraph separators: names and chat are shown as text on one line.
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** Bidirectional controls: a right-to-left override makes "\u202enimdA" read "Admin". */
export const DIRECTION_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** Variation selectors choose another form of the character before them, or none. */
const VARIATION_SELECTORS = /[\u180b-\u180d\u180f\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/u;
/**
 * Characters that draw nothing: default-ignorable code points (zero-width and other format
 * characters, the combining grapheme joiner U+034F, Khmer U+17B4 and U+17B5, the Hangul fillers,
 * tags), the remaining format characters, and the Braille blank U+2800.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\u2800]/u;
const MARK = /\p{M}/u;
const SPACE = /\s/u;
/** A letter or a digit that shows: a name needs one. */
const VISIBLE = /[\p{L}\p{N}]/u;

/** Each run of spaces of any kind as one space, as a page shows it. */
const oneSpace = (text: string) => text.replace(/\s+/gu, ' ');

const bad = (message: string): Read<never> => ({ ok: false, error: { code: 'bad-name', message } });

const codePoint = (c: string) =>
  `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** The first character of `chars` that hides, with its code point and 1-based position, or null. */
function hidden(chars: readonly string[]): string | null {
  for (const [i, c] of chars.entries()) {
    const at = `${codePoint(c)} at position ${i + 1}`;
    // Variation selectors and direction controls are invisible too: they are named first.
    if (CONTROL_CHARACTERS.test(c)) return `a control character ${at}`;
    if (DIRECTION_CONTROLS.test(c)) return `a direction-changing character ${at}`;
    if (VARIATION_SELECTORS.test(c)) return `a variation selector ${at}`;
    if (INVISIBLE.test(c)) return `an invisible character ${at}`;
    if (MARK.test(c) && (i === 0 || SPACE.test(chars[i - 1])))
      return `a combining mark ${at} with no letter before it`;
  }
  return null;
}

/**
 * A player's name: NFC-normalised and trimmed, 1–LIMITS.name characters of one line, nothing
 * hidden, at least one letter or digit; each run of spaces (any kind) becomes one space, as it
 * is shown. Shown as text, never as HTML.
 */
export function readName(v: unknown): Read<string> {
  if (typeof v !== 'string') return bad('the name must be a text');
  const name = v.normalize('NFC').trim();
  if (!name) return bad('the name is empty');
  const chars = [...name];
  if (chars.length > LIMITS.name) return bad(`the name is longer than ${LIMITS.name} characters`);
  const what = hidden(chars);
  if (what) return bad(`the name contains ${what}`);
  if (!VISIBLE.test(name)) return bad('the name needs a letter or a digit');
  return { ok: true, value: oneSpace(name) };
}

/**
 * The form in which names are compared: two names with one key look the same. NFKC (full-width
 * "Ａda" is "Ada", "ﬁ" is "fi"), case folded, and each run of spaces one space. JavaScript has
 * no case folding: lower, upper and lower again makes ß, ẞ and SS one, and ς, σ and Σ.
 */
export function nameKey(name: string): string {
  return oneSpace(
    name.normalize('NFKC').toLowerCase().toUpperCase().toLowerCase().normalize('NFKC'),
  );
}

/**
 * `name`, or with a suffix (" (2)", " (3)", …) when another player at the table has it already
 * (compared by nameKey), so that no two players' names look the same.
 */
export function uniqueName(name: string, taken: readonly string[]): string {
  const used = new Set(taken.map(nameKey));
  if (!used.has(nameKey(name))) return name;
  for (let k = 2; ; k++) {
    const suffix = ` (${k})`;
    const base = [...name].slice(0, LIMITS.name - suffix.length).join('');
    const candidate = `${base}${suffix}`;
    if (!used.has(nameKey(candidate))) return candidate;
  }
}
