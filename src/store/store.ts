/**
 * The one store around the rules core: the game record, the history cursor, selection and
 * legal targets, the pending animation and UI state. Components call these actions; they never
 * change the game through the core themselves.
 */
import { create } from 'zustand';
import {
  FLAG_PLACE,
  Game,
  KING_PIECE,
  NO_OPTIONS,
  PASS,
  RESIGN,
  checks,
  loadGame,
  moveFlag,
  moveFrom,
  moveFromBoard,
  moveTo,
  parseAction,
  saveGame,
  type Destination,
  type Position,
} from '../core';
import { botToMove, driveBots, mixedSeats, type BotThought } from './bots';
import { defaultConfig, toSetup, type GameConfig } from './config';
import { autosave, resume } from './persist';
import { diffPieces, piecesOf, type AnimItem } from './snapshot';
import { captionsOf, listOf, sentences } from '../ui/captions';
import { checkText } from '../text/check';

export type Screen = 'setup' | 'game';
export type Dialog = null | 'rules' | 'resign' | 'over';

export interface Notice {
  kind: 'error' | 'info';
  text: string;
}

export interface Animation {
  id: number;
  items: AnimItem[];
}

export interface CameraRequest {
  id: number;
  /** null: frame all boards (or `boards`, when given). */
  board: number | null;
  /** Frame these boards together (the demo's director); the live ones among them count. */
  boards?: number[];
  /** Share of the view's height to keep clear at the top (under a caption), with `boards`. */
  top?: number;
}

export interface State {
  screen: Screen;
  config: GameConfig;
  game: Game | null;
  /** The game as of the cursor: the position shown and played from. */
  view: Game | null;
  /** How many actions of the record are shown (game.length when at the end). */
  cursor: number;
  selected: { board: number; square: number } | null;
  targets: Destination[];
  /** Piece index (0–14, see HOME_SQUARES) picked from the placement tray. */
  trayPiece: number | null;
  /** Several actions share the clicked target (promotion, castling with rooks on several boards). */
  choice: Destination[] | null;
  animation: Animation | null;
  notice: Notice | null;
  announcement: string;
  dialog: Dialog;
  camera: CameraRequest;
  hintDismissed: boolean;
  /** Label of the bot seat thinking now (see bots.ts), or null. */
  thinking: string | null;
  /** How the last bot action played was found (see bots.ts), or null. */
  lastThought: BotThought | null;
  /** Whether the game is saved in the browser (a demo show is not). */
  persist: boolean;
  /** The square pointed at or tapped for an explanation (a refused king square's attackers). */
  hovered: { board: number; square: number } | null;
  /** Index (into game.actions) of the action pointed at in the move list, lit on the boards. */
  highlight: number | null;

  newGame(config: GameConfig, opts?: { persist?: boolean }): boolean;
  showSetup(): void;
  play(action: number): boolean;
  clickSquare(board: number, square: number): void;
  clickBoard(board: number): void;
  pickTrayPiece(piece: number | null): void;
  autoPlaceRest(mode: 'balanced' | 'random', who?: 'current' | 'all'): void;
  choose(action: number | null): void;
  deselect(): void;
  undo(): void;
  redo(): void;
  goTo(k: number): void;
  pass(): void;
  resign(): void;
  exportGame(): string | null;
  importGame(text: string): boolean;
  setDialog(dialog: Dialog): void;
  setNotice(notice: Notice | null): void;
  frameAll(): void;
  focusBoard(board: number): void;
  focusBoards(boards: number[], top?: number): void;
  dismissHint(): void;
  hoverSquare(spot: { board: number; square: number } | null): void;
  highlightAction(index: number | null): void;
  /** Load the game saved in the browser; `open`: show it (else it waits behind the setup screen). */
  resumeStored(open?: boolean): void;
}

let animationId = 0;
let cameraId = 0;

const viewOf = (game: Game | null, cursor: number): Game | null =>
  !game ? null : cursor >= game.length ? game : game.truncate(cursor);

