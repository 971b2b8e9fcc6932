/**
 * A player's name in a sentence (issue 50 item 11). The tutorial names its player "You", and a
 * player may call themselves so: sentences about them then take the second person ("You are in
 * check", "Your king must flee", "You win", "checkmated by you"). Every sentence that puts a
 * player's name before a verb, or in front of what they own, says it through these.
 */

/** Is this name the reader, addressed in the second person? */
export const isYou = (name: string): boolean => name === 'You';

/** A third-person verb ("is", "wins", "passes") in the plain form ("are", "win", "pass"). */
function plainVerb(verb: string): string {
  const irregular: Record<string, string> = { is: 'are', has: 'have', was: 'were', does: 'do' };
  if (irregular[verb]) return irregular[verb];
  if (!verb.endsWith('s')) return verb; // must, can, ran, …
  if (/(ss|sh|ch|x|z)es$/.test(verb)) return verb.slice(0, -2);
  return verb.slice(0, -1);
}

/** The verb as it agrees with the name: ("Sky", "passes") "passes", ("You", "passes") "pass". */
export function verbOf(name: string, verb: string): string {
  return isYou(name) ? plainVerb(verb) : verb;
}

/** Name and verb: "Sky is", "You are"; "Sky wins", "You win". */
export function says(name: string, verb: string): string {
  return `${name} ${verbOf(name, verb)}`;
}

/** Their own, after the name: "their", or "your" for the reader. */
export function theirs(name: string): string {
  return isYou(name) ? 'your' : 'their';
}

/** What they own: "Sky's", "Your" at the start of a sentence, "your" inside one. */
export function whose(name: string, start = false): string {
  if (!isYou(name)) return `${name}'s`;
  return start ? 'Your' : 'your';
}

/** The player as an object, inside a sentence: "Sky", "you". */
export function whom(name: string): string {
  return isYou(name) ? 'you' : name;
}
