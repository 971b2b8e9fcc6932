/**
 * Key moments (issue 47 item 2): scripted games where a blunder, a missed mate in one, a shift
 * into a cross-board attack and a decided elimination are flagged at their action, in words.
 */
import { describe, expect, it } from 'vitest';
import { reviewAction, type ActionReview } from '../../src/ai/analyse';
import {
  BLUNDER_DROP,
  MISTAKE_DROP,
  keyMoments,
  winChance,
  type KeyMoment,
} from '../../src/ai/moments';
import { WIN } from '../../src/ai/search';
import type { Game } from '../../src/core';
import { momentText } from '../../src/text';
import { moveRows, tableSpot } from '../../src/text/moveRows';
import type { Spec } from '../core/helpers';
import { MATE_IN_ONE, scripted } from './scripted';

/** Every action reviewed by the bots, with a small node budget. */
const reviewed = (game: Game) =>
  game.actions.map((_, k) => reviewAction(game, k, { nodes: 20_000 }));

const said = (game: Game, moments: KeyMoment[]) => moments.map((m) => momentText(game, m));

/** A review made by hand, where the search is not the point. */
function review(game: Game, k: number, best: string, bestScore: number, playedScore: number) {
  const r: ActionReview = {
    index: k,
    player: game.positionAt(k).turn,
    played: game.actions[k],
    best,
    bestScore,
    playedScore,
    loss: Math.max(0, bestScore - playedScore),
  };
  return r;
}

/**
 * B mates A on AB with Rh3-h1 once A's pawn has taken on g3 and opened the h-file (R6.1: A is
 * found mated at the start of A's turn, after C has moved); A makes a final move and B takes the
 * king (R6.3, R6.4). A and C have queens on AC, so the material is about level.
 */
const MATE_SPEC: Spec = {
  players: 3,
  pieces: {
    AB: { b2: 'r', h3: 'r', h2: 'P', g3: 'n' },
    AC: { b1: 'Q', a1: 'R', g8: 'q' },
    BC: { h2: 'P' },
  },
};

describe('key moments: mistakes judged by winning chances', () => {
  it('a drop of winning chances, not raw centipawns, makes a mistake; a forced loss is ±1', () => {
    const drop = (best: number, played: number) => winChance(best) - winChance(played);
    expect(drop(0, -150)).toBeGreaterThanOrEqual(MISTAKE_DROP);
    expect(drop(0, -150)).toBeLessThan(BLUNDER_DROP);
    expect(drop(1000, 850)).toBeLessThan(MISTAKE_DROP);
    expect(drop(0, -80)).toBeLessThan(MISTAKE_DROP);
    expect(winChance(WIN - 3)).toBe(1);
    expect(winChance(-WIN + 3)).toBe(-1);
    expect(drop(WIN - 3, 300)).toBeGreaterThanOrEqual(BLUNDER_DROP);
  });

  it('a blunder (the queen left to a pawn) is flagged at its action with the better move', () => {
    const game = scripted(
      {
        players: 3,
        pieces: { AB: { d1: 'Q', c6: 'p', h2: 'P' }, AC: { a2: 'P', h7: 'p' }, BC: { h2: 'P' } },
      },
      ['AB:Qd1-d5', 'AB:c6xd5', 'AC:h7-h6'],
    );
    const reviews = reviewed(game);
    const moments = keyMoments(game, reviews);
    expect(moments.map((m) => [m.kind, m.index])).toEqual([['mistake', 0]]);
    const [blunder] = moments;
    expect(blunder.better).toEqual({ index: 0, text: reviews[0]!.best });
    expect(reviews[0]!.best).not.toBe('AB:Qd1-d5');
    expect(said(game, moments)).toEqual([
      `Round 1, Ada: AB:Qd1-d5 was a blunder; ${reviews[0]!.best} was better.`,
    ]);
  });
});

