/** Export and import keep who plays each seat (issue #12, item 1, store side). */
import { expect, test } from 'vitest';
import { defaultConfig, type GameConfig } from '../../src/store/config';
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
