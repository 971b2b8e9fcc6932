/**
 * Every lesson of "How to play" against the core: the position builds, the asked moves are legal
 * and reach each step's goal, no other legal move does, the scripted replies are legal after
 * every move that reaches a goal, and the end shows what the lesson says the rule does.
 */
import { describe, expect, it } from 'vitest';
import { Game, KING, QUEEN, roleOf, saveGame, squareName } from '../../src/core';
import { LESSONS, lessonById } from '../../src/tutorial/lessons';
import { lessonGame, playScripted, yourSeat, type Lesson } from '../../src/tutorial/lesson';

/** Per lesson: the player's actions of each step, and which first actions also reach the goal. */
const SOLUTIONS: Record<string, { steps: string[][]; alsoGoal?: (RegExp | null)[] }> = {
  boards: { steps: [['AB:Ra1xa6']] },
  placement: { steps: [['AC:+Qd1']] },
  shift: { steps: [['AB:Ra1-AC:a5']] },
  king: { steps: [['AB:Ke1-d1']] },
  block: { steps: [['AB:Ra4-AC:e4']] },
  mate: { steps: [['AB:Rb1-b8'], ['AB:Rb8xe8']] },
  'two-left': { steps: [['AB:Rb1-b8']] },
  hyperspace: { steps: [['AB:d2-d3', 'AC:Ng1-f3']] },
  collapse: { steps: [['AC:Ng1-AB:f3']], alsoGoal: [/^AC:Ng1-AB:/] },
  // The final move: any move of a piece on AC (the king's moves are refused by the lesson).
  cowardly: { steps: [['AC:d2-d3'], ['AC:+Ke1']], alsoGoal: [/^AC:/] },
  // After the mate, any move on BC or onto it.
  scavenger: { steps: [['AB:Rb1-b8'], ['BC:a2-a3']], alsoGoal: [null, /(^|-)BC:/] },
  shade: { steps: [['AC:+Qd8']] },
  // Any quiet shift onto AC; then either check of Jade's king from the rook on AC b1.
  quiet: {
    steps: [['AB:Ra1-AC:b1'], ['AC:Rb1-b8']],
    alsoGoal: [/^AB:Ra1-AC:/, /^AC:Rb1-a1$/],
  },
};

const legalTexts = (g: Game) => g.legalActions().map((m) => g.actionText(m));
const labelToMove = (g: Game) => g.status().turn;

/** Play one step's solution from `game`, checking it, and the replies; the game after. */
function playStep(lesson: Lesson, index: number, game: Game, actions: string[]): Game {
  const step = lesson.steps[index];
  let g = game;
  actions.forEach((text, i) => {
    expect(legalTexts(g), `${lesson.id} step ${index + 1}: ${text}`).toContain(text);
    g = playScripted(lesson, g, text);
    expect(step.judge(text, g)).toBe(i === actions.length - 1 ? 'goal' : 'more');
  });
  for (const reply of step.replies ?? []) {
    expect(legalTexts(g), `${lesson.id}: scripted ${reply}`).toContain(reply);
    expect(labelToMove(g)).not.toBe(lesson.you);
    g = playScripted(lesson, g, reply);
  }
  return g;
}

