/** Turn wording, the banner, the announcement and placements in plain words (src/text). */
import { describe, expect, test } from 'vitest';
import { Game, RESIGN } from '../../src/core';
import { defaultConfig, toSetup } from '../../src/store/config';
import { announcement, bannerText, describeMove, turnWord } from '../../src/text';

function newGame(options: Partial<ReturnType<typeof defaultConfig>['options']> = {}): Game {
  const config = defaultConfig(3, 'words');
  const created = Game.create(toSetup({ ...config, options: { ...config.options, ...options } }));
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

const placed = (game: Game): Game => {
  const r = game.autoPlace('balanced', 'all');
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('turn wording', () => {
  test('the player list says what the player to move is doing', () => {
    expect(turnWord('place')).toBe('to place');
    expect(turnWord('flight')).toBe('to flee');
    expect(turnWord('final-move')).toBe('final move');
    expect(turnWord('forced-capture')).toBe('to capture');
    expect(turnWord('pass')).toBe('to pass');
    expect(turnWord('move')).toBe('to move');
    expect(turnWord(null)).toBe('to move');
  });

  test('the banner: placement by a human or a bot (R2.3), then who is to move', () => {
    const game = newGame();
    const me = game.players[game.position.turn].name;
    expect(bannerText(game, false)).toBe(
      `${me}: pick a piece from the tray, then click one of your boards.`,
    );
    expect(bannerText(game, true)).toBe(`${me} (a bot) places a piece on one of their boards.`);
    expect(bannerText(newGame({ cowardly: true }), false)).toMatch(/Your king goes on one board/);
    const play = placed(game);
    expect(bannerText(play, false)).toBe(`${play.players[play.position.turn].name} to move.`);
  });

  test('the announcement: the action, who is to move, and browsing', () => {
    const game = placed(newGame());
    const resigner = game.players[game.position.turn].name;
    const next = game.play(RESIGN);
    if (!next.ok) throw new Error(next.error.message);
    const after = next.value;
    const text = announcement(after, after, after.length, 'resign');
    expect(text.startsWith(`resign. ${resigner} resigns and leaves the game.`)).toBe(true);
    expect(text.endsWith(`${after.players[after.position.turn].name} to move.`)).toBe(true);
    const back = announcement(after, after.truncate(after.length - 1), after.length - 1);
    expect(back).toBe(`${resigner} to move. Viewing move ${after.length - 1} of ${after.length}.`);
  });

  test('placements in plain words (R2.3)', () => {
    const game = newGame({ cowardly: true });
    const me = game.players[game.position.turn].name;
    // One of the player's boards: where their first legal placement goes.
    const board = game.actionText(game.legalActions()[0]).slice(0, 2);
    expect(describeMove(game, `${board}:+Nb1`)).toBe(`${me} places a knight on ${board}`);
    expect(describeMove(game, `${board}:+Ke1`)).toBe(`${me}'s king goes to ${board}`);
  });
});