/** Where the fleeing king of the player to move may go (R9.3): flight choices as destinations. */
export function flightDestinations(view: Game): Destination[] {
  if (view.status().kind !== 'flight') return [];
  return view
    .legalActions()
    .filter((m) => moveFlag(m) === FLAG_PLACE && moveFrom(m) === KING_PIECE)
    .map((m) => ({
      action: m,
      board: moveFromBoard(m),
      square: moveTo(m),
      shift: false,
      capture: false,
      promotion: 0,
    }));
}

/** Player names by label, for captions. */
export const namesOf =
  (game: Game) =>
  (label: string | null): string =>
    label ? (game.players.find((p) => p.label === label)?.name ?? label) : '';

/** The captions of the last action shown (what it made happen), for the HUD and announcements. */
export function captionsAt(game: Game, cursor: number, checks = false): string[] {
  return captionsOf(game.eventsOf(cursor), namesOf(game), { checks });
}

/** The text announced after the position changes to `view`. */
function describe(game: Game, view: Game, cursor: number, played?: string): string {
  const s = view.status();
  const name = namesOf(game);
  const parts: string[] = [];
  if (played) parts.push(`${played}.`);
  const events = played && cursor > 0 ? game.eventsOf(cursor) : [];
  const captions = captionsOf(events, name);
  if (captions.length) parts.push(sentences(captions));
  const names = { players: view.players.map((p) => p.name), boards: view.position.g.names };
  s.players.forEach((p, i) => {
    if (p.checkedOn.length && p.state === 'active')
      parts.push(
        `${p.name} is in check on ${listOf(p.checkedOn)}: ${checkText(checks(view.position, i), names)}.`,
      );
    if (p.state === 'mated' && !events.some((e) => e.type === 'checkmate'))
      parts.push(`${p.name} is checkmated by ${name(p.matedBy)}.`);
  });
  if (s.phase === 'over' && s.result)
    parts.push(
      s.result.winner ? `Game over: ${name(s.result.winner)} wins.` : 'Game over: a draw.',
    );
  else if (s.turn) {
    const kind =
      s.kind === 'place'
        ? 'to place'
        : s.kind === 'final-move'
          ? 'to make a final move'
          : s.kind === 'forced-capture'
            ? 'to capture the mated king'
            : s.kind === 'pass'
              ? 'to pass'
              : 'to move';
    if (s.kind === 'flight') parts.push(`${name(s.turn)}'s king must flee — choose where.`);
    else if (s.due && s.kind === 'move')
      parts.push(
        `${name(s.turn)} ${kind}: ${s.due.length} ${s.due.length === 1 ? 'board' : 'boards'} still due this turn (${listOf(s.due)}).`,
      );
    else parts.push(`${name(s.turn)} ${kind}.`);
  }
  if (cursor < game.length) parts.push(`Viewing move ${cursor} of ${game.length}.`);
  return parts.join(' ');
}

/** Animation from position a to position b (only for a one-step change of the cursor). */
function animate(a: Position, b: Position): Animation {
  return { id: ++animationId, items: diffPieces(piecesOf(a), piecesOf(b)) };
}

export function configOf(game: Game): GameConfig {
  return {
    players: game.setup.players.map((p) => ({ ...p, kind: 'human' as const })),
    seed: game.setup.seed,
    placement: 'hand',
    options: { ...game.setup.options },
  };
}

