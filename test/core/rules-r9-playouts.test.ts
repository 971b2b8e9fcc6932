/**
 * RULES R9: seeded random playouts for 3–8 players under each optional rule alone and all of
 * them together. After every action: the incremental hash equals the hash computed from
 * scratch, the action's text parses back to it (R10.2), and the options' invariants hold
 * (due boards, boards out of play, one board per Cowardly king, no mated player under
 * Scavenger). At the end a saved game reloads to the same game (R10.1). The policy favours
 * captures and checks, and resigns now and then, so that eliminations happen; across the
 * playouts eliminations, collapses, flights and inherited seats must all occur.
 */
import { describe, expect, test } from 'vitest';
import {
  ELIMINATED,
  FLAG_PLACE,
  Game,
  KING,
  MODE_FLIGHT,
  MODE_NORMAL,
  PLAY,
  RESIGN,
  createRng,
  inCheck,
  isCapture,
  loadGame,
  makeAction,
  makePosition,
  moveFlag,
  moveFrom,
  moveFromBoard,
  parseAction,
  parsePosition,
  playUnchecked,
  relativeLuminance,
  roleOf,
  saveGame,
  type Options,
  type Position,
} from '../../src/core';
import { moves, setupOf } from './helpers';

const ALL: Options = {
  hyperspace: true,
  collapse: true,
  cowardly: true,
  scavenger: true,
  shade: true,
  quiet: true,
};
const CONFIGS: Record<string, Partial<Options>> = {
  hyperspace: { hyperspace: true },
  collapse: { collapse: true },
  cowardly: { cowardly: true },
  scavenger: { scavenger: true },
  shade: { shade: true },
  all: ALL,
};
const PLAYERS = [3, 4, 5, 6, 7, 8];
/** Turns of play after the placement (a Hyperspace turn is several actions), and a cap on actions. */
const TURNS = 250;
const MAX_ACTIONS = 900;
/** Chance of resigning at the start of a turn (eliminations also come from mates). */
const RESIGN_CHANCE = 0.01;

interface Tally {
  eliminated: number;
  mated: number;
  collapse: number;
  flee: number;
  fled: number;
  inherit: number;
  actions: number;
}

const hashOf = (pos: Position) => [pos.hashLo, pos.hashHi];
/** In the middle of a Hyperspace turn: its first move is made. */
const midTurn = (pos: Position) => pos.dueBoards() !== null;
const isKing = (pos: Position, m: number) =>
  moveFlag(m) < FLAG_PLACE && roleOf(pos.pieceAt(moveFromBoard(m), moveFrom(m))) === KING;

/** A capture, or a move giving check (mate first), among a sample of the legal moves. */
function aggressive(
  pos: Position,
  legal: readonly number[],
  rng: () => number,
): number | undefined {
  const captures = legal.filter((m) => moveFlag(m) < FLAG_PLACE && isCapture(pos, m));
  if (captures.length) return captures[Math.floor(rng() * captures.length)];
  const probe = pos.clone();
  const me = pos.turn;
  const checks: number[] = [];
  for (let i = 0; i < Math.min(8, legal.length); i++) {
    const m = legal[Math.floor(rng() * legal.length)];
    playUnchecked(probe, m);
    let mates = false;
    let checked = false;
    for (let p = 0; p < pos.n; p++) {
      if (p === me) continue;
      if (probe.status[p] !== pos.status[p]) mates = true;
      else if (probe.status[p] !== ELIMINATED && inCheck(probe, p)) checked = true;
    }
    probe.undo();
    if (mates) return m;
    if (checked) checks.push(m);
  }
  return checks.length ? checks[Math.floor(rng() * checks.length)] : undefined;
}

/** makePosition → JSON → parsePosition gives the same position (at the start of a turn). */
function checkJson(pos: Position, where: string): void {
  const parsed = parsePosition(JSON.parse(JSON.stringify(makePosition(pos))));
  expect(parsed.ok, `${where}: ${parsed.ok ? '' : parsed.error.message}`).toBe(true);
  if (!parsed.ok) return;
  expect(hashOf(parsed.value), where).toEqual(hashOf(pos));
  expect(moves(parsed.value), where).toEqual(moves(pos));
}

/**
 * What breaks the invariants of the options in the current position ([] when nothing does).
 * Collected, then asserted once per action: an expect() per board and player of every action
 * was most of the playouts' time.
 */
