/**
 * The game as text (R10.1, issue 45 item 8): a header of tags and a line a turn, written from a
 * saved game and read back to the same record, seats and hints, under every option set and seat
 * kind; the JSON form still loads through the same door; a text that cannot be read is refused
 * at the line and column of its first fault.
 */
import { describe, expect, test } from 'vitest';
import {
  Game,
  LABELS,
  defaultSetup,
  readAnySave,
  readGameText,
  saveGame,
  writeGameText,
  type Options,
} from '../../src/core';
import { OPTION_SETS, SEATS, must, optionSetName, randomGame } from '../fixtures/recordGames';

describe('R10.1 a game as text', () => {
  test.each(OPTION_SETS.map((o, i) => [optionSetName(o), o, i]))(
    'reads back to the same record, seats and hints: options %s',
    (_, options, i) => {
      const players = 3 + (i % 3);
      const game = randomGame(options as Options, players, `text-${i}`, 300);
      const seats = SEATS.slice(0, players);
      const hints = seats.map((_, k) => (k * i) % 3);
      const file = saveGame(game, seats, hints);
      const text = writeGameText(file, game);
      const read = readGameText(text);
      if (!read.ok) throw new Error(`${read.error.message}\n${text}`);
      expect(read.value.game.actions).toEqual(game.actions);
      expect(read.value.game.setup).toEqual(game.setup);
      expect(read.value.seats).toEqual(seats);
      expect(read.value.hints).toEqual(hints);
      // Written again, the same text.
      expect(writeGameText(saveGame(read.value.game, seats, hints), read.value.game)).toBe(text);
    },
  );

  test('the header, then one turn a line after its player; names with quotes survive', () => {
    const setup = defaultSetup(3, 'tabletop', { hyperspace: true });
    setup.players[0] = { ...setup.players[0], name: 'Ada "the \\ fox"' };
    const game = must(must(Game.create(setup)).autoPlace('balanced', 'all'));
    const text = writeGameText(saveGame(game), game);
    const lines = text.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      '[Game "n-Dimensional Chess"]',
      '[Seed "tabletop"]',
      '[Options "hyperspace"]',
      '[Player "Ada \\"the \\\\ fox\\"" "' + setup.players[0].colour + '" "unknown"]',
    ]);
    expect(lines[6]).toBe('');
    expect(lines[7]).toMatch(/^[ABC]: [A-H]{2}:\+/);
    const read = readGameText(text);
    expect(read.ok && read.value.game.setup.players[0].name).toBe('Ada "the \\ fox"');
    expect(read.ok && read.value.seats).toBeNull();
  });

  test('R11.4 seat actions of several words (timeout C, bot C 2, return C) read back', () => {
    const base = randomGame(OPTION_SETS[0], 4, 'seat-actions', 60);
    const resigned = base.actions.indexOf('resign');
    let game = base.truncate(resigned < 0 ? base.length : resigned);
    // Each seat action by the player to move (R11.4): a bot takes the seat, its player returns.
    for (const kind of ['bot', 'return', 'timeout', 'absent']) {
      const who = LABELS[game.position.turn];
      game = must(game.play(kind === 'bot' ? `bot ${who} 2` : `${kind} ${who}`));
    }
    expect(game.actions.slice(-4).map((a) => a.split(' ')[0])).toEqual([
      'bot',
      'return',
      'timeout',
      'absent',
    ]);
    const read = readGameText(writeGameText(saveGame(game), game));
    expect(read.ok && read.value.game.actions).toEqual(game.actions);
  });

  test('the JSON form and the text load through the same door', () => {
    const game = randomGame({ ...OPTION_SETS[0] }, 3, 'door', 60);
    const file = saveGame(game, SEATS.slice(0, 3));
    for (const form of [JSON.stringify(file), writeGameText(file, game)]) {
      const read = readAnySave(form);
      expect(read.ok && read.value.game.actions).toEqual(game.actions);
    }
  });

  test('a text that cannot be read is refused at its first fault, by line and column', () => {
    const game = randomGame({ ...OPTION_SETS[0] }, 3, 'faults', 40);
    const text = writeGameText(saveGame(game), game);
    const lines = text.split('\n');
    const fault = (t: string) => {
      const read = readGameText(t);
      return read.ok ? 'read' : read.error.message;
    };
    // An illegal action on the third turn line, after its label.
    const broken = [...lines];
    const turn = lines.findIndex((l) => /^[A-H]: /.test(l)) + 2;
    broken[turn] = `${broken[turn].slice(0, 3)}AB:e2-e7`;
    expect(fault(broken.join('\n'))).toMatch(
      new RegExp(`^game text, line ${turn + 1}, column 4: AB:e2-e7: `),
    );
    expect(fault(text.replace('[Seed', '[Sed'))).toBe(
      'game text, line 2, column 1: unknown tag [Sed] (known: Game, Seed, Options, Player, Hints)',
    );
    expect(fault(text.replace(/\[Seed .*\]\n/, ''))).toMatch(/the header has no \[Seed "…"\] tag/);
    expect(fault(text.replace('[Options "none"]', '[Options "warp"]'))).toMatch(
      /^game text, line 3, column 1: "warp" is not an option/,
    );
    expect(fault(text.replace(/"human"|"unknown"/, '"robot"'))).toMatch(
      /line 4, column 1: the seat/,
    );
    expect(
      fault(text.replace('[Game "n-Dimensional Chess"]', '[Game "n-Dimensional Chess"')),
    ).toMatch(/^game text, line 1, column 1: a tag is \[Name "value" …\]/);
    expect(fault(`[Seed "x"]\n[Player "Solo" "#ffffff"]\n`)).toMatch(
      /^game text, line 1, column 1: setup/,
    );
  });
});
