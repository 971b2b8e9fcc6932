/**
 * The analysis slice (issue 47 item 3): a sandbox opened at the position shown, where any player
 * may be moved (the ordinary tap path: the record slice's extend hands the sandbox's actions to
 * addVariation), the actions tried kept as a variation tree (../variations.ts). While it is open
 * the store's `view` is the sandbox's position, so the scene and the HUD show it unchanged; the
 * record, its cursor and the autosave stay as they were, and closing shows them again.
 */
import { Game, OVER } from '../../core';
import { ANALYSIS_TEXT } from '../../text/analysis';
import type { BotLevel, GameConfig } from '../config';
import type { Slice, State } from '../state';
import type { AnalysisSession, AnalysisSlice } from './analysis.types';
import {
  ROOT,
  actionsTo,
  addMove,
  deleteBranch,
  emptyTree,
  nextOf,
  nodeOf,
  promote,
  type VariationTree,
} from '../variations';
import { NOTHING_PICKED, animationBetween } from './record';

/** What a change of the position shown clears (the tray's piece too: a tap now places for another). */
const CLEARED: Partial<State> = { ...NOTHING_PICKED, trayPiece: null };

/** The game at `node`: the base and the actions that lead to it. */
function gameAt(base: Game, tree: VariationTree, node: number): Game {
  let game = base;
  for (const text of actionsTo(tree, node)) {
    const next = game.play(text);
    // The tree holds only actions that were played on these very positions.
    if (!next.ok)
      throw new Error(`analysis: ${text} after ${game.length} actions: ${next.error.message}`);
    game = next.value;
  }
  return game;
}

/** The seats of "Play from here" by default: the player to move is human, the others level-1 bots. */
const defaultSeats = (game: Game): (BotLevel | null)[] =>
  game.players.map((_, p) => (p === game.position.turn ? null : 1));

export const createAnalysisSlice: Slice<AnalysisSlice> = (set, get) => {
  /** Show `node` of `tree` (`shown`: its game, when known). */
  const showNode = (tree: VariationTree, node: number, shown?: Game) => {
    const { analysis, view } = get();
    if (!analysis) return;
    const game = shown ?? gameAt(analysis.base, tree, node);
    const same = game === analysis.shown;
    set({
      ...CLEARED,
      analysis: { ...analysis, tree, node, shown: game, line: same ? analysis.line : null },
      view: game,
      animation: same ? get().animation : animationBetween(view, game),
    });
  };

  return {
    analysis: null,

    openAnalysis() {
      const { view, game, screen, lesson, analysis } = get();
      if (!view || !game || screen !== 'game' || lesson || analysis) return;
      const session: AnalysisSession = {
        base: view,
        tree: emptyTree(),
        node: ROOT,
        shown: view,
        line: null,
      };
      set({ ...CLEARED, analysis: session, dialog: null, notice: null });
    },

    closeAnalysis() {
      const { analysis, game, cursor, view } = get();
      if (!analysis) return;
      const back = game && (cursor >= game.length ? game : game.truncate(cursor));
      set({
        ...CLEARED,
        analysis: null,
        view: back,
        animation: animationBetween(view, back),
      });
    },

    goToVariation(node) {
      const a = get().analysis;
      if (a && a.tree.nodes.has(node) && node !== a.node) showNode(a.tree, node);
    },

    stepVariation(step) {
      const a = get().analysis;
      if (!a) return;
      const to = step < 0 ? nodeOf(a.tree, a.node).parent : nextOf(a.tree, a.node);
      if (to !== null) showNode(a.tree, to);
    },

    addVariation(next) {
      const a = get().analysis;
      if (!a) return;
      const from = a.shown.length;
      // `next` continues the position shown (the record slice's play and auto-placement make it so).
      if (next.length < from || a.shown.actions.some((text, k) => next.actions[k] !== text))
        throw new Error('analysis: the actions added do not follow the position shown');
      let { tree, node } = a;
      for (let k = from; k < next.length; k++)
        ({ tree, node } = addMove(tree, node, next.actions[k], next.positionAt(k).turn));
      showNode(tree, node, next);
    },

    deleteVariation(node) {
      const a = get().analysis;
      if (!a || node === ROOT || !a.tree.nodes.has(node)) return;
      const tree = deleteBranch(a.tree, node);
      // The position shown was in the deleted branch: show the node it grew from.
      if (tree.nodes.has(a.node)) set({ analysis: { ...a, tree } });
      else showNode(tree, nodeOf(a.tree, node).parent!);
    },

    promoteVariation(node) {
      const a = get().analysis;
      if (a && a.tree.nodes.has(node)) set({ analysis: { ...a, tree: promote(a.tree, node) } });
    },

    playBestLine(steps) {
      const a = get().analysis;
      const found = a?.line?.view === a?.shown ? a?.line?.found : null;
      if (!a || !found) return;
      let game = a.shown;
      for (const step of found.slice(0, steps ?? found.length)) {
        const next = game.play(step.action);
        if (!next.ok) break;
        game = next.value;
      }
      get().addVariation(game);
    },

    playFromHere(seats) {
      const s = get();
      const a = s.analysis;
      if (!a) return false;
      const shown = a.shown;
      if (shown.position.phase === OVER) {
        set({ notice: { kind: 'info', text: ANALYSIS_TEXT.overNoPlay } });
        return false;
      }
      // Game.fromPosition gives the players the labels A, B, … in the order listed: turn order.
      const players = shown.players.map(({ name, colour }) => ({ name, colour }));
      const made = Game.fromPosition(
        { players, seed: shown.setup.seed, options: shown.options },
        shown.position,
      );
      if (!made.ok) {
        set({ notice: { kind: 'error', text: made.error.message } });
        return false;
      }
      const levels = seats ?? defaultSeats(shown);
      const config: GameConfig = {
        players: players.map((p, i) => {
          const level = levels[i] ?? null;
          return level === null
            ? { ...p, kind: 'human' as const }
            : { ...p, kind: 'bot' as const, level };
        }),
        seed: shown.setup.seed,
        placement: 'hand',
        options: { ...shown.options },
      };
      return s.startFrom(made.value, config);
    },
  };
};
