import { beforeEach, describe, expect, test } from 'vitest';
import { defaultConfig } from '../../src/store/config';
import { diffPieces, piecesOf } from '../../src/store/snapshot';
import { parseIn, useGame } from '../../src/store/store';

const start = (placement: 'hand' | 'balanced' = 'balanced') =>
  useGame.getState().newGame({ ...defaultConfig(3, 'store-seed'), placement });

const playText = (text: string) => {
  const s = useGame.getState();
  const m = parseIn(s.view!, text);
  expect(m).not.toBeNull();
  expect(s.play(m!)).toBe(true);
};

describe('store', () => {
  beforeEach(() => {
    start();
  });

  test('a new game with auto placement starts in play', () => {
    const s = useGame.getState();
    expect(s.screen).toBe('game');
    expect(s.view!.status().phase).toBe('play');
    expect(s.cursor).toBe(s.game!.length);
  });

  test('undo, redo, and a new move cuts the redo branch', () => {
    const s0 = useGame.getState();
    const first = s0.view!.legalActions()[0];
    const text = s0.view!.actionText(first);
    s0.play(first);
    const len = useGame.getState().game!.length;
    useGame.getState().undo();
    expect(useGame.getState().cursor).toBe(len - 1);
    expect(useGame.getState().game!.length).toBe(len);
    useGame.getState().redo();
    expect(useGame.getState().cursor).toBe(len);
    expect(useGame.getState().game!.actions.at(-1)).toBe(text);
    useGame.getState().undo();
    const other = useGame.getState().view!.legalActions()[1];
    useGame.getState().play(other);
    const g = useGame.getState().game!;
    expect(g.length).toBe(len);
    expect(g.actions.at(-1)).not.toBe(text);
  });

  test('selecting a piece lists its destinations; clicking one plays it', () => {
    const s = useGame.getState();
    const view = s.view!;
    const shift = view
      .legalActions()
      .map((m) => view.actionText(m))
      .find((t) => /^[A-H]{2}:[a-h]2-[A-H]{2}:/.test(t))!;
    const [, b, from] = /^([A-H]{2}):([a-h]2)/.exec(shift)!;
    const board = view.position.g.names.indexOf(b);
    const sq = (from.charCodeAt(0) - 97) | ((Number(from[1]) - 1) << 4);
    s.clickSquare(board, sq);
    const t = useGame.getState().targets;
    expect(t.some((d) => d.shift)).toBe(true);
    const target = t.find((d) => d.shift)!;
    s.clickSquare(target.board, target.square);
    const after = useGame.getState();
    expect(after.game!.actions.at(-1)).toMatch(/-[A-H]{2}:/);
    // The animation is derived from the two snapshots: one piece moves between boards.
    const moves = after.animation!.items.filter((i) => i.kind === 'move');
    expect(moves).toHaveLength(1);
    expect(moves[0].from!.board).not.toBe(moves[0].to!.board);
  });

  test('placement by hand: tray piece, then a board', () => {
    start('hand');
    const s = useGame.getState();
    s.pickTrayPiece(14);
    s.clickBoard(0);
    expect(useGame.getState().game!.actions).toEqual(['AB:+Qd1']);
  });

  test('a bad import is reported and keeps the game', () => {
    playText(useGame.getState().view!.actionText(useGame.getState().view!.legalActions()[0]));
    const before = useGame.getState().game;
    expect(useGame.getState().importGame('{"format":"nope"}')).toBe(false);
    expect(useGame.getState().notice?.text).toMatch(/Import failed/);
    expect(useGame.getState().game).toBe(before);
  });
});

describe('snapshot diff', () => {
  test('a capture: the mover moves, the captured piece vanishes', () => {
    start();
    const s = useGame.getState();
    const view = s.view!;
    const before = piecesOf(view.position);
    const capture = view.legalActions().find((m) => view.actionText(m).includes('x'));
    const quiet = view.legalActions()[0];
    const next = view.play(capture ?? quiet);
    expect(next.ok).toBe(true);
    if (!next.ok) return;
    const items = diffPieces(before, piecesOf(next.value.position));
    expect(items.filter((i) => i.kind === 'move')).toHaveLength(1);
    expect(items.filter((i) => i.kind === 'vanish')).toHaveLength(capture ? 1 : 0);
  });
});
