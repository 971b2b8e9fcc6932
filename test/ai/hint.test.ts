/**
 * Hints (issue #16): the level-3 action with its reason, read from the position and the
 * search's expected line. One real position per kind of reason, built with the core; the
 * advice is deterministic with node budgets only (no time cap).
 */
import { describe, expect, it } from 'vitest';
import { BotWorkspace } from '../../src/ai/bot';
import { adviseMove, hintReason, threatsTo, type Advice } from '../../src/ai/hint';
import { createBotClient, type BotWorker } from '../../src/ai/client';
import { BotHost, type BotRequest } from '../../src/ai/protocol';
import { parseAction, saveGame, type Position, type PositionJson } from '../../src/core';
import { DOOMED_QUEEN, newGame, position } from './helpers';

const A = 0;
const B = 1;
const C = 2;

/** Three players, A to move; AB and BC quiet, AC as given (A South, C North). */
function three(ac: string, extra: Partial<PositionJson> = {}): Position {
  return position({
    players: 3,
    turn: 'A',
    boards: {
      AB: { pieces: '4k3/8/8/8/8/8/8/4K3' },
      AC: { pieces: ac },
      BC: { pieces: `${ac.startsWith('6k1') ? '6k1' : '4k3'}/8/8/8/8/8/8/4K3` },
    },
    ...extra,
  });
}

/** A thirtieth of level 3's budget: these positions need a few plies, not the level's strength. */
const NODES = 10_000;

const advise = (pos: Position): Advice => {
  const advice = adviseMove(pos, {
    level: 3,
    seed: 'hint',
    workspace: new BotWorkspace(),
    timeMs: Infinity,
    nodes: NODES,
  });
  if (!advice) throw new Error('no advice');
  return advice;
};