function invariantBreaks(game: Game, options: Partial<Options>): string[] {
  const out: string[] = [];
  const pos = game.position;
  const status = game.status();
  if (status.phase !== 'over') {
    const mover = status.players.find((p) => p.label === status.turn)!;
    if (mover.state === 'eliminated') out.push(`${mover.label} is to move, eliminated`);
  }
  // R9.1: due boards only in Hyperspace turns; after the first move only their non-king moves
  if ((status.due === null) !== !pos.inHyperspaceTurn())
    out.push(`due boards ${status.due}, in a Hyperspace turn: ${pos.inHyperspaceTurn()}`);
  if (!options.hyperspace && pos.inHyperspaceTurn()) out.push('a Hyperspace turn without R9.1');
  if (midTurn(pos)) {
    const stray = game
      .legalActions()
      .filter((m) => !pos.isHyperspaceDue(moveFromBoard(m)) || isKing(pos, m));
    if (stray.length)
      out.push(`mid-turn moves off the due boards: ${stray.map((m) => makeAction(pos, m))}`);
  }
  // R9.2: boards out of play are empty and nobody's domain
  for (let b = 0; b < pos.nb; b++) {
    if (pos.live[b]) continue;
    const name = pos.g.names[b];
    if (!options.collapse) out.push(`${name} out of play without R9.2`);
    if (pos.squares.subarray(b << 7, (b + 1) << 7).some((c) => c !== 0))
      out.push(`${name} out of play has pieces`);
    if (pos.domain.some((dom) => dom.includes(b))) out.push(`${name} out of play is in a domain`);
  }
  // R9.3: a Cowardly king stands on one board (or is fleeing); otherwise on every board of
  // the player's own seats (R2.2), never on inherited ones (R9.4)
  for (let p = 0; p < pos.n; p++) {
    if (pos.status[p] === ELIMINATED || pos.phase !== PLAY) continue;
    const kings = pos.kingBoards[p];
    if (options.cowardly && pos.n > 2) {
      if (kings.length !== (pos.fleeing[p] ? 0 : 1))
        out.push(`player ${p}'s Cowardly king on ${kings.length} boards`);
    } else {
      const own = pos.domain[p].filter((b) => pos.g.south[b] === p || pos.g.north[b] === p);
      if (kings.join() !== own.join())
        out.push(`player ${p}'s king on boards [${kings}], own seats [${own}]`);
    }
    for (const b of kings)
      if (!pos.domain[p].includes(b)) out.push(`player ${p}'s king on ${b}, not in the domain`);
  }
  if (pos.mode === MODE_FLIGHT) {
    if (!options.cowardly) out.push('a flight without R9.3');
    if (status.kind !== 'flight') out.push(`a flight turn of kind ${status.kind}`);
    if (pos.fleeing[pos.turn] !== 1) out.push('a flight turn of a king not fleeing');
  }
  // R9.4: a mate is decided at once, nobody waits as 'mated'
  if (options.scavenger)
    for (const p of status.players) if (p.state === 'mated') out.push(`${p.label} waits mated`);
  return out;
}

/** One turn's actions under Hyperspace: a king move alone, or moves from distinct boards. */
function checkTurnGroups(game: Game, where: string): void {
  for (const group of game.turnGroups()) {
    const texts = group.actions.map((i) => game.actions[i]);
    if (texts.length === 1) continue;
    for (const t of texts)
      expect(t, `${where}: ${texts.join(' ')}`).not.toMatch(/^[A-H]{2}:(K|\+|O-O)/);
    const boards = texts.map((t) => t.slice(0, 2));
    expect(new Set(boards).size, `${where}: ${texts.join(' ')}`).toBe(boards.length);
  }
}

const results = new Map<string, { game: Game; tally: Tally }>();