describe('key moments found by the rules', () => {
  it('R6.1 R6.2: a missed mate in one is found by playing every legal move, reviews or not', () => {
    const game = scripted(MATE_IN_ONE, ['AB:Ra7-a6']);
    const moments = keyMoments(game, []);
    expect(moments).toEqual([
      {
        kind: 'missed-mate',
        index: 0,
        player: 0,
        played: 'AB:Ra7-a6',
        at: 0,
        mated: [1],
        better: { index: 0, text: 'AB:Rh1-h8' },
      },
    ]);
    expect(said(game, moments)).toEqual([
      'Round 1, Ada: AB:Ra7-a6 missed a mate in one: AB:Rh1-h8 checkmates Boris.',
    ]);
  });

  it('R6.1: the mate played is no missed mate, and the reader is addressed as "you"', () => {
    expect(keyMoments(scripted(MATE_IN_ONE, ['AB:Rh1-h8']), [])).toEqual([]);
    const game = scripted(MATE_IN_ONE, ['AB:Ra7-a6'], ['You', 'Boris', 'Chen']);
    expect(said(game, keyMoments(game, []))).toEqual([
      'Round 1, You: AB:Ra7-a6 missed a mate in one: AB:Rh1-h8 checkmates Boris.',
    ]);
  });

  it('R4.1: a shift into a cross-board attack, taken before its owner moved again', () => {
    // A's knight shifts from AB b1 to AC c3, where C's pawn on d4 takes it after B's move.
    const spec: Spec = {
      players: 3,
      pieces: { AB: { b1: 'N' }, AC: { d4: 'p' }, BC: { h2: 'P' } },
    };
    const game = scripted(spec, ['AB:Nb1-AC:c3', 'BC:h2-h3', 'AC:d4xc3']);
    const moments = keyMoments(game, []);
    expect(moments.map((m) => [m.kind, m.index])).toEqual([['shift-attacked', 0]]);
    expect(moments[0]).toMatchObject({ attacker: 2, taken: { index: 2, player: 2 } });
    expect(said(game, moments)).toEqual([
      "Round 1, Ada: the knight shifted from AB to AC (AB:Nb1-AC:c3) into Chen's attack, and Chen took it in round 1.",
    ]);
    // Shifted where nothing attacks it, or left en prise without a review calling it a
    // mistake, a shift is no key moment.
    expect(keyMoments(scripted(spec, ['AB:Nb1-AC:a3']), [])).toEqual([]);
    const hanging = scripted(spec, ['AB:Nb1-AC:c3', 'BC:h2-h3', 'AC:Ke8-d8']);
    expect(keyMoments(hanging, [])).toEqual([]);
    const judged = keyMoments(hanging, [review(hanging, 0, 'AB:Nb1-a3', 0, -300)]);
    expect(said(hanging, judged)).toEqual([
      "Round 1, Ada: the knight shifted from AB to AC (AB:Nb1-AC:c3) into Chen's attack, and it stands there en prise. AB:Nb1-a3 was better.",
    ]);
  });
});

describe('key moments: eliminations', () => {
  it('R6.1 R6.3 R6.4: the mate, the move that decided it and the mistake that allowed it', () => {
    const game = scripted(MATE_SPEC, [
      'AB:h2xg3',
      'AB:Rh3-h1',
      'AC:Ke8-d8',
      'AB:g3-g4',
      'AB:Rh1xe1',
    ]);
    expect(game.status().players.map((p) => p.state)).toEqual(['eliminated', 'active', 'active']);
    const reviews = reviewed(game);
    const moments = keyMoments(game, reviews);
    expect(moments.map((m) => [m.kind, m.index])).toEqual([
      ['mistake', 0],
      ['elimination', 1],
    ]);
    // B mated A with action 1; A is found mated after C's action 2, at the start of A's turn.
    expect(moments[1]).toMatchObject({
      player: 0,
      at: 3,
      by: 1,
      mated: true,
      decided: { index: 0, player: 0 },
      mistake: { index: 0, player: 0 },
    });
    const better = reviews[0]!.best;
    expect(said(game, moments)).toEqual([
      `Round 1, Ada: AB:h2xg3 was a blunder; ${better} was better.`,
      `Round 1, Boris: Ada is checkmated by Boris and eliminated. It was decided in round 1 by Ada's mistake AB:h2xg3; ${better} was better.`,
    ]);
  });

  it('R6.2: lost at the start of the turn, the loss was decided by the action before it', () => {
    // A's bishop on AC f1 keeps C's queen from mating A there at once.
    const pieces = { ...MATE_SPEC.pieces, AC: { ...MATE_SPEC.pieces!.AC, f1: 'B' } };
    const game = scripted({ ...MATE_SPEC, pieces, turn: 'C' }, [
      'AC:Ke8-d8',
      'AB:h2xg3',
      'AB:Rh3-h1',
      'AC:Kd8-e8',
      'AB:g3-g4',
      'AB:Rh1xe1',
    ]);
    // By hand: C's king step was a blunder; A was lost whatever A played.
    const reviews = [
      review(game, 0, 'AC:Qg8-g7', 40, -200),
      review(game, 1, 'AB:Ke1-d1', -WIN + 9, -WIN + 3),
    ];
    const moments = keyMoments(game, reviews);
    expect(moments.map((m) => [m.kind, m.index])).toEqual([
      ['mistake', 0],
      ['elimination', 2],
    ]);
    // Named as the move list shows it: C's first action opens round 1, A's opens round 2.
    expect(tableSpot(moveRows(game), 2)).toEqual({ round: 2, placement: false, player: 1 });
    expect(said(game, moments)[1]).toBe(
      "Round 2, Boris: Ada is checkmated by Boris and eliminated. It was decided in round 1 by Chen's mistake AC:Ke8-d8; AC:Qg8-g7 was better.",
    );
    // Without reviews, the mate alone: nothing said of a decision.
    expect(said(game, keyMoments(game, []))).toEqual([
      'Round 2, Boris: Ada is checkmated by Boris and eliminated.',
    ]);
  });

  it('R6.6: a resignation is an elimination too', () => {
    const game = scripted(MATE_SPEC, ['resign']);
    expect(said(game, keyMoments(game, []))).toEqual([
      'Round 1, Ada: Ada resigns and leaves the game.',
    ]);
  });
});
