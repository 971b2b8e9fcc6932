/**
 * The analysis board's best line, driven from outside the store like the hints
 * (src/store/advice.ts): while the board is open, the bots' best line from the position shown is
 * asked of a Web Worker of its own (the 'line' ask of src/ai/protocol.ts), one action per player
 * still playing, each with its score for the player who makes it. When another position is shown
 * the search in progress is stopped (client.cancel()) and the new one asked; an answer for a
 * position no longer shown is dropped.
 */
import { BotCancelledError, createBotClient, type BotClient } from '../ai/client';
import { MAX_LINE_STEPS, type LineStep } from '../ai/protocol';
import { gameRequest } from '../ai/request';
import { ELIMINATED, type Game } from '../core';
import type { AdviceState, State } from './state';

/** The level whose search finds the line (the club bot: a bounded budget). */
export const LINE_LEVEL = 2;

/** How long a line is asked: one action for each player still playing. */
export function lineSteps(game: Game): number {
  const pos = game.position;
  const playing = game.players.filter((_, p) => pos.playerState(p) !== ELIMINATED).length;
  return Math.max(1, Math.min(MAX_LINE_STEPS, playing));
}

export interface AnalysisStore {
  getState(): State;
  setState(patch: Partial<State>): void;
  subscribe(listener: (state: State, prev: State) => void): () => void;
}

export interface AnalysisLineOptions {
  /** Makes the bot client (default: a Web Worker); tests put in one that answers in-process. */
  createClient?: () => BotClient;
  /** Each step's node budget (default: the level's); tests keep it small. */
  nodes?: number;
}

/** Drive the analysis board's best line; returns the function that stops it. */
export function driveAnalysisLine(
  store: AnalysisStore,
  options: AnalysisLineOptions = {},
): () => void {
  const createClient = options.createClient ?? (() => createBotClient());
  let client: BotClient | null = null;
  let asked: AdviceState<LineStep[]> | null = null;

  const stop = () => {
    if (asked) client?.cancel();
    asked = null;
  };

  const settle = (mine: AdviceState<LineStep[]>, patch: Partial<AdviceState<LineStep[]>>) => {
    if (asked === mine) asked = null;
    const a = store.getState().analysis;
    if (a?.line === mine) store.setState({ analysis: { ...a, line: { ...mine, ...patch } } });
  };

  const update = () => {
    const a = store.getState().analysis;
    if (!a) return stop();
    if (a.line?.view === a.shown) return;
    stop();
    const mine: AdviceState<LineStep[]> = { view: a.shown, status: 'thinking', found: null };
    asked = mine;
    store.setState({ analysis: { ...a, line: mine } });
    let answer;
    try {
      client ??= createClient();
      answer = client.think({
        ...gameRequest(a.shown),
        level: LINE_LEVEL,
        ask: 'line',
        steps: lineSteps(a.shown),
        nodes: options.nodes,
      });
    } catch (e) {
      answer = Promise.reject(e instanceof Error ? e : new Error(String(e)));
    }
    answer.then(
      (found) => settle(mine, { status: 'shown', found: found.line ?? [] }),
      (e: Error) => {
        if (!(e instanceof BotCancelledError)) settle(mine, { status: 'failed', error: e.message });
      },
    );
  };

  const unsubscribe = store.subscribe((s, prev) => {
    if (s.analysis !== prev.analysis) update();
  });
  update();
  return () => {
    unsubscribe();
    client?.cancel();
    client = null;
  };
}
