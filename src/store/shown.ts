/**
 * The record behind the position shown, for what tells how it came about (the turn banner's
 * last action, the captions, the actions since the mover's last turn): the game's as of the
 * history cursor, or on the analysis board the sandbox's, at the node shown. The position itself
 * is always the store's `view`.
 */
import type { Game } from '../core';
import type { State } from './state';

type ShownInput = Pick<State, 'game' | 'cursor'> & Partial<Pick<State, 'analysis'>>;

/** The game whose actions led to the position shown. */
export const shownGame = (s: ShownInput): Game | null => s.analysis?.shown ?? s.game;

/** How many of shownGame's actions led to the position shown. */
export const shownCursor = (s: ShownInput): number => s.analysis?.shown.length ?? s.cursor;
