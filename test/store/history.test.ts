/**
 * The history cursor (issue 50 item 3): Undo and Redo are inverses. With a human and bots,
 * Undo goes back to the human's last decision (the bots' replies undone too) and Redo forward
 * by the same step; with humans only both step one action.
 */
import { describe, expect, test } from 'vitest';
import { defaultConfig, type GameConfig } from '../../src/store/config';
import { createGameStore } from '../../src/store/store';

/** Three seats, the first human, the others bots (no driver: the test plays the bots' moves). */
function withBots(): GameConfig {
  const c = defaultConfig(3, 'history-seed');
  return {
    ...c,
    placement: 'balanced',
    players: c.players.map((p, i) => (i === 0 ? p : { ...p, kind: 'bot', level: 1 })),
  };
}

/** Play the first legal action `n` times. */
function playFirst(useGame: ReturnType<typeof createGameStore>, n: number) {
  for (let i = 0; i < n; i++) {
    const s = useGame.getState();
    expect(s.play(s.view!.legalActions()[0])).toBe(true);
  }
}

describe('undo and redo', () => {
  test('with bots, redo goes forward by the whole turn undo went back (human move and bot replies)', () => {
    const useGame = createGameStore();
    useGame.getState().newGame(withBots());
    const s0 = useGame.getState();
    // Bring the game to the human's turn, then a full round: the human and both bots.
    const human = s0.game!.players.findIndex((p) => p.setupIndex === 0);
    while (useGame.getState().view!.position.turn !== human) playFirst(useGame, 1);
    playFirst(useGame, 3);
    const end = useGame.getState().game!.length;
    const endPosition = useGame.getState().view!.position;

    useGame.getState().undo();
    const back = useGame.getState().cursor;
    expect(back).toBe(end - 3);
    useGame.getState().redo();
    expect(useGame.getState().cursor).toBe(end);
    expect(useGame.getState().view!.position).toBe(endPosition);

    // Twice back, twice forward: the same cursors on the way.
    useGame.getState().undo();
    useGame.getState().undo();
    const twice = useGame.getState().cursor;
    expect(twice).toBeLessThan(back);
    useGame.getState().redo();
    expect(useGame.getState().cursor).toBe(back);
    useGame.getState().redo();
    expect(useGame.getState().cursor).toBe(end);
    // Nothing further to redo.
    useGame.getState().redo();
    expect(useGame.getState().cursor).toBe(end);
  });

  test('with humans only, undo and redo each step one action', () => {
    const useGame = createGameStore();
    useGame.getState().newGame({ ...defaultConfig(3, 'history-seed'), placement: 'balanced' });
    playFirst(useGame, 3);
    const end = useGame.getState().cursor;
    useGame.getState().undo();
    expect(useGame.getState().cursor).toBe(end - 1);
    useGame.getState().redo();
    expect(useGame.getState().cursor).toBe(end);
  });
});
