/**
 * Long seeded games between level-1 bots, every action checked against the core's legal actions
 * before it is played (legality.test.ts for 3 to 6 players, legality.slow.test.ts for 7 and 8
 * players and further option sets). A reduced node budget keeps the games quick; the search
 * code is the same at every budget.
 */
import { OVER, PLAY, type OptionName } from '../../src/core';
import { BotWorkspace } from '../../src/ai/bot';
import { newGame, playLegal } from './helpers';
import { chooseByNodes } from './byNodes';

export interface LegalGame {
  players: number;
  options: OptionName[];
  seed: string;
  /** Cap on the actions played after placement. */
  actions: number;
}

/**
 * Play one game to its end or its cap; throws at the first illegal action. Adds the kinds of
 * turns met (modes, and Hyperspace moves after the first) to `met`; returns the actions played
 * after placement.
 */
export function playBotGame(
  { players, options, seed, actions }: LegalGame,
  met: Set<string> = new Set(),
): number {
  const game = newGame(players, seed, Object.fromEntries(options.map((o) => [o, true])));
  const pos = game.position.clone();
  const workspace = new BotWorkspace();
  let played = 0;
  while (pos.phase !== OVER && played < actions) {
    const choice = chooseByNodes(pos, {
      level: 1,
      seed: `${seed}:${pos.turn}`,
      nodes: 150,
      workspace,
    });
    if (!choice) throw new Error('no action while the game goes on');
    if (pos.phase === PLAY) {
      played++;
      met.add(`mode ${pos.mode}`);
      if (pos.dueBoards() !== null) met.add('hyperspace');
    }
    playLegal(pos, choice.action, `${choice.text} (ply ${pos.ply})`);
  }
  return played;
}
