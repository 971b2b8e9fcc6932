/**
 * The analysis board's best line, driven from outside the store like the hints
 * (src/drivers/advice.ts): while the board is open, the bots' best line from the position shown is
 * asked of a Web Worker of its own (the 'line' ask of src/ai/protocol.ts), one action per player
 * still playing, each with its score for the player who makes it. It is asked a step at a time
 * (the worker holds the game, so each step sends one action), and each step shows as it comes.
 * When another position is shown the search in progress is stopped (client.cancel()) and the new
 * one asked; an answer for a position no longer shown is dropped.
 */
import { createBotClient, type BotClient } from '../ai/client';
import { MAX_LINE_STEPS, type LineStep } from '../ai/protocol';
import { gameRequest } from '../ai/request';
import { ELIMINATED, type Game } from '../core';
import type { State } from '../store/state';
import type { AdviceState } from '../store/slices/advice.types';
import { workerDriver } from './workerDriver';

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
  /** The job in hand: the position whose line is being asked. */
  const worker = workerDriver<BotClient, Game>(options.createClient ?? (() => createBotClient()));

  /** The line for `view` so far, if that position is still shown. */
  const show = (view: Game, line: AdviceState<LineStep[]>) => {
    const a = store.getState().analysis;
    if (a?.line?.view === view) store.setState({ analysis: { ...a, line } });
  };

  /** Ask the step after `found` (played on `view`, giving `at`); each step shows as it comes. */
  const askStep = (view: Game, at: Game, found: LineStep[]) =>
    worker.ask(
      view,
      (client) =>
        client.think({
          ...gameRequest(at),
          level: LINE_LEVEL,
          ask: 'line',
          steps: 1,
          nodes: options.nodes,
        }),
      (reply) => {
        const line = [...found, ...(reply.line ?? [])];
        const next = line.length > found.length ? at.play(line[line.length - 1].action) : null;
        const more = line.length < lineSteps(view) && next?.ok;
        show(view, { view, status: more ? 'thinking' : 'shown', found: line });
        if (more) askStep(view, next.value, line);
        else worker.finish(view);
      },
      (e) => {
        worker.finish(view);
        // Past its first step, a line ends where nothing is judged (the game over, a final move).
        if (found.length) show(view, { view, status: 'shown', found });
        else show(view, { view, status: 'failed', found: null, error: e.message });
      },
    );

  const update = () => {
    const a = store.getState().analysis;
    if (!a) return worker.stop();
    if (a.line?.view === a.shown) return;
    worker.start(a.shown);
    store.setState({ analysis: { ...a, line: { view: a.shown, status: 'thinking', found: [] } } });
    askStep(a.shown, a.shown, []);
  };

  return worker.drive(store, update);
}