describe('lessons', () => {
  it('every lesson has a solution here, a unique id, and text to read', () => {
    expect(LESSONS.map((l) => l.id).sort()).toEqual(Object.keys(SOLUTIONS).sort());
    expect(new Set(LESSONS.map((l) => l.id)).size).toBe(LESSONS.length);
    for (const l of LESSONS) {
      expect(l.intro.length).toBeGreaterThan(0);
      expect(l.steps.length).toBe(SOLUTIONS[l.id].steps.length);
      for (const s of l.steps) expect(s.goal && s.hint && s.praise).toBeTruthy();
      // Plain words: no clause numbers.
      const words = [...l.intro, l.done, ...l.steps.flatMap((s) => [s.goal, s.hint, s.praise])];
      for (const w of words) expect(w).not.toMatch(/\bR\d+(\.\d+)?\b/);
    }
  });

  it('one lesson per optional rule and the house rule', () => {
    const rules = LESSONS.map((l) => l.rule).filter(Boolean);
    expect(rules.sort()).toEqual([
      'collapse',
      'cowardly',
      'hyperspace',
      'quiet',
      'scavenger',
      'shade',
    ]);
  });

  for (const lesson of LESSONS) {
    describe(lesson.id, () => {
      const solution = SOLUTIONS[lesson.id];

      it('starts with the player to move, in a game that is never saved', () => {
        const g = lessonGame(lesson);
        expect(labelToMove(g)).toBe(lesson.you);
        expect(g.setup.players[yourSeat(lesson, g)].name).toBe('You');
        expect(g.players.find((p) => p.name === 'You')?.label).toBe(lesson.you);
        if ('position' in lesson.start) expect(() => saveGame(g)).toThrow(/no saved form/);
      });

      it('the asked moves are legal and reach each goal; the replies are legal', () => {
        let g = lessonGame(lesson);
        solution.steps.forEach((actions, i) => {
          expect(labelToMove(g), `${lesson.id} step ${i + 1}`).toBe(lesson.you);
          g = playStep(lesson, i, g, actions);
        });
      });

      it('no other legal move reaches a goal, and every move that does has legal replies', () => {
        let g = lessonGame(lesson);
        solution.steps.forEach((actions, i) => {
          const step = lesson.steps[i];
          const also = solution.alsoGoal?.[i] ?? null;
          const legal = legalTexts(g);
          let wrong = 0;
          for (const text of legal) {
            const after = playScripted(lesson, g, text);
            const verdict = step.judge(text, after);
            if (verdict === 'wrong') wrong++;
            const asked = text === actions[0] || (also?.test(text) ?? false);
            if (actions.length === 1)
              expect(verdict === 'goal', `${lesson.id}: ${text}`).toBe(asked);
            else expect(verdict, `${lesson.id}: ${text}`).not.toBe('goal');
            if (verdict !== 'goal') continue;
            let r = after;
            for (const reply of step.replies ?? []) {
              expect(legalTexts(r), `${lesson.id}: ${reply} after ${text}`).toContain(reply);
              r = playScripted(lesson, r, reply);
            }
          }
          // A wrong move is possible wherever there is more than one legal move.
          if (legal.length > 1) expect(wrong, lesson.id).toBeGreaterThan(0);
          g = playStep(lesson, i, g, actions);
        });
      });
    });
  }

  /** The end of a lesson, after its solution: what the lesson says happened. */
  const ending = (id: string): Game => {
    const lesson = lessonById(id)!;
    let g = lessonGame(lesson);
    SOLUTIONS[id].steps.forEach((actions, i) => (g = playStep(lesson, i, g, actions)));
    return g;
  };
  const state = (g: Game, label: string) => g.status().players.find((p) => p.label === label)!;
  const quietStart = (lesson: Lesson) => {
    if (!('position' in lesson.start)) throw new Error('the quiet lesson starts from a position');
    return lesson.start.position;
  };

  it('boards: the player sits on AB and AC, not BC', () => {
    const g = lessonGame(lessonById('boards')!);
    const seats = (b: string) =>
      g.position.boardPlayers(g.position.g.names.indexOf(b)).map((p) => g.players[p].label);
    expect(seats('AB')).toEqual(['A', 'B']);
    expect(seats('AC')).toEqual(['A', 'C']);
    expect(seats('BC')).toEqual(['B', 'C']);
  });

  it('king: the check is on AC only, and f1, f2 and d2 are refused', () => {
    const g = lessonGame(lessonById('king')!);
    expect(state(g, 'A').checkedOn).toEqual(['AC']);
    expect(legalTexts(g)).toEqual(['AB:Ke1-d1']);
  });

  it('block: only the shift answers the check', () => {
    const g = lessonGame(lessonById('block')!);
    expect(state(g, 'A').checkedOn).toEqual(['AC']);
    expect(legalTexts(g)).toEqual(['AB:Ra4-AC:e4']);
  });

  it('mate: Sky is eliminated by the capture after the final move', () => {
    const g = ending('mate');
    expect(state(g, 'B')).toMatchObject({ state: 'eliminated', eliminatedBy: 'A' });
    expect(g.status().phase).toBe('play');
  });

  it('two players left: checkmate ends the game at once', () => {
    const g = ending('two-left');
    expect(g.status().result?.winner).toBe('A');
  });

  it('collapse: AC and BC leave play, the knight lives on AB', () => {
    const g = ending('collapse');
    const live = Object.fromEntries(g.status().boards.map((b) => [b.name, b.live]));
    expect(live).toEqual({ AB: true, AC: false, BC: false });
    expect(labelToMove(g)).toBe('A');
  });

  it('cowardly: the king flees to AC and the player stays in the game', () => {
    const g = ending('cowardly');
    expect(state(g, 'A').state).toBe('active');
    expect(g.position.pieceAt(g.position.g.names.indexOf('AC'), 0x04)).not.toBe(0);
  });

  it('scavenger: the player holds Sky’s seat on BC', () => {
    const g = ending('scavenger');
    const bc = g.position.g.names.indexOf('BC');
    expect(g.position.boardPlayers(bc).map((p) => g.players[p].label)).toEqual(['A', 'C']);
  });

  it('R9.7 quiet: the rook’s shifts that would check Jade are refused, saying why; the quiet ones are allowed', () => {
    const g = lessonGame(lessonById('quiet')!);
    const shifts = legalTexts(g).filter((t) => /^AB:Ra1-AC:/.test(t));
    expect(shifts.sort()).toEqual(['AB:Ra1-AC:b1', 'AB:Ra1-AC:c1', 'AB:Ra1-AC:d1']);
    // Up the a-file of AC the rook would check Jade's king on a8: refused, naming the rule.
    for (const rank of [2, 5, 7]) {
      const refused = g.play(`AB:Ra1-AC:a${rank}`);
      expect(refused.ok).toBe(false);
      expect(refused.ok ? '' : refused.error.message).toMatch(/may not give check.*R9\.7/);
    }
    // The same position under the rules as written allows them.
    const lesson = lessonById('quiet')!;
    const written = { ...lesson, start: { position: { ...quietStart(lesson), options: {} } } };
    expect(legalTexts(lessonGame(written))).toContain('AB:Ra1-AC:a5');
  });

  it('R9.7 quiet: on its own board the rook checks Jade as usual', () => {
    const g = ending('quiet');
    expect(state(g, 'C').checkedOn).toEqual(['AC']);
  });

  it('shade: the lightest army is A and the player, the darkest, is C', () => {
    const g = lessonGame(lessonById('shade')!);
    expect(g.players.map((p) => p.name)).toEqual(['Yellow', 'Sky', 'You']);
  });
});

/**
 * Issue 50 item 10: from the player's side of a board (where the camera stands) a piece right
 * behind a king or a queen on its file is hidden by it. No lesson starts with one of the player's
 * pieces hidden so.
 */
describe('every piece a lesson gives you is in sight', () => {
  it.each(LESSONS.map((l) => [l.id, l] as const))('%s', (_id, lesson) => {
    const game = lessonGame(lesson);
    const pos = game.position;
    const p = game.players.findIndex((x) => x.label === lesson.you);
    const hidden: string[] = [];
    for (const b of pos.domain[p]) {
      const towardYou = pos.seatOf(p, b) ? 16 : -16;
      for (let sq = 0; sq < 128; sq++) {
        const c = pos.pieceAt(b, sq);
        if (sq & 0x88 || !c || pos.ownerOf(b, c) !== p) continue;
        const front = sq + towardYou;
        const f = front & 0x88 ? 0 : pos.pieceAt(b, front);
        if (f && (roleOf(f) === KING || roleOf(f) === QUEEN))
          hidden.push(`${pos.g.names[b]} ${squareName(sq)} behind ${squareName(front)}`);
      }
    }
    expect(hidden).toEqual([]);
  });
});
