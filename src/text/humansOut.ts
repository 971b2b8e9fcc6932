/** The end dialog of humans who are all out while the bots play on (issue #61 item 6). */
import { listOf } from './captions';
import { says } from './grammar';

export const HUMANS_OUT_TEXT = {
  label: 'Out of the game',
  /** "Ada is out", "You are out", "Ada and Boris are out". */
  heading: (names: readonly string[]) =>
    names.length === 1 ? `${says(names[0], 'is')} out` : `${listOf(names)} are out`,
  /** The players still in play. */
  playOn: (names: readonly string[]) =>
    `${listOf(names)} ${names.length === 1 ? 'plays' : 'play'} on.`,
  watch: 'Watch the bots finish',
  watchTitle: 'Close this and let the bots play the game to its end',
} as const;