export const useGame = create<State>()((set, get) => {
  /** Move to a new record/cursor; animates a one-step change; saves. */
  const show = (game: Game, cursor: number, extra: Partial<State> = {}, played?: string) => {
    const prev = get();
    const view = viewOf(game, cursor);
    let animation: Animation | null = null;
    if (prev.game && prev.view && view && Math.abs(cursor - prev.cursor) <= 1) {
      const before = prev.view.position;
      const after = view.position;
      if (before !== after) animation = animate(before, after);
    } else if (prev.game && prev.view && view && prev.game.length < game.length) {
      // Several actions at once (auto-placement): still diff old and new snapshots.
      animation = animate(prev.view.position, view.position);
    }
    const over = view?.status().phase === 'over';
    set({
      game,
      view,
      cursor,
      selected: null,
      targets: [],
      choice: null,
      hovered: null,
      highlight: null,
      animation,
      announcement: view ? describe(game, view, cursor, played) : '',
      dialog: over && cursor === game.length && prev.dialog !== 'rules' ? 'over' : null,
      ...extra,
    });
    if (get().persist) autosave(game, cursor, get().config);
  };

  /** A bot seat is to move in the position shown: the human's clicks do nothing then. */
  const botTurn = () => {
    const { game, cursor, config } = get();
    return botToMove(game, config, cursor) !== null;
  };

  return {
    screen: 'setup',
    config: defaultConfig(),
    game: null,
    view: null,
    cursor: 0,
    selected: null,
    targets: [],
    trayPiece: null,
    choice: null,
    animation: null,
    notice: null,
    announcement: '',
    dialog: null,
    camera: { id: 0, board: null },
    hintDismissed: false,
    thinking: null,
    lastThought: null,
    persist: true,
    hovered: null,
    highlight: null,

    newGame(input, opts = {}) {
      const config = { ...input, options: { ...NO_OPTIONS, ...input.options } };
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
        game: null,
        view: null,
        animation: null,
        trayPiece: null,
        notice: null,
        lastThought: null,
        persist: opts.persist ?? true,
        camera: { id: ++cameraId, board: null },
      });
      show(game, game.length);
      return true;
    },

    showSetup() {
      set({ screen: 'setup', dialog: null, selected: null, targets: [], choice: null });
    },

    play(action) {
      const { view, game } = get();
      if (!view || !game) return false;
      const text = view.actionText(action);
      const next = view.play(action);
      if (!next.ok) {
        set({ notice: { kind: 'error', text: next.error.message } });
        return false;
      }
      const g = next.value;
      // Keep the tray piece only if it is still unplaced for the new player to move (never).
      show(g, g.length, { trayPiece: null, notice: null }, text);
      return true;
    },

    clickSquare(board, square) {
      const { view, selected, targets, trayPiece } = get();
      if (!view || botTurn()) return;
      const s = view.status();
      if (s.phase === 'placement') {
        if (trayPiece !== null) get().clickBoard(board);
        return;
      }
      if (s.phase !== 'play') return;
      if (s.kind === 'flight') {
        const hit = flightDestinations(view).find((d) => d.board === board && d.square === square);
        if (hit) get().play(hit.action);
        else
          set({
            notice: {
              kind: 'info',
              text: 'Choose one of the marked squares for the king to flee to.',
            },
          });
        return;
      }
      if (selected) {
        const hits = targets.filter((t) => t.board === board && t.square === square);
        if (hits.length === 1) {
          get().play(hits[0].action);
          return;
        }
        if (hits.length > 1) {
          set({ choice: hits });
          return;
        }
        if (selected.board === board && selected.square === square) {
          get().deselect();
          return;
        }
      }
      const pos = view.position;
      const code = pos.squares[(board << 7) | square];
      if (code && pos.ownerOf(board, code) === pos.turn && pos.status[pos.turn] !== 2) {
        const dests = view.destinations(board, square);
        set({ selected: { board, square }, targets: dests, choice: null });
        return;
      }
      get().deselect();
    },

    clickBoard(board) {
      const { view, trayPiece } = get();
      if (!view || trayPiece === null || botTurn()) return;
      const action = view
        .legalActions()
        .find(
          (m) =>
            moveFlag(m) === FLAG_PLACE && moveFrom(m) === trayPiece && moveFromBoard(m) === board,
        );
      if (action === undefined) {
        set({ notice: { kind: 'info', text: 'Place the piece on one of your own boards.' } });
        return;
      }
      get().play(action);
    },

    pickTrayPiece(piece) {
      if (piece !== null && botTurn()) return;
      set({ trayPiece: piece, selected: null, targets: [] });
    },

    autoPlaceRest(mode, who = 'current') {
      const { view, game } = get();
      if (!view || !game || botTurn()) return;
      const r = view.autoPlace(mode, who);
      if (!r.ok) {
        set({ notice: { kind: 'error', text: r.error.message } });
        return;
      }
      show(r.value, r.value.length, { trayPiece: null }, `auto-placed (${mode})`);
    },

    choose(action) {
      if (action === null) set({ choice: null });
      else get().play(action);
    },

    deselect() {
      set({ selected: null, targets: [], choice: null, hovered: null });
    },

    undo() {
      const { game, cursor, config } = get();
      if (!game || cursor <= 0) return;
      // With bots and humans: back to the last human decision, the bots' replies undone too.
      let c = cursor - 1;
      if (mixedSeats(game, config)) while (c > 0 && botToMove(game, config, c) !== null) c--;
      show(game, c);
    },

    redo() {
      const { game, cursor } = get();
      if (game && cursor < game.length) show(game, cursor + 1, {}, game.actions[cursor]);
    },

    goTo(k) {
      const { game, cursor } = get();
      if (!game) return;
      const c = Math.max(0, Math.min(game.length, k));
      if (c !== cursor) show(game, c, {}, c === cursor + 1 ? game.actions[cursor] : undefined);
    },

    pass() {
      const { view } = get();
      if (!botTurn() && view?.legalActions().includes(PASS)) get().play(PASS);
    },

    resign() {
      const { view } = get();
      if (view && view.status().phase === 'play' && !botTurn()) get().play(RESIGN);
      set({ dialog: get().dialog === 'resign' ? null : get().dialog });
    },

    exportGame() {
      // What the player sees: the game as of the history cursor, without the undone moves.
      const { game, cursor } = get();
      return game ? JSON.stringify(saveGame(game.truncate(cursor)), null, 2) : null;
    },

    importGame(text) {
      const loaded = loadGame(text);
      if (!loaded.ok) {
        set({ notice: { kind: 'error', text: `Import failed: ${loaded.error.message}` } });
        return false;
      }
      const game = loaded.value;
      set({
        screen: 'game',
        config: configOf(game),
        game: null,
        view: null,
        trayPiece: null,
        lastThought: null,
        persist: true,
        camera: { id: ++cameraId, board: null },
      });
      show(game, game.length, {
        notice: { kind: 'info', text: `Imported a game of ${game.length} actions.` },
      });
      return true;
    },

    setDialog(dialog) {
      set({ dialog });
    },

    setNotice(notice) {
      set({ notice });
    },

    frameAll() {
      set({ camera: { id: ++cameraId, board: null } });
    },

    focusBoard(board) {
      set({ camera: { id: ++cameraId, board } });
    },

    focusBoards(boards, top = 0) {
      set({ camera: { id: ++cameraId, board: null, boards: [...boards], top } });
    },

    dismissHint() {
      set({ hintDismissed: true });
    },

    hoverSquare(spot) {
      const now = get().hovered;
      if (now?.board !== spot?.board || now?.square !== spot?.square) set({ hovered: spot });
    },

    highlightAction(index) {
      if (get().highlight !== index) set({ highlight: index });
    },

    resumeStored(open = true) {
      const r = resume();
      if (r.kind === 'ok') {
        const config = r.config
          ? { ...r.config, options: { ...NO_OPTIONS, ...r.game.setup.options } }
          : configOf(r.game);
        set({ screen: open ? 'game' : 'setup', config, persist: true, game: null, view: null });
        show(r.game, r.cursor);
        set({ animation: null, hintDismissed: true, dialog: open ? get().dialog : null });
      } else if (r.kind === 'corrupt')
        set({
          notice: {
            kind: 'error',
            text: `The saved game could not be resumed (${r.message}). It was set aside as "${r.keptAs}".`,
          },
        });
    },
  };
});

/** The bot seats: asked whenever one is to move at the end of the record (see bots.ts). */
export const bots = driveBots(useGame);

/** The action's text as parsed back (used by the test seam). */
export function parseIn(game: Game, text: string): number | null {
  const r = parseAction(game.position, text);
  return r.ok ? r.value : null;
}