const action = (pos: Position, text: string): number => {
  const parsed = parseAction(pos, text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

const name = (pos: Position, board: number) => pos.g.names[board];

describe('hint reasons', () => {
  it('material won: the queen takes the loose knight on AC d5', () => {
    const pos = three('4k3/8/8/3n4/8/8/8/3QK3');
    const advice = advise(pos);
    expect(advice.text).toBe('AC:Qd1xd5');
    expect(advice.reason).toMatchObject({
      kind: 'wins',
      later: false,
      piece: { owner: C, role: 2, square: 0x43 },
    });
    if (advice.reason.kind === 'wins') expect(name(pos, advice.reason.piece.board)).toBe('AC');
    // Where it goes on the boards: from d1 to d5 of AC.
    expect(advice.from).toEqual([
      { board: advice.reason.kind === 'wins' ? advice.reason.piece.board : -1, square: 0x03 },
    ]);
    expect(advice.shift).toBe(false);
  });

  it('a check answered, from the board it comes from: the bishop takes the rook on AC', () => {
    // C's rook on AC e5 checks A's king, which stands on AB and AC at once.
    const pos = three('4k3/8/8/4r3/8/2B5/8/4K3');
    const advice = advise(pos);
    expect(advice.reason.kind).toBe('answers-check');
    if (advice.reason.kind !== 'answers-check') return;
    expect(advice.reason.checks.map((a) => [name(pos, a.board), a.owner, a.role])).toEqual([
      ['AC', C, 4],
    ]);
    expect(advice.text).toBe('AC:Bc3xe5');
    expect(advice.reason.how).toBe('takes');
  });

  it('a mate threatened: the bishop steps aside and opens the a-file onto the back rank', () => {
    const pos = three('6k1/5ppp/8/B7/8/8/8/R3K3');
    const reason = hintReason(pos, action(pos, 'AC:Ba5-d2'));
    expect(reason).toEqual({ kind: 'threatens-mate', victim: C, board: pos.g.names.indexOf('AC') });
  });

  it('a mate given: on the back rank, before C moves (B moves first)', () => {
    const pos = three('6k1/5ppp/8/8/8/8/8/R3K3');
    expect(hintReason(pos, action(pos, 'AC:Ra1-a8'))).toEqual({
      kind: 'mates',
      victim: C,
      now: false,
    });
    // The search finds it, and says so.
    expect(advise(pos).reason).toEqual({ kind: 'mates', victim: C, now: false });
  });

  it('a mate given to the next player: checkmated at once', () => {
    const pos = position({
      players: 3,
      turn: 'A',
      boards: {
        AB: { pieces: '6k1/5ppp/8/8/8/8/8/R3K3' },
        AC: { pieces: '4k3/8/8/8/8/8/8/4K3' },
        BC: { pieces: '4k3/8/8/8/8/8/8/6K1' },
      },
    });
    expect(hintReason(pos, action(pos, 'AB:Ra1-a8'))).toEqual({
      kind: 'mates',
      victim: B,
      now: true,
    });
  });

  it('a piece saved from a board about to collapse (Dimensional Collapse)', () => {
    const pos = position(DOOMED_QUEEN);
    const advice = advise(pos);
    expect(advice.shift).toBe(true);
    expect(advice.reason).toMatchObject({ kind: 'saves', role: 5, turnsLeft: 1 });
    if (advice.reason.kind !== 'saves') return;
    expect([name(pos, advice.reason.from), name(pos, advice.reason.to)]).toEqual(['AB', 'AC']);
  });

  it('otherwise, what the move does', () => {
    const pos = three('4k3/8/8/8/8/8/3P4/4K3');
    const reason = hintReason(pos, action(pos, 'AC:d2-d3'));
    expect(reason).toMatchObject({
      kind: 'move',
      role: 1,
      from: { square: 0x13 },
      to: { square: 0x23 },
    });
  });

  it('leaves the position as it was', () => {
    const pos = three('6k1/5ppp/8/B7/8/8/8/R3K3');
    const before = [pos.hashLo, pos.hashHi, pos.undoDepth];
    threatsTo(pos, {
      level: 2,
      seed: 'x',
      workspace: new BotWorkspace(),
      timeMs: Infinity,
      nodes: 2_000,
    });
    hintReason(pos, action(pos, 'AC:Ba5-d2'));
    expect([pos.hashLo, pos.hashHi, pos.undoDepth]).toEqual(before);
  });
});

describe('threats', () => {
  it("each opponent's best action if it were their turn: C would take A's loose queen", () => {
    // A to move; C's rook on AC d8 looks at A's queen on d1.
    const pos = three('3rk3/8/8/8/8/8/8/3QK3');
    const threats = threatsTo(pos, {
      level: 2,
      seed: 't',
      workspace: new BotWorkspace(),
      timeMs: Infinity,
    });
    expect(threats.map((t) => t.player)).toEqual([B, C]);
    const c = threats.find((t) => t.player === C)!;
    expect(c.text).toBe('AC:Rd8xd1');
    expect(c.reason).toMatchObject({ kind: 'wins', piece: { owner: A, role: 5 } });
  });
});

describe('determinism', () => {
  it('the same position and seed give the same advice and threats, node budgets only', () => {
    const make = () => three('r3k3/5ppp/8/3n4/8/2B5/5PPP/R2QK3');
    // Several iterations still: sameness, not strength.
    const options = () => ({
      level: 3 as const,
      seed: 'same',
      workspace: new BotWorkspace(),
      timeMs: Infinity,
      nodes: 10_000,
    });
    expect(adviseMove(make(), options())).toEqual(adviseMove(make(), options()));
    const t = () => threatsTo(make(), { ...options(), level: 2 });
    expect(t()).toEqual(t());
  });
});

describe('the worker protocol (ask)', () => {
  const game = () => newGame(3, 'ask');

  it('answers a threats request with one threat per opponent, and refuses an unknown ask', () => {
    const g = game();
    const placed = g.autoPlace('balanced', 'all');
    if (!placed.ok) throw new Error(placed.error.message);
    const host = new BotHost({ timeMs: Infinity });
    const save = saveGame(placed.value);
    const response = host.answer({ id: 1, save, level: 1, seed: 's', ask: 'threats' });
    if (!('threats' in response) || !response.threats) throw new Error(JSON.stringify(response));
    const turn = placed.value.position.turn;
    expect(response.threats.map((t) => t.player).sort()).toEqual(
      [0, 1, 2].filter((p) => p !== turn),
    );
    const bad = host.answer({ id: 2, save, level: 2, ask: 'move' as never });
    expect(bad).toEqual({ id: 2, error: '"ask" must be "hint", "threats" or "line", got "move"' });
  });
});

describe('the client (ask)', () => {
  it('asks for a hint in a game the worker holds already, sending only the new actions', async () => {
    const host = new BotHost({ timeMs: Infinity });
    const posted: BotRequest[] = [];
    const worker = (): BotWorker => {
      const w: BotWorker = {
        onmessage: null,
        onerror: null,
        postMessage(message) {
          posted.push(message);
          setTimeout(() => w.onmessage?.({ data: host.answer(message) } as MessageEvent), 1);
        },
        terminate() {},
      };
      return w;
    };
    const client = createBotClient({ createWorker: worker });
    const placed = newGame(3, 'client').autoPlace('balanced', 'all');
    if (!placed.ok) throw new Error(placed.error.message);
    const game = placed.value;
    const move = await client.think({ save: saveGame(game), level: 1, seed: 's' });
    const next = game.play(move.action);
    if (!next.ok) throw new Error(next.error.message);
    const hint = await client.think({
      save: saveGame(next.value),
      level: 2,
      seed: 's',
      ask: 'hint',
    });
    expect(posted[1]).toMatchObject({ ask: 'hint', since: game.length, actions: [move.action] });
    expect(hint.advice?.player).toBe(next.value.position.turn);
    expect(hint.advice?.text).toBe(hint.action);
    expect(next.value.play(hint.action).ok).toBe(true);
  });
});

describe('placement', () => {
  it("a hint during placement is the strong bot's placement plan: where the next piece goes", () => {
    const pos = newGame(3, 'place').position.clone();
    const advice = advise(pos);
    expect(advice.reason.kind).toBe('place');
    expect(advice.from).toEqual([]);
    expect(advice.to).toHaveLength(1);
    if (advice.reason.kind === 'place') expect(advice.reason.board).toBe(advice.to[0].board);
  });
});
