/**
 * A show ends when nothing notable is left to see (issue #12, item 11): a show used to end its
 * last collapse and then let two level-1 bots play K+Q against K for minutes. `show-170` ends
 * with two players left.
 */
import { afterAll, expect, test } from 'vitest';
import { createBotClient, type BotWorker } from '../../src/ai/client';
import { answer, type BotRequest, type BotResponse } from '../../src/ai/protocol';
import { Game } from '../../src/core';
import { demoConfig } from '../../src/demo/config';
import { MAJOR } from '../../src/demo/describe';
import {
  TAIL_MOVES,
  exitDemo,
  setPaused,
  standing,
  startDemo,
  tailReached,
} from '../../src/demo/director';
import { useDemo } from '../../src/demo/state';
import { driveBots } from '../../src/drivers/bots';
import { toSetup } from '../../src/store/config';
import { useGame } from '../../src/store/store';
import { chooseByNodes } from '../ai/byNodes';

let tail: Game | null = null;
afterAll(() => exitDemo());

test('show-170 ends with the ranking soon after its last major event, two players left', () => {
  const created = Game.create(toSetup(demoConfig('show-170')));
  if (!created.ok) throw new Error(created.error.message);
  let g = created.value;
  let lastMajor = 0;
  const gone: string[] = [];
  while (!tailReached(g) && g.status().phase !== 'over' && g.length < 2000) {
    const choice = chooseByNodes(g.position.clone(), { level: 1, seed: g.setup.seed })!;
    const next = g.play(choice.text);
    if (!next.ok) throw new Error(next.error.message);
    g = next.value;
    const events = g.eventsOf(g.length);
    if (events.some((e) => MAJOR.has(e.type))) lastMajor = g.length;
    for (const e of events) if (e.type === 'eliminated') gone.push(e.player);
  }
  expect(tailReached(g)).toBe(true);
  expect(g.length - lastMajor).toBe(TAIL_MOVES);
  const left = g.status().players.filter((p) => p.state === 'active');
  expect(left).toHaveLength(2);
  // The two left share the first place; the others follow, the last to leave first.
  expect(standing(g)).toEqual([left.map((p) => p.label), ...gone.reverse().map((l) => [l])]);
  tail = g;
});

test('the director ends the show there: the ranking shows and the bots play no more', () => {
  expect(tail).not.toBeNull();
  let asked = 0;
  const worker = (): BotWorker => {
    const w: BotWorker = {
      onmessage: null,
      onerror: null,
      postMessage(message: BotRequest) {
        asked++;
        setTimeout(() => w.onmessage?.({ data: answer(message) } as MessageEvent<BotResponse>), 1);
      },
      terminate() {},
    };
    return w;
  };
  const bots = driveBots(useGame, {
    createClient: () => createBotClient({ createWorker: worker }),
  });
  startDemo({ seed: 'show-170', speed: 4 }, { store: useGame, bots });
  setPaused(true);
  // The show reaches the tail (as its bots would have played it).
  useGame.setState({ game: tail, view: tail, cursor: tail!.length });
  const d = useDemo.getState();
  expect(d.endedEarly).toBe(true);
  expect(d.caption).toMatch(/The show ends here: \w+ and \w+ are left/);
  expect(d.ranking).toHaveLength(4);
  expect(d.ranking![0]).toHaveLength(2);
  const askedBefore = asked;
  setPaused(false);
  // Played on (unpaused), the ended show still holds the bots: the driver asked the director,
  // was held, and asked no bot for a move, so none can come.
  expect(asked).toBe(askedBefore);
  expect(useGame.getState().thinking).toBeNull();
  expect(useGame.getState().game!.length).toBe(tail!.length);
  bots.disconnect();
});
