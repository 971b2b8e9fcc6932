/**
 * What the scene draws (src/scene/drawing.ts), from the game shown and the interaction: tints,
 * markers, lit edges, checks, eliminated players and the player to move (issue 46 item 3).
 */
import { describe, expect, it } from 'vitest';
import {
  FLAG_PLACE,
  Game,
  defaultSetup,
  moveFlag,
  moveFrom,
  moveFromBoard,
  moveTo,
  squareKey,
} from '../../src/core';
import { gameDrawing, interactionDrawing, type Interaction } from '../../src/scene/drawing';
import { piecesOf } from '../../src/store/snapshot';
import { build } from '../core/helpers';

const NOTHING: Interaction = {
  selected: null,
  targets: [],
  placements: [],
  premove: null,
  dragOver: null,
};

function fromPosition(pieces: Record<string, Record<string, string>>): Game {
  const made = Game.fromPosition(defaultSetup(3, 'drawing'), build({ players: 3, pieces }));
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

const sq = (name: string) => (name.charCodeAt(0) - 97) | ((Number(name[1]) - 1) << 4);

describe('the scene’s drawing of a game', () => {
  it('R5.1: a king in check is tinted on the board where it is attacked, and its player is checked', () => {
    // C's rook on AC e5 attacks A's king on AC e1 along the e-file.
    const game = fromPosition({ AC: { e5: 'r' } });
    const ac = game.position.g.names.indexOf('AC');
    const ab = game.position.g.names.indexOf('AB');
    const drawn = gameDrawing(game, piecesOf(game.position));
    expect(drawn.checked).toEqual([0]);
    expect(drawn.gone).toEqual([]);
    expect(drawn.turn).toBe(0);
    expect(drawn.tints.get(squareKey(ac, sq('e1')))).toBe('check');
    expect(drawn.tints.has(squareKey(ab, sq('e1')))).toBe(false);
  });

  it('R2.4: during placement the tray piece’s squares are marked, and the last placement is tinted', () => {
    const start = Game.create(defaultSetup(3, 'drawing'));
    if (!start.ok) throw new Error(start.error.message);
    let game = start.value;
    const place = game.legalActions().find((m) => moveFlag(m) === FLAG_PLACE)!;
    const piece = moveFrom(place);
    // The tray piece's placements as the store gives them (movable).
    const placements = game
      .legalActions()
      .filter((m) => moveFlag(m) === FLAG_PLACE && moveFrom(m) === piece)
      .map((m) => ({ board: moveFromBoard(m), square: moveTo(m) }));
    const { markers } = interactionDrawing(game, gameDrawing(game, piecesOf(game.position)), {
      ...NOTHING,
      placements,
    });
    expect(markers).toEqual(placements.map((p) => ({ ...p, kind: 'place' })));
    const played = game.play(place);
    if (!played.ok) throw new Error(played.error.message);
    game = played.value;
    expect([...gameDrawing(game, piecesOf(game.position)).tints.values()]).toContain('last-move');
  });

  it('R4: a selected piece marks its moves and shifts, lights each board it can shift to once, and a drag over a square tints it last', () => {
    const game = fromPosition({ AB: { a1: 'R' } });
    const ab = game.position.g.names.indexOf('AB');
    const ac = game.position.g.names.indexOf('AC');
    const targets = game.destinations(ab, sq('a1'));
    expect(targets.some((d) => d.shift)).toBe(true);
    const selected = { board: ab, square: sq('a1') };
    const drawn = interactionDrawing(game, gameDrawing(game, piecesOf(game.position)), {
      ...NOTHING,
      selected,
      targets,
      premove: {
        player: 0,
        from: selected,
        to: { board: ab, square: sq('a5') },
        shift: false,
        promotion: 0,
      },
      dragOver: squareKey(ab, sq('a3')),
    });
    expect(drawn.markers).toHaveLength(targets.length);
    expect(drawn.markers.filter((m) => m.kind === 'shift').length).toBe(
      targets.filter((d) => d.shift).length,
    );
    expect(drawn.lit).toEqual([[ab, ac]]);
    expect(drawn.tints.get(squareKey(ab, sq('a1')))).toBe('selected');
    expect(drawn.tints.get(squareKey(ab, sq('a5')))).toBe('premove');
    expect(drawn.tints.get(squareKey(ab, sq('a3')))).toBe('drag-over');
  });

  it('nothing selected, no tray piece: no markers, no lit edges', () => {
    const game = fromPosition({ AB: { a1: 'R' } });
    const drawn = interactionDrawing(game, gameDrawing(game, piecesOf(game.position)), NOTHING);
    expect(drawn.markers).toEqual([]);
    expect(drawn.lit).toEqual([]);
  });
});
