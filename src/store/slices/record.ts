/**
 * The record slice: the game record, kept by a record source (src/store/source.ts), and the
 * history cursor. Every change of what is shown goes through `show`, which derives the view, the
 * animation (the difference between the old and new snapshot) and the announcement.
 */
import {
  Game,
  NO_OPTIONS,
  readAnySave,
  readTimeControl,
  saveGame,
  writeGameText,
  type LoadedGame,
  type SaveFile,
  type SavedSeat,
} from '../../core';
import { CLOCK_TEXT, SHARE_TEXT, announcement, seatsSaid } from '../../text';
import { botToMove, mixedSeats } from '../../drivers/bots';
import { randomSeed, seatsOf, toSetup, type GameConfig } from '../config';
import { humansOut } from '../humansOut';
import { autosave, hintsToSave, resume } from '../../device/persist';
import { diffPieces, piecesOf } from '../snapshot';
import type { RecordSource } from '../source';
import type { Slice, State } from '../state';
import type { Animation, RecordSlice } from './record.types';
import { resumedClocks, timedHere } from './clocks';
import { premoveKept } from './premove';
import { newCamera } from './interface';

let animationId = 0;
let lessonRun = 0;

/** A new record is about to be shown: nothing of the one before stays on screen. */
const NOTHING_SHOWN = {
  game: null,
  view: null,
  animation: null,
  trayPiece: null,
  notice: null,
  lastThought: null,
} as const;

/**
 * Another position is shown: nothing picked in the one before stays (selection, targets,
 * explanations, its hint, a queued premove).
 */
export const NOTHING_PICKED: Partial<State> = {
  selected: null,
  targets: [],
  choice: null,
  hovered: null,
  highlight: null,
  inspected: null,
  hint: null,
  premove: null,
  arrow: null,
};

/** No hint used yet, one count per player of `game`. */
const noHints = (game: Game): number[] => game.setup.players.map(() => 0);

/** Whether two records are of the same game (the same setup), so showing one after the other is no new game. */
const sameSetup = (a: Game | null, b: Game): boolean =>
  !!a && JSON.stringify(a.setup) === JSON.stringify(b.setup);

/** Whether two records are the same game with the same actions. */
const sameRecord = (a: Game, b: Game): boolean =>
  a === b ||
  (a.length === b.length && sameSetup(a, b) && a.actions.every((t, i) => t === b.actions[i]));

const viewOf = (game: Game | null, cursor: number): Game | null =>
  !game ? null : cursor >= game.length ? game : game.truncate(cursor);

/** The pieces' moves from the position of `from` to that of `to`, or null when it did not change. */
export function animationBetween(from: Game | null, to: Game | null): Animation | null {
  if (!from || !to || from.position === to.position) return null;
  return {
    id: ++animationId,
    items: diffPieces(piecesOf(from.position), piecesOf(to.position)),
  };
}

/**
 * How `game`'s armies were placed (issue #61 item 6): automatically when its placements are
 * those the automatic placement of that mode makes from its setup (it is seeded by the setup),
 * else by hand. A saved game does not say it; a rematch plays the table as it was played.
 */
export function placementOf(game: Game): GameConfig['placement'] {
  if (game.fromPosition) return 'hand';
  for (const mode of ['balanced', 'random'] as const) {
    const created = Game.create(game.setup);
    const placed = created.ok ? created.value.autoPlace(mode, 'all') : null;
    if (
      placed?.ok &&
      placed.value.length <= game.length &&
      placed.value.actions.every((t, i) => game.actions[i] === t)
    )
      return mode;
  }
  return 'hand';
}

/** The setup of a loaded game; its seats as saved, or every seat human when not saved. */
export function configOf(game: Game, seats: readonly SavedSeat[] | null = null): GameConfig {
  return {
    players: game.setup.players.map((p, i) => {
      const seat = seats?.[i];
      return seat?.kind === 'bot'
        ? { ...p, kind: 'bot' as const, level: seat.level }
        : { ...p, kind: 'human' as const };
    }),
    seed: game.setup.seed,
    placement: placementOf(game),
    options: { ...game.setup.options },
  };
}

