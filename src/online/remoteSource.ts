/**
 * The record of an online room as a RecordSource (src/store/source.ts). The store submits a
 * record; this source sends the new actions' texts to the room, each with the ply it follows,
 * and shows nothing yet. The room broadcasts every action it accepts (this seat's or another's);
 * the source plays it through its own core and only then tells the store. A position whose hash
 * disagrees with the room's, or an action that does not follow, asks the room for the whole
 * record, which replaces this page's.
 *
 * Auto-placement (R2.4) plans a player's remaining placements; the steps are played on that
 * player's turns. The source keeps the plan and sends each step when the room's record reaches
 * the player's turn, so a plan is played by the room like any other action.
 */
import { PLACEMENT, type Game } from '../core';
import type { RecordListener, RecordSource } from '../store/source';

/** What the source needs of the room's connection. */
export interface RoomLink {
  /** Send `text`, the action played after the record's first `ply` actions. */
  sendAction(ply: number, text: string): void;
  /** Ask for the whole record (the room answers through `source.record`). */
  askRecord(): void;
}

export interface RemoteSource extends RecordSource {
  /** The room appended `texts` to its record of `from` actions; `hash`: the position after them. */
  accepted(from: number, texts: readonly string[], hash: string): void;
  /** The room's whole record (the start of a game, a reconnection, or an answer to askRecord). */
  record(game: Game): void;
  /** The record as the room has it, as far as this page knows. */
  readonly game: Game | null;
}

/**
 * A source for one room; `hashOf` gives a position's hash as the room words it (the same core
 * on both sides, so equal records give equal hashes).
 */
export function remoteSource(link: RoomLink, hashOf: (game: Game) => string): RemoteSource {
  const listeners = new Set<RecordListener>();
  /** The room's record as known here. */
  let game: Game | null = null;
  /** The same record with this page's auto-placement plan (null: no plan). */
  let planned: Game | null = null;
  /** Ply of the plan's step sent last (so it is sent once). */
  let sentStep = -1;
  /** Waiting for the whole record: accepted actions are ignored until it comes. */
  let reloading = false;

  const tell = (played: string) => {
    for (const l of listeners) if (game) l(game, played);
  };

  const reload = () => {
    if (reloading) return;
    reloading = true;
    link.askRecord();
  };

  /** Send the plan's next step once the room's record has reached it. */
  const sendPlanned = () => {
    if (!planned || !game || planned.length <= game.length || sentStep === game.length) return;
    sentStep = game.length;
    link.sendAction(game.length, planned.actions[game.length]);
  };

  /** The planned record after the room's action `text` at `ply`: kept while it agrees. */
  const followPlan = (plan: Game | null, ply: number, text: string): Game | null => {
    if (!plan) return null;
    if (plan.length > ply) return plan.actions[ply] === text ? plan : null;
    // Another seat's action, played in the planned record too: it may place this page's next step.
    const again = plan.play(text);
    return again.ok ? again.value : null;
  };

  return {
    get game() {
      return game;
    },
    reset(g) {
      game = g;
      planned = null;
    },
    submit(next, base) {
      if (!game || base !== game.length || next.length <= base) return;
      // Kept with its plan (an auto-placement's later steps wait for their turns, R2.4).
      planned = next.position.phase === PLACEMENT ? next : null;
      sentStep = base;
      link.sendAction(base, next.actions[base]);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    accepted(from, texts, hash) {
      if (reloading || !game || !texts.length) return;
      // Actions this page has already (a repeat) are skipped; a gap asks for the record.
      const skip = game.length - from;
      if (skip < 0 || texts.slice(0, skip).some((t, i) => game!.actions[from + i] !== t))
        return reload();
      let next = game;
      for (const text of texts.slice(skip)) {
        const played = next.play(text);
        if (!played.ok) return reload();
        next = played.value.withoutPlans();
        planned = followPlan(planned, next.length - 1, text);
      }
      if (next === game) return;
      if (hashOf(next) !== hash) return reload();
      game = next;
      if (game.position.phase !== PLACEMENT) planned = null;
      tell(texts.at(-1)!);
      sendPlanned();
    },
    record(g) {
      reloading = false;
      game = g.withoutPlans();
      planned = null;
      tell('');
    },
  };
}
