/** Export and import keep who plays each seat (issue #12, item 1, store side). */
import { expect, test } from 'vitest';
import { defaultConfig, seatLevel, type GameConfig } from '../../src/store/config';
import { createGameStore } from '../../src/store/store';

// A store of its own, with no bot driver: only the seats are under test.
const useGame = createGameStore();

function twoBots(): GameConfig {
  const c = defaultConfig(3, 'seats-seed');
  return {
    ...c,
    placement: 'balanced',
    players: c.players.map((p, i) => (i === 0 ? p : { ...p, kind: 'bot', level: 2 })),
  };
}

test('export/import keeps the bot seats', () => {
  const s = useGame.getState();
  expect(s.newGame(twoBots())).toBe(true);
  const text = useGame.getState().exportGame()!;
  expect(JSON.parse(text).seats).toEqual([
    { kind: 'human' },
    { kind: 'bot', level: 2 },
    { kind: 'bot', level: 2 },
  ]);
  useGame.getState().newGame(defaultConfig(4, 'other'));
  expect(useGame.getState().importGame(text)).toBe(true);
  const after = useGame.getState();
  expect(after.config.players.map((p) => [p.kind, p.level])).toEqual([
    ['human', undefined],
    ['bot', 2],
    ['bot', 2],
  ]);
  const [, b, c] = after.config.players.map((p) => p.name);
  expect(after.notice?.text).toContain(`Bots play ${b} (level 2) and ${c} (level 2)`);
});

test('an old file without seats imports with every seat human, and the notice says so', () => {
  useGame.getState().newGame(twoBots());
  const old = { ...JSON.parse(useGame.getState().exportGame()!), version: 1 };
  delete old.seats;
  expect(useGame.getState().importGame(JSON.stringify(old))).toBe(true);
  const after = useGame.getState();
  expect(after.config.players.map((p) => p.kind)).toEqual(['human', 'human', 'human']);
  expect(after.notice?.text).toMatch(/does not say who plays each seat: every seat is human/);
});

test('R11.4 export/import keeps the take-overs, returns and time-outs of the record; the seats follow them', () => {
  const s = useGame.getState();
  expect(s.newGame(twoBots())).toBe(true);
  const game = useGame.getState().game!;
  const human = game.players.find((p) => p.setupIndex === 0)!;
  const bot = game.players.find((p) => p.setupIndex === 1)!;
  const other = game.players.find((p) => p.setupIndex === 2)!;
  const record = [...game.actions, `bot ${human.label} 3`, `timeout ${other.label}`];
  const file = { ...JSON.parse(useGame.getState().exportGame()!), actions: record };
  expect(useGame.getState().importGame(JSON.stringify(file))).toBe(true);
  const after = useGame.getState();
  expect(after.game!.actions).toEqual(record);
  // The saved seats are the game's start; the record says the human's seat is a bot's now.
  expect(after.config.players[0].kind).toBe('human');
  expect(seatLevel(after.game!, after.config, game.players.indexOf(human))).toBe(3);
  expect(seatLevel(after.game!, after.config, game.players.indexOf(bot))).toBe(2);
  expect(after.view!.status().players.find((p) => p.label === other.label)?.eliminationCause).toBe(
    'timed-out',
  );
  // Exported again, the record is the same.
  expect(JSON.parse(after.exportGame()!).actions).toEqual(record);
  expect(JSON.parse(after.exportGame()!).seats).toEqual(JSON.parse(JSON.stringify(file.seats)));
  // Browsing back before the take-over shows the human seat as the human's.
  after.goTo(game.length);
  const back = useGame.getState();
  expect(seatLevel(back.view!, back.config, game.players.indexOf(human))).toBeNull();
});
