/**
 * Help texts are written for a mouse: "click" a piece, "wheel or pinch" to zoom. On a touch
 * screen the same texts speak of a finger: "tap", "pinch". Which words a device gets is decided
 * in one place, src/ui/deviceWords.ts.
 */

/** "click" → "tap", keeping the capital and the ending (clicks, clicked, clicking). */
const tap = (_: string, c: string, ending = '') =>
  `${c === 'C' ? 'T' : 't'}ap${ending === 's' ? 's' : ending ? `p${ending}` : ''}`;

/** `text` in a finger's words. */
export function inTouchWords(text: string): string {
  return text.replace(/\bwheel or pinch\b/g, 'pinch').replace(/\b([Cc])lick(s|ed|ing)?\b/g, tap);
}
