/**
 * Hints and threats, driven from outside the store like the bots (src/drivers/bots.ts): the app
 * connects a driver to the store as a subscriber. A hint asked (askHint) is the strong bot's
 * (level 3) action for the player to move with the reason for it; threats, while the switch is
 * on, are each opponent's action and reason if it were their turn (level 2, a bounded budget).
 * Both are searched in a Web Worker of their own (src/ai/client.ts, `ask`), so the page never
 * waits and the bots' searches are never interrupted by them. An answer for a position no
 * longer shown is dropped: the record slice clears the hint whenever the position shown
 * changes, and threats are asked again for the new one (one request at a time).
 */
import type { Advice } from '../ai/hint';
import { createBotClient, type BotClient } from '../ai/client';
import { gameRequest } from '../ai/request';
import { OVER, PLAY, type Game } from '../core';
import type { HintRefusal } from '../text/advice';
import { hintsOffered } from '../store/config';
import type { State } from '../store/state';
import type { AdviceState } from '../store/slices/advice.types';
import { turnAccess } from '../store/turnAccess';
import { workerDriver } from './workerDriver';

/** The hint's level (the strong bot) and the threats' (the club bot: a bounded budget). */
export const HINT_LEVEL = 3;
export const THREATS_LEVEL = 2;

type AdviceInput = Pick<
  State,
  'screen' | 'game' | 'view' | 'cursor' | 'config' | 'online' | 'lesson'
> &
  Partial<Pick<State, 'analysis'>>;

/** Why no hint (or no threats) can be had now (src/text words it), or null when it can. */
function adviceRefusal(s: AdviceInput, what: 'hint' | 'threats'): HintRefusal | null {
  if (s.screen !== 'game' || !s.game || !s.view) return 'none';
  if (s.online) return 'online';
  if (s.lesson) return 'lesson';
  if (s.analysis) return 'analysis';
  if (what === 'hint' && !hintsOffered(s.config)) return 'off';
  if (s.view.position.phase === OVER) return 'over';
  if (turnAccess(s).why === 'bot') return 'bot';
  return null;
}

/** Why no hint can be asked now, or null when one can. */
export const hintRefusal = (s: AdviceInput) => adviceRefusal(s, 'hint');

/**
 * Why threats cannot be shown now, or null when they can: as for a hint, except that threats are
 * offered in games against bots too (issue 45 item 2: they show a newcomer the dangers; a hint
 * is a strong bot's move, so it stays the setup's choice).
 */
export const threatsRefusal = (s: AdviceInput) => adviceRefusal(s, 'threats');

/** Whether threats are to be shown for the position shown (the switch on, a human to move). */
export function threatsWanted(s: AdviceInput & Pick<State, 'threatsOn'>): boolean {
  return s.threatsOn && threatsRefusal(s) === null && s.view!.position.phase === PLAY;
}

/**
 * The Threats switch is this device's preference: the store starts with it and every change of
 * the switch is kept (on for a person until they turn it off, prefs.ts).
 */
export function keepThreatsPref(
  store: AdviceStore,
  prefs: { getState(): { threats: boolean; setPref(key: 'threats', on: boolean): void } },
): () => void {
  store.getState().setThreatsOn(prefs.getState().threats);
  return store.subscribe((s, prev) => {
    if (s.threatsOn !== prev.threatsOn) prefs.getState().setPref('threats', s.threatsOn);
  });
}

/** The advice to draw on the boards now: the hint, then the threats, for the view shown only. */
export function adviceShown(s: Pick<State, 'view' | 'hint' | 'threats' | 'threatsOn'>): {
  hint: Advice | null;
  threats: Advice[];
} {
  const hint = s.hint?.view === s.view ? s.hint.found : null;
  const threats = s.threatsOn && s.threats?.view === s.view ? (s.threats.found ?? []) : [];
  return { hint, threats };
}

export interface AdviceStore {
  getState(): State;
  setState(patch: Partial<State>): void;
  subscribe(listener: (state: State, prev: State) => void): () => void;
}

export interface AdviceDriver {
  /** Stop: no more searches, the worker ended. */
  disconnect(): void;
}

/** Drive the hints and threats of a store; `createClient` for tests (default: a Web Worker). */
export function driveAdvice(
  store: AdviceStore,
  options: { createClient?: () => BotClient } = {},
): AdviceDriver {
  // No job in hand here: a hint and threats may be asked together, and neither is cancelled.
  const worker = workerDriver<BotClient, never>(options.createClient ?? (() => createBotClient()));
  let hintAsked: AdviceState<Advice> | null = null;
  let threatsAsked: AdviceState<Advice[]> | null = null;

  const ask = (view: Game, level: 2 | 3, what: 'hint' | 'threats') =>
    worker.use((client) =>
      client.think({ ...gameRequest(view), level, seed: view.setup.seed, ask: what }),
    );

  const askHint = (mine: AdviceState<Advice>) => {
    hintAsked = mine;
    ask(mine.view, HINT_LEVEL, 'hint').then(
      (answer) => {
        if (store.getState().hint !== mine) return; // the position shown changed meanwhile
        const found = answer.advice ?? null;
        store.setState({ hint: { ...mine, status: found ? 'shown' : 'failed', found } });
      },
      (e: Error) => {
        if (store.getState().hint !== mine) return;
        store.setState({ hint: { ...mine, status: 'failed', error: e.message } });
      },
    );
  };

  const askThreats = (view: Game) => {
    const mine: AdviceState<Advice[]> = { view, status: 'thinking', found: null };
    threatsAsked = mine;
    store.setState({ threats: mine });
    const settle = (patch: Partial<AdviceState<Advice[]>>) => {
      threatsAsked = null;
      if (store.getState().threats === mine) store.setState({ threats: { ...mine, ...patch } });
      update(); // a position shown meanwhile is asked for now
    };
    ask(view, THREATS_LEVEL, 'threats').then(
      (answer) => settle({ status: 'shown', found: answer.threats ?? [] }),
      (e: Error) => settle({ status: 'failed', error: e.message }),
    );
  };

  const update = () => {
    const s = store.getState();
    if (s.hint?.status === 'thinking' && s.hint !== hintAsked) askHint(s.hint);
    if (threatsWanted(s) && s.threats?.view !== s.view && !threatsAsked) askThreats(s.view!);
  };

  return { disconnect: worker.drive(store, update) };
}
