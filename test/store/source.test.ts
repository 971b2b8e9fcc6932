/**
 * The record source: the store shows only the records its source accepted. A remote source
 * (here a test double of a server that accepts actions when told to, and sends another seat's
 * actions) fits the same interface as the local one, with no change to the store.
 */
import { describe, expect, test } from 'vitest';
import { Game, parseAction } from '../../src/core';
import { defaultConfig } from '../../src/store/config';
import type { RecordListener, RecordSource } from '../../src/store/source';
import { createGameStore } from '../../src/store/store';

/** A stand-in for a server room: it keeps the record and broadcasts the actions it accepts. */
function fakeServer() {
  let record: string[] = [];
  const outbox: string[][] = [];
  return {
    record: () => record,
    /** What the client sent, waiting for the server to decide. */
    outbox,
    start(actions: readonly string[]) {
      record = [...actions];
    },
    send(base: number, actions: readonly string[]) {
      if (base !== record.length) throw new Error('the server does not take moves back');
      outbox.push([...actions]);
    },
    /** The server accepts what was sent; `broadcast` tells every client. */
    acceptNext(broadcast: (actions: readonly string[]) => void) {
      const actions = outbox.shift()!;
      record.push(...actions);
      broadcast(actions);
    },
  };
}

/** A remote source: it sends the new actions' texts and applies the accepted ones itself. */
function remoteSource(server: ReturnType<typeof fakeServer>) {
  const listeners = new Set<RecordListener>();
  let game: Game | null = null;
  const source: RecordSource = {
    reset(g) {
      game = g;
      server.start(g.actions);
    },
    submit(next, base) {
      server.send(base, next.actions.slice(base));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  /** The server's broadcast: accepted actions, played through this client's own core. */
  const receive = (actions: readonly string[]) => {
    for (const text of actions) {
      const next = game!.play(text);
      if (!next.ok) throw new Error(next.error.message);
      game = next.value;
    }
    for (const l of listeners) l(game!, actions.at(-1)!);
  };
  return { source, receive };
}

describe('record source', () => {
  test('a remote source: a move shows when the server accepts it, as does another seat’s', () => {
    const server = fakeServer();
    const remote = remoteSource(server);
    const store = createGameStore(remote.source);
    expect(store.getState().newGame({ ...defaultConfig(3, 'remote'), placement: 'balanced' })).toBe(
      true,
    );
    const start = store.getState().game!;
    expect(server.record()).toEqual(start.actions);

    // The player's move is sent, not shown, until the server accepts it.
    const mine = start.legalActions()[0];
    const text = start.actionText(mine);
    expect(store.getState().play(mine)).toBe(true);
    expect(server.outbox).toEqual([[text]]);
    expect(store.getState().game).toBe(start);
    server.acceptNext(remote.receive);
    let s = store.getState();
    expect(s.game!.actions.at(-1)).toBe(text);
    expect(s.cursor).toBe(start.length + 1);
    expect(s.announcement.startsWith(`${text}.`)).toBe(true);
    expect(s.animation!.items.length).toBeGreaterThan(0);

    // Another seat's move arrives from the server alone.
    const other = s.view!.actionText(s.view!.legalActions()[0]);
    remote.receive([other]);
    s = store.getState();
    expect(s.game!.actions.slice(-2)).toEqual([text, other]);
    expect(s.cursor).toBe(start.length + 2);

    // An illegal action is refused by the client's own core before anything is sent.
    expect(store.getState().play(0)).toBe(false);
    expect(server.outbox).toEqual([]);
    expect(store.getState().notice?.kind).toBe('error');
  });

  test('the local source shows a move at once; two stores do not share state', () => {
    const a = createGameStore();
    const b = createGameStore();
    a.getState().newGame({ ...defaultConfig(3, 'local'), placement: 'balanced' });
    const view = a.getState().view!;
    const parsed = parseAction(view.position, view.actionText(view.legalActions()[0]));
    expect(parsed.ok && a.getState().play(parsed.value)).toBe(true);
    expect(a.getState().game!.length).toBe(view.length + 1);
    expect(b.getState().game).toBeNull();
  });
});
