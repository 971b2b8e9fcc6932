/**
 * The first game survives (issue 45 item 2): in "Play against bots" (3 players, every army
 * placed balanced, level-1 bots), a bot's first move of play neither hangs a piece nor faces
 * one hung to it, whether it moves before the newcomer or after. Checked here with the rules'
 * own legal moves, apart from the bot's static look (src/ai/exposure.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  FLAG_PLACE,
  KING,
  PLAY,
  isCapture,
  legalActionList,
  makeAction,
  moveFlag,
  moveFrom,
  moveFromBoard,
  moveTo,
  moveToBoard,
  playUnchecked,
  roleOf,
  type Position,
} from '../../src/core';
import { chooseByNodes } from './byNodes';
import { newGame } from './helpers';

const VALUES = [0, 1, 3, 3, 5, 9, 0];

/**
 * Captures by any opponent of `victim` that win a piece (3 or more) from them: the piece taken
 * by a cheaper one, or taken where no legal move of `victim` takes back.
 */
function winningCaptures(start: Position, victim: number): string[] {
  const pos = start.clone();
  const found: string[] = [];
  for (let p = 0; p < pos.n; p++) {
    if (p === victim) continue;
    pos.setTurn(p);
    for (const m of legalActionList(pos)) {
      if (moveFlag(m) >= FLAG_PLACE || !isCapture(pos, m)) continue;
      const b = moveToBoard(m);
      const to = moveTo(m);
      const taken = pos.pieceAt(b, to);
      if (!taken || roleOf(taken) === KING || pos.ownerOf(b, taken) !== victim) continue;
      const gain = VALUES[roleOf(taken)];
      if (gain < 3) continue;
      const by = VALUES[roleOf(pos.pieceAt(moveFromBoard(m), moveFrom(m)))];
      const text = makeAction(pos, m);
      playUnchecked(pos, m);
      pos.setTurn(victim);
      const takesBack = legalActionList(pos).some(
        (r) => moveFlag(r) < FLAG_PLACE && moveToBoard(r) === b && moveTo(r) === to,
      );
      pos.undo();
      pos.setTurn(p);
      if (!takesBack || gain - by >= 3) found.push(text);
    }
  }
  return found;
}

/** Does some legal move of the player to move leave no piece of theirs hung? */
function canKeepAll(pos: Position): boolean {
  const me = pos.turn;
  return legalActionList(pos).some((m) => {
    const after = pos.clone();
    playUnchecked(after, m);
    return winningCaptures(after, me).length === 0;
  });
}

describe('a level-1 bot’s first move (issue 45 item 2)', () => {
  it('hangs no piece it could keep, and finds none hung to it, over 60 quick games', () => {
    const hung: string[] = [];
    for (let s = 0; s < 60; s++) {
      const seed = `first-${s}`;
      const placed = newGame(3, seed).autoPlace('balanced', 'all');
      if (!placed.ok) throw new Error(placed.error.message);
      let game = placed.value;
      // One round: every seat a level-1 bot, so each is checked moving first, second and third.
      for (let t = 0; t < 3 && game.position.phase === PLAY; t++) {
        const pos = game.position;
        const me = pos.turn;
        const offered = [0, 1, 2].flatMap((p) => (p === me ? [] : winningCaptures(pos, p)));
        if (t === 0 && offered.length) hung.push(`${seed}: the start offers ${offered}`);
        const keepable = canKeepAll(pos);
        const choice = chooseByNodes(pos.clone(), { level: 1, seed })!;
        const next = game.play(choice.action);
        if (!next.ok) throw new Error(next.error.message);
        game = next.value;
        const lost = winningCaptures(game.position, me);
        if (keepable && lost.length) hung.push(`${seed}: ${choice.text} lets ${lost}`);
      }
    }
    expect(hung).toEqual([]);
  });
});
