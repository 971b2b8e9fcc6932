/**
 * The position JSON reads back every position a game can reach (issue 50 item 1): seeded
 * random games under each of the 32 option sets, from the first placement on, with
 * resignations, time-outs and absences now and then, and captures preferred so that players
 * are mated, eliminated, flee (R9.3), collapse (R9.2) and inherit (R9.4) (stalemate passes are
 * too rare in random games to count on: R6.5's tests set them up). After every action,
 * makePosition → JSON text → parsePosition gives the same JSON, hash, turn, mode and legal
 * actions. Bounded by action counts only.
 */
import { describe, expect, test } from 'vitest';
import {
  ELIMINATED,
  FLAG_PLACE,
  Game,
  MODE_CAPTURE,
  MODE_FINAL,
  MODE_FLIGHT,
  OPTION_NAMES,
  OVER,
  RESIGN,
  SEAT_ABSENT,
  SEAT_TIMEOUT,
  createRng,
  defaultSetup,
  encodeSeatAction,
  isCapture,
  legalActionList,
  makePosition,
  moveFlag,
  parsePosition,
  play,
  type Options,
  type Position,
} from '../../src/core';

/** Actions per game, placements included. */
const ACTIONS = 360;
/** Chances per action of a resignation by the mover, and of a time-out or absence of anyone. */
const RESIGN_CHANCE = 0.004;
const LEAVE_CHANCE = 0.004;

/** Every combination of the five options. */
const OPTION_SETS: Options[] = Array.from({ length: 32 }, (_, bits) =>
  Object.fromEntries(OPTION_NAMES.map((name, i) => [name, ((bits >> i) & 1) === 1])),
) as Options[];

const describeOptions = (o: Options) =>
  OPTION_NAMES.filter((name) => o[name]).join('+') || 'no options';

/** What the games went through, to show the property covers the states that matter. */
interface Seen {
  final: number;
  capture: number;
  flight: number;
  midTurn: number;
  enPassant: number;
  eliminated: number;
  collapsed: number;
  inherited: number;
}

/** Why the JSON form of `pos` does not read back to it, or null. */
function roundTripFault(pos: Position): string | null {
  const json = makePosition(pos);
  const text = JSON.stringify(json);
  const parsed = parsePosition(JSON.parse(text));
  if (!parsed.ok) return `${parsed.error.message} in ${text}`;
  const back = parsed.value;
  if (JSON.stringify(makePosition(back)) !== text)
    return `reads back as ${JSON.stringify(makePosition(back))}, written ${text}`;
  if (back.hashLo !== pos.hashLo || back.hashHi !== pos.hashHi)
    return `hash differs after reading ${text}`;
  if (back.turn !== pos.turn || back.mode !== pos.mode)
    return `turn/mode ${back.turn}/${back.mode}, was ${pos.turn}/${pos.mode} in ${text}`;
  if (legalActionList(back).join() !== legalActionList(pos).join())
    return `other legal actions after reading ${text}`;
  return null;
}

/** One random action: now and then someone leaves; captures are preferred. */
function randomAction(pos: Position, rng: () => number): number {
  if (rng() < LEAVE_CHANCE) {
    const p = Math.floor(rng() * pos.n);
    if (pos.status[p] !== ELIMINATED)
      return encodeSeatAction(rng() < 0.5 ? SEAT_TIMEOUT : SEAT_ABSENT, p);
  }
  if (rng() < RESIGN_CHANCE) return RESIGN;
  const legal = legalActionList(pos);
  const captures = legal.filter((m) => moveFlag(m) < FLAG_PLACE && isCapture(pos, m));
  const from = captures.length && rng() < 0.7 ? captures : legal;
  return from[Math.floor(rng() * from.length)];
}

/** Play one seeded game, checking the round trip after every action; the first fault, or null. */
function playChecked(options: Options, players: number, seed: string, seen: Seen): string | null {
  const created = Game.create(defaultSetup(players, seed, options));
  if (!created.ok) return created.error.message;
  const pos = created.value.position.clone();
  const rng = createRng(seed);
  for (let i = 1; i <= ACTIONS && pos.phase !== OVER; i++) {
    const m = randomAction(pos, rng);
    const played = play(pos, m);
    if (!played.ok) return `action ${i}: ${played.error.message}`;
    pos.commit();
    if (pos.phase === OVER) break;
    tally(pos, seen);
    const fault = roundTripFault(pos);
    if (fault) return `action ${i}: ${fault}`;
  }
  return null;
}

function tally(pos: Position, seen: Seen): void {
  if (pos.mode === MODE_FINAL) seen.final++;
  if (pos.mode === MODE_CAPTURE) seen.capture++;
  if (pos.mode === MODE_FLIGHT) seen.flight++;
  if (pos.dueBoards()) seen.midTurn++;
  if (pos.epSquare.some((sq) => sq >= 0)) seen.enPassant++;
  if (pos.status.includes(ELIMINATED)) seen.eliminated++;
  if (pos.live.includes(0)) seen.collapsed++;
  if (pos.seatOwner.some((p, i) => p !== (i & 1 ? pos.g.north : pos.g.south)[i >> 1]))
    seen.inherited++;
}

describe('position JSON round trip (issue 50 item 1)', () => {
  const seen: Seen = {
    final: 0,
    capture: 0,
    flight: 0,
    midTurn: 0,
    enPassant: 0,
    eliminated: 0,
    collapsed: 0,
    inherited: 0,
  };

  test.each(OPTION_SETS.map((o, i) => [describeOptions(o), o, i] as const))(
    'R10.1 every position of a random game reads back from its JSON form: %s',
    (_, options, i) => {
      const players = 3 + (i % 3);
      expect(playChecked(options, players, `roundtrip-${i}`, seen)).toBeNull();
    },
  );

  test('the games reach mates, captures, flights, Hyperspace turns, en passant, collapses and inheritance', () => {
    for (const [state, count] of Object.entries(seen)) expect(count, state).toBeGreaterThan(0);
  });
});