export const createRecordSlice =
  (source: RecordSource): Slice<RecordSlice> =>
  (set, get) => {
    /** Show `cursor` actions of `game`: animates a one-step change (or several new actions). */
    const show = (game: Game, cursor: number, extra: Partial<State> = {}, played?: string) => {
      const prev = get();
      const recordView = viewOf(game, cursor);
      // The analysis board keeps its own position shown while the record changes (online).
      const view = prev.analysis ? prev.analysis.shown : recordView;
      // One step of the cursor, or several new actions at once (auto-placement).
      const step = (g: Game) => Math.abs(cursor - prev.cursor) <= 1 || g.length < game.length;
      const animation = prev.game && step(prev.game) ? animationBetween(prev.view, view) : null;
      const over = !prev.analysis && view?.status().phase === 'over';
      // The humans here have all just left play while the bots play on: their game is over.
      const out =
        !over && cursor === game.length && !humansOut(prev) && !!humansOut({ ...prev, game, view });
      // How a bot found its action is shown only while that action is in the record shown.
      const thought = prev.lastThought;
      set({
        game,
        view,
        cursor,
        ...NOTHING_PICKED,
        animation,
        announcement: recordView ? announcement(game, recordView, cursor, played) : '',
        // A lesson says itself how a game it ends ended.
        dialog:
          over && cursor === game.length && prev.dialog !== 'rules' && !prev.lesson
            ? 'over'
            : out
              ? 'out'
              : null,
        lastThought: thought && thought.at <= cursor ? thought : null,
        // A review holds for the record it was made of only.
        ...(prev.review && !sameRecord(prev.review.game, game)
          ? { review: null, reviewOpen: false }
          : {}),
        ...extra,
      });
    };

    /** In an online game the record is the room's: `what` is refused, and the player told so. */
    const refusedOnline = (what: string): boolean => {
      if (!get().online) return false;
      set({ notice: { kind: 'info', text: `${what} is not available in an online game.` } });
      return true;
    };

    /** A game opened from a link is read-only: nothing is added to its record, and the player told so. */
    const refusedReadOnly = (): boolean => {
      if (!get().openedFrom) return false;
      set({ notice: { kind: 'info', text: SHARE_TEXT.readOnly } });
      return true;
    };

    /** In a timed game undo and redo are off (they would take time back): `what` is refused. */
    const refusedTimed = (what: string): boolean => {
      if (!timedHere(get())) return false;
      set({ notice: { kind: 'info', text: CLOCK_TEXT.noUndo(what) } });
      return true;
    };

    /**
     * What the player sees, saved: the game as of the history cursor, without the undone moves
     * (null with no game, or a game set up from a position, which has no saved form).
     */
    const savedShown = (): { file: SaveFile; game: Game } | null => {
      const { game, cursor, config, hintsUsed } = get();
      if (!game || game.fromPosition) return null;
      const shown = game.truncate(cursor);
      return { file: saveGame(shown, seatsOf(config), hintsToSave(game, hintsUsed)), game: shown };
    };

    /**
     * Start over from `game` (a new game, an import, a resumed game), through the source; it is
     * played here unless `extra` says it was opened from a link.
     */
    const start = (game: Game, cursor: number, extra: Partial<State>) => {
      set({ analysis: null });
      source.reset(game);
      show(game, cursor, { openedFrom: null, ...extra });
    };

    /** Show a loaded game at its end with its seats and hints (`persist`: saved in the browser). */
    const open = (loaded: LoadedGame, persist: boolean, extra: Partial<State>) => {
      const { game, seats, hints } = loaded;
      set({
        screen: 'game',
        config: configOf(game, seats),
        game: null,
        view: null,
        trayPiece: null,
        lastThought: null,
        persist,
        lesson: null,
        camera: newCamera(),
      });
      start(game, game.length, { hintsUsed: hints ?? noHints(game), ...extra });
    };

    // A record accepted: the others' moves keep a queued premove and the piece picked for one
    // (premoveKept); the premove fires if its turn came.
    source.subscribe((game, played) => {
      const prev = get();
      const { notice } = prev;
      const kept = premoveKept(prev, game);
      show(
        game,
        game.length,
        { trayPiece: null, notice: notice?.sticky ? notice : null, ...kept },
        played,
      );
      get().firePremove();
    });

    return {
      game: null,
      view: null,
      cursor: 0,
      animation: null,
      lesson: null,

      rematch() {
        return get().newGame({ ...get().config, seed: randomSeed() });
      },

      newGame(input, opts = {}) {
        if (refusedOnline('A new game')) return false;
        const config = { ...input, options: { ...NO_OPTIONS, ...input.options } };
        const control = config.timeControl && readTimeControl(config.timeControl);
        if (control && !control.ok) {
          set({ notice: { kind: 'error', text: control.error.message } });
          return false;
        }
        const created = Game.create(toSetup(config));
        if (!created.ok) {
          set({ notice: { kind: 'error', text: created.error.message } });
          return false;
        }
        let game = created.value;
        if (config.placement !== 'hand' && game.status().phase === 'placement') {
          const placed = game.autoPlace(config.placement, 'all');
          if (placed.ok) game = placed.value;
        }
        set({
          screen: 'game',
          config,
          ...NOTHING_SHOWN,
          persist: opts.persist ?? true,
          lesson: null,
          camera: newCamera(),
        });
        start(game, game.length, { hintsUsed: noHints(game) });
        return true;
      },

      play(action) {
        const { view } = get();
        if (!view || refusedReadOnly()) return false;
        const text = view.actionText(action);
        const next = view.play(action);
        if (!next.ok) {
          set({ notice: { kind: 'error', text: next.error.message } });
          return false;
        }
        get().extend(next.value, text);
        return true;
      },

      extend(next, played) {
        // On the analysis board every action goes into its tree, never into the record.
        if (get().analysis) get().addVariation(next);
        else if (!refusedReadOnly()) source.submit(next, get().cursor, played);
      },

      undo() {
        const { game, cursor, config, analysis } = get();
        if (analysis) return get().stepVariation(-1);
        if (!game || cursor <= 0 || refusedOnline('Undo') || refusedTimed('Undo')) return;
        // With bots and humans: back to the last human decision, the bots' replies undone too.
        let c = cursor - 1;
        if (mixedSeats(game, config)) while (c > 0 && botToMove(game, config, c) !== null) c--;
        show(game, c);
      },

      redo() {
        const { game, cursor, config, analysis } = get();
        if (analysis) return get().stepVariation(1);
        if (!game || cursor >= game.length || refusedOnline('Redo') || refusedTimed('Redo')) return;
        // Undo's inverse: forward to the next human decision, the bots' replies redone too.
        let c = cursor + 1;
        if (mixedSeats(game, config))
          while (c < game.length && botToMove(game, config, c) !== null) c++;
        show(game, c, {}, c === cursor + 1 ? game.actions[cursor] : undefined);
      },

      goTo(k) {
        const { game, cursor, analysis } = get();
        // The record's cursor stays where the analysis board was opened (it returns there).
        if (!game || analysis) return;
        const c = Math.max(0, Math.min(game.length, k));
        if (c !== cursor) show(game, c, {}, c === cursor + 1 ? game.actions[cursor] : undefined);
      },

      exportGame() {
        const shown = savedShown();
        return shown && JSON.stringify(shown.file, null, 2);
      },

      exportGameText() {
        const shown = savedShown();
        return shown && writeGameText(shown.file, shown.game);
      },

      importGame(text) {
        if (refusedOnline('Import')) return false;
        const loaded = readAnySave(text);
        if (!loaded.ok) {
          set({ notice: { kind: 'error', text: `Import failed: ${loaded.error.message}` } });
          return false;
        }
        const { game, seats } = loaded.value;
        open(loaded.value, true, {
          notice: {
            kind: 'info',
            text: `Imported a game of ${game.length} actions. ${seatsSaid(game.setup.players, seats)}`,
          },
        });
        return true;
      },

      openReadOnly(loaded, from) {
        const { game, seats } = loaded;
        const s = get();
        // The game played here is written now (a save waiting for its moment would find this one).
        if (s.persist && s.game && !s.game.fromPosition)
          autosave(s.game, s.cursor, s.config, s.hintsUsed);
        open(loaded, false, {
          openedFrom: from,
          notice: {
            kind: 'info',
            text: SHARE_TEXT.opened(game.length, seatsSaid(game.setup.players, seats)),
          },
        });
      },

      resumeStored(open = true) {
        if (get().online) return;
        const r = resume();
        if (r.kind === 'ok') {
          const config = r.config
            ? { ...r.config, options: { ...NO_OPTIONS, ...r.game.setup.options } }
            : configOf(r.game);
          set({
            screen: open ? 'game' : 'setup',
            config,
            persist: true,
            lesson: null,
            game: null,
            view: null,
          });
          // A timed game goes on with the times it was saved with, paused until the page shows it.
          const control = config.timeControl;
          const localClocks = control && r.clocks ? resumedClocks(control, r.game, r.clocks) : null;
          start(r.game, r.cursor, { hintsUsed: r.hints ?? noHints(r.game), localClocks });
          set({ animation: null, dialog: open ? get().dialog : null });
        }
        // What went wrong with a stored game is reported by persist (useStorage).
      },

      startLesson(id, game, config) {
        const s = get();
        let back = s.lesson?.back;
        if (!back) {
          // The player's game is written now: a save waiting for its moment would find the
          // lesson (never saved) in its place.
          if (s.persist && s.game && !s.game.fromPosition)
            autosave(s.game, s.cursor, s.config, s.hintsUsed);
          back = {
            screen: s.screen,
            config: s.config,
            game: s.game,
            cursor: s.cursor,
            persist: s.persist,
          };
        }
        set({
          screen: 'game',
          config,
          ...NOTHING_SHOWN,
          persist: false,
          lesson: { id, run: ++lessonRun, back },
          camera: newCamera(),
        });
        start(game, game.length, {});
      },

      leaveLesson() {
        const back = get().lesson?.back;
        if (!back) return;
        set({
          screen: back.screen,
          config: back.config,
          ...NOTHING_SHOWN,
          persist: back.persist,
          lesson: null,
          camera: newCamera(),
        });
        if (back.game) start(back.game, back.cursor, { dialog: null });
      },
      startFrom(game, config) {
        if (refusedOnline('A new game')) return false;
        const s = get();
        // Written now: the new game is never saved, so a save waiting for its moment would be lost.
        if (s.persist && s.game && !s.game.fromPosition)
          autosave(s.game, s.cursor, s.config, s.hintsUsed);
        set({
          screen: 'game',
          config,
          ...NOTHING_SHOWN,
          persist: false,
          lesson: null,
          localClocks: null,
          camera: newCamera(),
        });
        start(game, game.length, { hintsUsed: noHints(game) });
        return true;
      },

      openRemote(game, config) {
        const shown = get().game;
        // The same game again (a reconnection, a reloaded record): no new camera, no hint.
        const same = shown?.setup === game.setup || sameSetup(shown, game);
        set({
          screen: 'game',
          config,
          trayPiece: null,
          lastThought: null,
          persist: false,
          ...(same ? {} : { game: null, view: null, camera: newCamera() }),
        });
        start(game, game.length, same ? {} : { hintsUsed: noHints(game) });
      },
    };
  };