/** A seeded playout: random placement, then the capture-favouring policy. Memoized. */
function playout(config: string, n: number): { game: Game; tally: Tally } {
  const key = `${config}:${n}`;
  const hit = results.get(key);
  if (hit) return hit;
  const options = CONFIGS[config];
  const where0 = `${config}, ${n} players`;
  const rng = createRng(`r9-${key}`);
  const created = Game.create({ ...setupOf(n, `r9-${key}`), options });
  if (!created.ok) throw new Error(created.error.message);
  const placed = created.value.autoPlace('random', 'all');
  if (!placed.ok) throw new Error(placed.error.message);
  let game = placed.value;
  const tally: Tally = {
    eliminated: 0,
    mated: 0,
    collapse: 0,
    flee: 0,
    fled: 0,
    inherit: 0,
    actions: 0,
  };
  if (options.shade) {
    const lum = game.players.map((p) => relativeLuminance(p.colour));
    for (let i = 1; i < lum.length; i++) expect(lum[i], where0).toBeLessThanOrEqual(lum[i - 1]);
  }
  /**
   * What broke, action by action: collected and asserted once at the end of the playout (an expect() per action
   * and check was a good part of the playouts' time); each item names its action.
   */
  const breaks: string[] = [];
  const firstPly = game.position.ply;
  for (
    let ply = 0;
    ply < MAX_ACTIONS && game.position.phase === PLAY && game.position.ply - firstPly < TURNS;
    ply++
  ) {
    const pos = game.position;
    const where = `${where0}, action ${game.length + 1}`;
    const legal = game.legalActions();
    if (!legal.length) {
      breaks.push(`${where}: no legal action`);
      break;
    }
    const turnStart = pos.mode === MODE_NORMAL && !midTurn(pos);
    let m = legal[Math.floor(rng() * legal.length)];
    if (turnStart && rng() < RESIGN_CHANCE) m = RESIGN;
    else if (rng() < 0.8) m = aggressive(pos, legal, rng) ?? m;
    // R10.2: the action's text parses back to it (read against the legal list already made)
    const text = makeAction(pos, m);
    const parsed = parseAction(pos, text, legal);
    if (!parsed.ok || parsed.value !== m)
      breaks.push(
        `${where}: ${text} reads back as ${parsed.ok ? parsed.value : parsed.error.message}`,
      );
    const next = game.play(m);
    if (!next.ok) {
      breaks.push(`${where}: ${text} refused: ${next.error.message}`);
      break;
    }
    game = next.value;
    tally.actions++;
    const [lo, hi] = game.position.computeHash();
    if (lo !== game.position.hashLo || hi !== game.position.hashHi)
      breaks.push(`${where}: ${text}: incremental hash ≠ computed hash`);
    for (const e of game.eventsOf(game.length)) {
      if (e.type === 'eliminated') tally.eliminated++;
      else if (e.type === 'checkmate') tally.mated++;
      else if (e.type === 'collapse') tally.collapse++;
      else if (e.type === 'flee') tally.flee++;
      else if (e.type === 'fled') tally.fled++;
      else if (e.type === 'inherit') tally.inherit++;
    }
    for (const b of invariantBreaks(game, options)) breaks.push(`${where}: after ${text}: ${b}`);
    const after = game.position;
    if (ply % 20 === 0 && after.phase === PLAY && after.mode !== MODE_FLIGHT && !midTurn(after))
      checkJson(after, `${where}: after ${text}`);
  }
  expect(breaks, where0).toEqual([]);
  if (options.hyperspace) checkTurnGroups(game, where0);
  // R10.1: save → load replays to the same game
  const loaded = loadGame(JSON.stringify(saveGame(game)));
  expect(loaded.ok, where0).toBe(true);
  if (loaded.ok) {
    expect(loaded.value.actions, where0).toEqual(game.actions);
    expect(hashOf(loaded.value.position), where0).toEqual(hashOf(game.position));
    expect(loaded.value.status(), where0).toEqual(game.status());
  }
  const result = { game, tally };
  results.set(key, result);
  return result;
}

describe('R9 random playouts', () => {
  for (const config of Object.keys(CONFIGS))
    test.each(PLAYERS)(`R9 ${config}: a random %i-player playout keeps every invariant`, (n) => {
      const { tally } = playout(config, n);
      expect(tally.actions).toBeGreaterThan(20);
    });

  test('R9 the playouts eliminate players, collapse boards, make kings flee and pass seats on', () => {
    const total = (config: string, key: keyof Tally) =>
      PLAYERS.reduce((sum, n) => sum + playout(config, n).tally[key], 0);
    const all = (key: keyof Tally) => Object.keys(CONFIGS).reduce((s, c) => s + total(c, key), 0);
    expect(all('eliminated')).toBeGreaterThan(0);
    expect(all('mated')).toBeGreaterThan(0);
    expect(total('collapse', 'collapse') + total('all', 'collapse')).toBeGreaterThan(0);
    expect(total('scavenger', 'inherit') + total('all', 'inherit')).toBeGreaterThan(0);
    expect(total('cowardly', 'fled') + total('all', 'fled')).toBeGreaterThan(0);
    // options never switched on never show
    for (const c of ['hyperspace', 'cowardly', 'scavenger', 'shade'])
      expect(total(c, 'collapse'), c).toBe(0);
    for (const c of ['hyperspace', 'collapse', 'cowardly', 'shade'])
      expect(total(c, 'inherit'), c).toBe(0);
    for (const c of ['hyperspace', 'collapse', 'scavenger', 'shade'])
      expect(total(c, 'flee'), c).toBe(0);
    // every kind of event, per option
    expect(total('collapse', 'collapse')).toBeGreaterThan(0);
    expect(total('scavenger', 'inherit')).toBeGreaterThan(0);
    expect(total('all', 'fled')).toBeGreaterThan(0);
  });
});
