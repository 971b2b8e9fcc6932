/**
 * Where the game record lives. The store shows a record and asks its source to change it; the
 * source says which records it accepted, and only then does the store show them. A local source
 * (below) accepts every record at once. A remote one (online play, later) sends the new actions'
 * texts to the server and applies the actions the server accepts — its own or another seat's —
 * through its own core; the store, the scene and the HUD do not change for it.
 */
import type { Game } from '../core';

/** A record the source accepted: `game`, and what to say about how it came (an action text). */
export type RecordListener = (game: Game, played: string) => void;

export interface RecordSource {
  /** The store starts over from `game` (a new game, an import, a resumed game). */
  reset(game: Game): void;
  /**
   * Ask for `next` to become the record. `next` is the record's first `base` actions followed by
   * new ones (a move from an earlier position cuts off the undone actions after `base`), already
   * played through the core, so a refusal by the rules is known before this call. `played` words
   * how it came (the action's text, or "auto-placed (balanced)").
   */
  submit(next: Game, base: number, played: string): void;
  /** Hear every record accepted from now on; returns the unsubscribe function. */
  subscribe(listener: RecordListener): () => void;
}

/** The record kept in this page: every submission is accepted at once. */
export function localSource(): RecordSource {
  const listeners = new Set<RecordListener>();
  return {
    // The store shows the record it starts from itself; nothing to keep here.
    reset() {},
    submit(next, _base, played) {
      for (const l of listeners) l(next, played);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A source that forwards to another one, which can be changed (a local game, an online room). */
export interface SwitchableSource extends RecordSource {
  /** Forward to `inner` from now on (the store's listeners hear it instead of the one before). */
  use(inner: RecordSource): void;
  readonly current: RecordSource;
}

export function switchableSource(first: RecordSource = localSource()): SwitchableSource {
  const listeners = new Set<RecordListener>();
  const relay: RecordListener = (game, played) => {
    for (const l of listeners) l(game, played);
  };
  let inner = first;
  let unsubscribe = inner.subscribe(relay);
  return {
    get current() {
      return inner;
    },
    use(next) {
      if (next === inner) return;
      unsubscribe();
      inner = next;
      unsubscribe = inner.subscribe(relay);
    },
    reset: (game) => inner.reset(game),
    submit: (next, base, played) => inner.submit(next, base, played),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
