/**
 * Quoting input in error messages: whatever a user gave is shown cut to a bounded length,
 * with control characters escaped, and without calling anything on it (an object's own
 * toString may throw or lie), so that a message is always one short, printable line.
 */

/** The longest piece of input a message quotes, in characters (an ellipsis marks a cut). */
export const QUOTE_LIMIT = 40;

/**
 * A text quoted for a message: `"abc"`, with `"`, `\` and control characters escaped as in
 * JSON (plus the line and paragraph separators), cut after `limit` characters with `…`.
 */
export function quoteText(text: string, limit = QUOTE_LIMIT): string {
  return `"${escapeText(text, limit)}"`;
}

/** The same without the quotation marks, for input a message shows in parentheses. */
export function escapeText(text: string, limit = QUOTE_LIMIT): string {
  const cut = text.length > limit;
  return Array.from(cut ? text.slice(0, limit) : text, escapeChar).join('') + (cut ? '…' : '');
}

function escapeChar(ch: string): string {
  const code = ch.charCodeAt(0);
  if (ch === '"' || ch === '\\') return '\\' + ch;
  if (code < 0x20 || (code >= 0x7f && code < 0xa0) || code === 0x2028 || code === 0x2029) {
    const short = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }[ch as '\n' | '\r' | '\t'];
    return short ?? `\\u${code.toString(16).padStart(4, '0')}`;
  }
  // A lone surrogate (a cut astral character or broken input) is shown as its code too.
  if (code >= 0xd800 && code <= 0xdfff && ch.length === 1)
    return `\\u${code.toString(16).padStart(4, '0')}`;
  return ch;
}

/**
 * Any value as a message shows it: texts quoted (see quoteText), numbers, booleans, null and
 * undefined as themselves, lists and objects by their kind only.
 */
export function quote(value: unknown, limit = QUOTE_LIMIT): string {
  switch (typeof value) {
    case 'string':
      return quoteText(value, limit);
    case 'number':
    case 'boolean':
    case 'bigint':
    case 'undefined':
      return String(value);
    case 'object':
      return value === null ? 'null' : Array.isArray(value) ? 'a list' : 'an object';
    default:
      return `a ${typeof value}`;
  }
}

/** A field's path in messages: `boards.AB`, or `boards["…"]` for a key that is not a plain name. */
export const fieldPath = (base: string, key: string): string =>
  /^[A-Za-z][A-Za-z0-9]{0,15}$/.test(key) ? `${base}.${key}` : `${base}[${quoteText(key)}]`;
