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
import type { RecordListener, RecordSource } from './source';

/** What the source needs of the room's connection. */
export interface RoomLink {
  /** Send `text`, the action played after the record's first `ply` actions. */
  sendAction(ply: number, text: string): void;
  /** Ask for the whole record (the room answers through `source.record`). */
  askRecord(): void;
}

export interface RemoteSource extends RecordSource {
  /** The room accepted `text` as action number `ply + 1`; `hash`: the position after it. */
  accepted(ply: number, text: string, hash: string): void;
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
    accepted(ply, text, hash) {
      if (reloading || !game) return;
      if (ply !== game.length) {
        // An action this page has already (a repeat), or one after a gap: the record says.
        if (ply < game.length && game.actions[ply] === text) return;
        reload();
        return;
      }
      const next = game.play(text);
      if (!next.ok || hashOf(next.value) !== hash) {
        reload();
        return;
      }
      game = next.value.withoutPlans();
      if (planned && planned.length > ply) {
        if (planned.actions[ply] !== text) planned = null;
      } else if (planned) {
        // Another seat's action, played in the planned record too: it may place this page's next step.
        const again = planned.play(text);
        planned = again.ok ? again.value : null;
      }
      if (game.position.phase !== PLACEMENT) planned = null;
      tell(text);
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
