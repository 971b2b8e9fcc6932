/**
 * The remote record source and the online slice against a stand-in room that keeps the record,
 * validates what it is sent with the core and broadcasts what it accepts: the store shows only
 * accepted actions, a disagreeing hash reloads the record, an auto-placement's later steps are
 * sent on their turns, and a device acts only for its own seat.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import { Game, defaultSetup } from '../../src/core';
import { configOf } from '../../src/store/store';
import { onlineInfo } from '../fixtures/onlineInfo';
import { placedGame } from '../fixtures/placedGame';
import { clockLeft, clockText, onlineBlock } from '../../src/online/onlineState';
import { remoteSource, type RemoteSource } from '../../src/online/remoteSource';
import { readSeat, writeSeat, SEAT_KEY_PREFIX } from '../../src/online/seatTokens';
import { createGameStore } from '../../src/store/store';

const hashOf = (g: Game) => `${g.length}:${g.actions.join(' ')}`;

/** A room: the record, what each client sent, and a broadcast to every client's source. */
function fakeRoom(start: Game) {
  let record = start;
  const clients: RemoteSource[] = [];
  const sent: { ply: number; text: string }[] = [];
  const asked: number[] = [];
  return {
    get record() {
      return record;
    },
    sent,
    asked,
    /** A client connected to this room: its link, and its source once made. */
    link(id: number) {
      return {
        sendAction: (ply: number, text: string) => sent.push({ ply, text }),
        askRecord: () => asked.push(id),
      };
    },
    join(source: RemoteSource) {
      clients.push(source);
      source.reset(record);
    },
    /** Accept what was sent first (as the room validates it) and tell everyone. */
    acceptNext() {
      const m = sent.shift()!;
      expect(m.ply).toBe(record.length);
      this.accept(m.text);
    },
    accept(text: string) {
      const next = record.play(text);
      if (!next.ok) throw new Error(next.error.message);
      const ply = record.length;
      record = next.value.withoutPlans();
      for (const c of clients) c.accepted(ply, [text], hashOf(record));
    },
  };
}

/** A store on a remote source in `room`, seated at `seat` (setup index), showing the room's record. */
function client(room: ReturnType<typeof fakeRoom>, id: number, seat: number | null) {
  const source = remoteSource(room.link(id), hashOf);
  const store = createGameStore(source);
  room.join(source);
  store.setState({ online: onlineInfo(seat) });
  store.getState().openRemote(room.record, configOf(room.record));
  return { store, source };
}

describe('remote record source', () => {
  test('a move is sent with its ply and shown only once the room accepts it; another seat’s move arrives alone', () => {
    const room = fakeRoom(placedGame('online-test'));
    const start = room.record;
    const moverSeat = start.players[start.position.turn].setupIndex;
    const a = client(room, 1, moverSeat);
    const b = client(room, 2, (moverSeat + 1) % 3);

    const move = start.legalActions()[0];
    const text = start.actionText(move);
    expect(a.store.getState().play(move)).toBe(true);
    expect(room.sent).toEqual([{ ply: start.length, text }]);
    // Not shown before the room accepts it.
    expect(a.store.getState().game!.length).toBe(start.length);
    room.acceptNext();
    for (const c of [a, b]) {
      const s = c.store.getState();
      expect(s.game!.actions.at(-1)).toBe(text);
      expect(s.cursor).toBe(start.length + 1);
    }
    expect(b.store.getState().animation?.items.length).toBeGreaterThan(0);
  });

  test('a position whose hash disagrees with the room’s asks for the record, which replaces this page’s', () => {
    const room = fakeRoom(placedGame('online-test'));
    const a = client(room, 1, null);
    const before = a.store.getState().game!;
    const text = before.actionText(before.legalActions()[0]);
    a.source.accepted(before.length, [text], 'not-the-hash');
    expect(room.asked).toEqual([1]);
    // Nothing shown that the room did not confirm; further broadcasts wait for the record.
    expect(a.store.getState().game).toBe(before);
    room.accept(text);
    expect(a.store.getState().game).toBe(before);
    a.source.record(room.record);
    expect(a.store.getState().game!.actions).toEqual(room.record.actions);
    // And it follows the room again.
    const next = room.record.actionText(room.record.legalActions()[0]);
    room.accept(next);
    expect(a.store.getState().game!.actions.at(-1)).toBe(next);
  });

  test('an action after a gap reloads the record; a repeated one is ignored', () => {
    const room = fakeRoom(placedGame('online-test'));
    const a = client(room, 1, null);
    const g = a.store.getState().game!;
    const text = g.actionText(g.legalActions()[0]);
    room.accept(text);
    a.source.accepted(g.length, [text], hashOf(room.record));
    expect(room.asked).toEqual([]);
    a.source.accepted(g.length + 5, [text], 'x');
    expect(room.asked).toEqual([1]);
  });

  test('auto-placement: the first step is sent now, each later one when the room reaches the player’s turn', () => {
    const created = Game.create(defaultSetup(3, 'online-place'));
    if (!created.ok) throw new Error(created.error.message);
    const room = fakeRoom(created.value);
    const first = room.record.players[room.record.position.turn].setupIndex;
    const me = client(room, 1, first);
    me.store.getState().autoPlaceRest('balanced');
    expect(room.sent).toHaveLength(1);
    room.acceptNext();
    // The two others place by hand (here: their first legal placement), then it is my turn again.
    for (let i = 0; i < 2; i++) room.accept(room.record.actionText(room.record.legalActions()[0]));
    expect(room.sent).toHaveLength(1);
    expect(room.sent[0].ply).toBe(room.record.length);
    room.acceptNext();
    expect(me.store.getState().game!.length).toBe(4);
  });
});

