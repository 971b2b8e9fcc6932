/**
 * Move lists to generate into, lent to one call at a time and given back: no two calls in
 * progress ever share one, so the rules are re-entrant (positions can be searched
 * interleaved). A free list, holding nothing between calls; a list not given back (a call
 * that threw) is simply collected.
 */
import { MAX_MOVES } from './move';

const idle: Int32Array[] = [];

export const borrowList = (): Int32Array => idle.pop() ?? new Int32Array(MAX_MOVES);

export function returnList(list: Int32Array): void {
  idle.push(list);
}
