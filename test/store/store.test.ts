import { beforeEach, describe, expect, test } from 'vitest';
import { defaultConfig } from '../../src/store/config';
import { diffPieces, piecesOf } from '../../src/store/snapshot';
import { KING_PIECE, NO_OPTIONS } from '../../src/core';
import {
  configOf,
  createGameStore,
  flightDestinations,
  parseIn,
  trayPieces,
} from '../../src/store/store';
import { captionsAt } from '../../src/text';

/** A store of this file's own (the page's global one is not touched). */
const useGame = createGameStore();

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

  test('a rematch is the same table (players, seats, options, placement) with a new seed', () => {
    const config = {
      ...defaultConfig(4, 'rematch-seed'),
      placement: 'balanced' as const,
      options: { ...NO_OPTIONS, hyperspace: true },
    };
    config.players[2] = { ...config.players[2], kind: 'bot', level: 2 };
    useGame.getState().newGame(config);
    const first = useGame.getState().game!;
    const placed = first.length;
    playText(useGame.getState().view!.actionText(useGame.getState().view!.legalActions()[0]));
    expect(useGame.getState().rematch()).toBe(true);
    const s = useGame.getState();
    expect(s.game).not.toBe(first);
    expect(s.config.seed).not.toBe('rematch-seed');
    expect({ ...s.config, seed: '' }).toEqual({ ...config, seed: '' });
    expect(s.game!.setup.players).toEqual(first.setup.players);
    expect(s.game!.setup.options).toEqual(first.setup.options);
    // A fresh start: the armies placed (balanced), no move played yet.
    expect(s.view!.status().phase).toBe('play');
    expect(s.game!.length).toBe(placed);
  });

  test('issue #61 item 6: the rematch of an imported game keeps its placement as played (automatic or by hand)', () => {
    for (const placement of ['balanced', 'random', 'hand'] as const) {
      const played = createGameStore();
      played.getState().newGame({ ...defaultConfig(3, `import-${placement}`), placement });
      if (placement === 'hand') {
        // Placed by hand, one piece a turn, until the first move.
        while (played.getState().view!.status().phase === 'placement') {
          const v = played.getState().view!;
          played.getState().play(v.legalActions()[v.legalActions().length - 1]);
        }
      }
      const v = played.getState().view!;
      played.getState().play(v.legalActions()[0]);
      const imported = createGameStore();
      expect(imported.getState().importGame(played.getState().exportGame()!)).toBe(true);
      expect(imported.getState().config.placement).toBe(placement);
      expect(imported.getState().rematch()).toBe(true);
      const s = imported.getState();
      expect(s.config.placement).toBe(placement);
      expect(s.view!.status().phase).toBe(placement === 'hand' ? 'placement' : 'play');
    }
  });

  test('R10.1 the game as text: exported, imported back; a bad text refused by line, the game kept', () => {
    playText(useGame.getState().view!.actionText(useGame.getState().view!.legalActions()[0]));
    const before = useGame.getState().game!;
    const text = useGame.getState().exportGameText()!;
    expect(text).toMatch(/^\[Game "n-Dimensional Chess"\]\n\[Seed "store-seed"\]/);
    const other = createGameStore();
    expect(other.getState().importGame(text)).toBe(true);
    expect(other.getState().game!.actions).toEqual(before.actions);
    expect(other.getState().notice?.text).toMatch(/^Imported a game of \d+ actions/);

    const broken = text.replace(/\n([A-H]): (\S+)\n/, '\n$1: $2 AB:Ke1-e8\n');
    expect(useGame.getState().importGame(broken)).toBe(false);
    expect(useGame.getState().notice?.text).toMatch(
      /^Import failed: game text, line \d+, column \d+: AB:Ke1-e8: /,
    );
    expect(useGame.getState().game).toBe(before);
  });

  test('a played action clears the notice, unless it must stay until read (taking over a demo seat)', () => {
    const move = () => {
      const v = useGame.getState().view!;
      playText(v.actionText(v.legalActions()[0]));
    };
    useGame.setState({ notice: { kind: 'info', text: 'passing' } });
    move();
    expect(useGame.getState().notice).toBeNull();
    const sticky = { kind: 'info' as const, text: 'You play Pink now', sticky: true };
    useGame.setState({ notice: sticky });
    move();
    expect(useGame.getState().notice).toEqual(sticky);
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
    s.tapSquare(board, sq);
    const t = useGame.getState().targets;
    expect(t.some((d) => d.shift)).toBe(true);
    const target = t.find((d) => d.shift)!;
    s.tapSquare(target.board, target.square);
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

describe('optional rules in the store', () => {
  const withOptions = (options: Partial<Record<string, boolean>>, n = 4, placement = 'balanced') =>
    useGame.getState().newGame({
      ...defaultConfig(n, 'store-options'),
      placement: placement as 'balanced',
      options: { ...defaultConfig().options, ...options },
    });

  test('the setup options reach the core and come back from a loaded game', () => {
    expect(withOptions({ collapse: true, hyperspace: true })).toBe(true);
    const game = useGame.getState().game!;
    expect(game.options).toMatchObject({ collapse: true, hyperspace: true, cowardly: false });
    expect(configOf(game).options).toEqual(game.options);
    expect(useGame.getState().config.options.collapse).toBe(true);
  });

  test('export writes the game as shown at the cursor (undone moves left out)', () => {
    start();
    const s = useGame.getState();
    s.play(s.view!.legalActions()[0]);
    useGame.getState().play(useGame.getState().view!.legalActions()[0]);
    const full = useGame.getState().game!.length;
    useGame.getState().undo();
    const saved = JSON.parse(useGame.getState().exportGame()!);
    expect(saved.actions).toHaveLength(full - 1);
    expect(saved.actions).toEqual(useGame.getState().game!.actions.slice(0, full - 1));
  });

  test('Hyperspace: the announcement says how many boards are still due', () => {
    withOptions({ hyperspace: true }, 3);
    const s = useGame.getState();
    const view = s.view!;
    const first = view.legalActions().find((m) => !/K/.test(view.actionText(m)))!;
    s.play(first);
    const after = useGame.getState();
    const due = after.view!.status().due!;
    expect(due.length).toBeGreaterThan(0);
    expect(after.announcement).toMatch(
      new RegExp(`${due.length} boards? still due this turn \\(${due[0]}`),
    );
  });

  test('Collapse: a resignation is captioned with the countdown', () => {
    withOptions({ collapse: true }, 4);
    useGame.getState().resign();
    const s = useGame.getState();
    const name = s.view!.players[s.view!.positionAt(s.cursor - 1).turn].name;
    expect(captionsAt(s.game!, s.cursor)).toEqual([
      `${name} resigns and leaves the game`,
      `${name}'s 3 boards collapse in 5 turns`,
    ]);
    expect(s.announcement).toContain(`${name}'s 3 boards collapse in 5 turns.`);
  });

  test('Cowardly Kings: the king is placed from the tray; a fleeing king goes where clicked', () => {
    withOptions({ cowardly: true, collapse: true }, 4, 'hand');
    const s = useGame.getState();
    s.pickTrayPiece(KING_PIECE);
    s.clickBoard(0);
    expect(useGame.getState().game!.actions).toEqual(['AB:+Ke1']);
    useGame.getState().autoPlaceRest('balanced', 'all');
    useGame.getState().resign();
    // Play quiet pawn moves until the resigned player's boards collapse and kings must flee.
    for (let i = 0; i < 40 && useGame.getState().view!.status().kind !== 'flight'; i++) {
      const v = useGame.getState().view!;
      const m = v
        .legalActions()
        .find((a) => /^[A-H]{2}:[a-h][1-8]-[a-h][1-8]$/.test(v.actionText(a)));
      useGame.getState().play(m ?? v.legalActions()[0]);
    }
    const v = useGame.getState().view!;
    expect(v.status().kind).toBe('flight');
    const dests = flightDestinations(v);
    expect(dests.length).toBeGreaterThan(0);
    const before = useGame.getState().game!.length;
    useGame.getState().tapSquare(dests[0].board, dests[0].square);
    const g = useGame.getState().game!;
    expect(g.length).toBe(before + 1);
    expect(g.actions.at(-1)).toMatch(/^[A-H]{2}:\+Ke[18]$/);
    expect(captionsAt(g, g.length)[0]).toMatch(/'s king flees to [A-H]{2}$/);
  });
});

describe('the placement tray', () => {
  test('lists the pieces the player to move has yet to place, the king only under Cowardly Kings (R2.3, R9.3)', () => {
    const store = createGameStore();
    store.getState().newGame({ ...defaultConfig(3, 'tray'), placement: 'hand' });
    expect(trayPieces(store.getState().view!)).toEqual([...Array(15).keys()]);
    store.getState().pickTrayPiece(14);
    store.getState().clickBoard(0);
    // The next player has all of theirs; back to the first, the queen is no longer in the tray.
    expect(trayPieces(store.getState().view!)).toEqual([...Array(15).keys()]);
    for (let i = 0; i < 2; i++) store.getState().play(store.getState().view!.legalActions()[0]);
    expect(store.getState().game!.positionAt(0).turn).toBe(store.getState().view!.position.turn);
    expect(trayPieces(store.getState().view!)).toEqual([...Array(14).keys()]);
    const cowardly = createGameStore();
    cowardly.getState().newGame({
      ...defaultConfig(3, 'tray'),
      placement: 'hand',
      options: { ...defaultConfig().options, cowardly: true },
    });
    expect(trayPieces(cowardly.getState().view!)).toEqual([...Array(16).keys()]);
  });
});