describe('acting online', () => {
  test('a spectator cannot select, and is told why; undo and import are refused in an online game', () => {
    const room = fakeRoom(placedGame('online-test'));
    const a = client(room, 1, null);
    const s = a.store.getState();
    const pos = s.view!.position;
    // A piece of the player to move.
    const spot = [0, 1, 2]
      .flatMap((board) =>
        Array.from({ length: 128 }, (_, sq) => ({ board, sq })).filter(
          ({ sq }) => (sq & 0x88) === 0,
        ),
      )
      .find(({ board, sq }) => pos.ownerAt(board, sq) === pos.turn)!;
    s.tapSquare(spot.board, spot.sq);
    expect(a.store.getState().selected).toBeNull();
    expect(a.store.getState().notice?.text).toMatch(/watching/);
    a.store.getState().undo();
    expect(a.store.getState().notice?.text).toBe('Undo is not available in an online game.');
    expect(a.store.getState().importGame('{}')).toBe(false);
  });

  test('onlineBlock says why a seated player may not act', () => {
    const g = placedGame('online-test');
    const mover = g.players[g.position.turn];
    const other = (mover.setupIndex + 1) % 3;
    expect(onlineBlock(onlineInfo(mover.setupIndex), g, g.length)).toBeNull();
    expect(onlineBlock(onlineInfo(other), g, g.length)).toBe(`It is ${mover.name}'s turn.`);
    expect(onlineBlock(onlineInfo(mover.setupIndex), g, g.length - 1)).toMatch(/earlier move/);
    expect(
      onlineBlock({ ...onlineInfo(mover.setupIndex), connection: 'reconnecting' }, g, g.length),
    ).toMatch(/reconnecting/);
    expect(onlineBlock({ ...onlineInfo(mover.setupIndex), paused: true }, g, g.length)).toMatch(
      /Saving failed, the game is paused/,
    );
    expect(onlineBlock({ ...onlineInfo(mover.setupIndex), takenOver: true }, g, g.length)).toMatch(
      /another tab/,
    );
  });
});

describe('clocks', () => {
  test('the running clock counts down from when the message came; the others stand', () => {
    const clock = { left: [60_000, 5_000, 0], running: 0, at: 1000 };
    expect(clockLeft(clock, 0, 4000)).toBe(57_000);
    expect(clockLeft(clock, 1, 4000)).toBe(5_000);
    expect(clockLeft({ ...clock, running: 1 }, 1, 9000)).toBe(0);
  });

  test('clock text: minutes and seconds, tenths under ten seconds, hours when long', () => {
    expect(clockText(245_000)).toBe('4:05');
    expect(clockText(9_400)).toBe('0:09.4');
    expect(clockText(0)).toBe('0:00.0');
    expect(clockText(3_720_000)).toBe('1:02:00');
  });
});

describe('seat tokens', () => {
  beforeEach(() => {
    const data = new Map<string, string>();
    (globalThis as { localStorage?: unknown }).localStorage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    };
  });

  test('a seat is kept per room and read back', () => {
    expect(readSeat('abc')).toEqual({ ok: true, value: null });
    expect(writeSeat('abc', { seat: 2, token: 't0k' })).toBe(true);
    expect(readSeat('abc')).toEqual({ ok: true, value: { seat: 2, token: 't0k' } });
    expect(readSeat('other')).toEqual({ ok: true, value: null });
  });

  test('a corrupt entry is reported in words and kept', () => {
    localStorage.setItem(`${SEAT_KEY_PREFIX}abc`, '{"seat": "two"');
    const r = readSeat('abc');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/room abc .* not JSON/);
    expect(localStorage.getItem(`${SEAT_KEY_PREFIX}abc`)).toBe('{"seat": "two"');
    localStorage.setItem(`${SEAT_KEY_PREFIX}abc`, '{"seat": 9, "token": "x"}');
    const r2 = readSeat('abc');
    expect(!r2.ok && r2.error).toMatch(/seat is not a number from 0 to 7/);
  });
});
