/**
 * The interaction slice: what a tap or click on the boards or the placement tray means. The scene
 * only picks the square (tapSquare); every change of the game goes through the record slice's
 * play/extend; input that does not count now (turnAccess) is ignored.
 */
import {
  ELIMINATED,
  FLAG_PLACE,
  KING_PIECE,
  PASS,
  RESIGN,
  moveFlag,
  moveFrom,
  moveFromBoard,
  moveTo,
  type Destination,
  type Game,
} from '../../core';
import { explainState, isRefusedSpot } from '../explain';
import { quietShiftRefusal } from '../quietShift';
import { shiftRefusedText } from '../../text';
import type { Slice, State } from '../state';
import type { InteractionSlice } from './interaction.types';
import { turnAccess } from '../turnAccess';

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

/**
 * The squares a tap is meant for now, which picking prefers when a tap lands between squares:
 * the flight choices of a fleeing king, else the selected piece's targets.
 */
export function tapTargets(s: Pick<State, 'view' | 'targets'>): Destination[] {
  return s.view?.status().kind === 'flight' ? flightDestinations(s.view) : s.targets;
}

/**
 * The pieces (indices of HOME_SQUARES) the player to move has yet to place, in index order: the
 * placement tray. Under Cowardly Kings the king (KING_PIECE) is among them (R9.3).
 */
export function trayPieces(view: Game): number[] {
  const placeable = new Set(
    view
      .legalActions()
      .filter((m) => moveFlag(m) === FLAG_PLACE)
      .map(moveFrom),
  );
  return [...placeable].sort((a, b) => a - b);
}

/** Whether this device's input does not count now (turnAccess); the player hears why, if anything is said. */
const refused = (get: () => State, set: (patch: Partial<State>) => void): boolean => {
  const access = turnAccess(get());
  if (access.text) set({ notice: { kind: 'info', text: access.text } });
  return !access.may;
};

export const createInteractionSlice: Slice<InteractionSlice> = (set, get) => ({
  selected: null,
  targets: [],
  trayPiece: null,
  choice: null,
  hovered: null,
  highlight: null,
  inspected: null,

  tapSquare(board, square) {
    const state = get();
    const { view, selected, targets, trayPiece } = state;
    if (!view) return;
    // While others are to move, the tap may queue a premove (slices/premove.ts).
    if (state.tapPremove(board, square)) return;
    const pos = view.position;
    // A tap on a refused king square explains it (unless it selects one of the mover's pieces).
    if (
      pos.ownerAt(board, square) !== pos.turn &&
      isRefusedSpot(explainState(state), board, square)
    ) {
      state.hoverSquare({ board, square });
      return;
    }
    if (refused(get, set)) return;
    const s = view.status();
    if (s.phase === 'placement') {
      // With a piece picked from the tray, a tap on a board places it there (R2.3).
      if (trayPiece !== null) state.clickBoard(board);
      return;
    }
    if (s.phase !== 'play') return;
    if (s.kind === 'flight') {
      const hit = flightDestinations(view).find((d) => d.board === board && d.square === square);
      if (hit) state.play(hit.action);
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
      // A target of the selected piece: the move, a shift to another board, or a choice between several.
      const hits = targets.filter((t) => t.board === board && t.square === square);
      if (hits.length === 1) {
        state.play(hits[0].action);
        return;
      }
      if (hits.length > 1) {
        set({ choice: hits });
        return;
      }
      // A shift only the house rule refuses (R9.7): said, and the piece stays selected.
      const quiet = quietShiftRefusal(view, selected, { board, square });
      if (quiet) {
        set({ notice: { kind: 'info', text: shiftRefusedText(quiet) } });
        return;
      }
      if (selected.board === board && selected.square === square) {
        state.deselect();
        return;
      }
    }
    if (pos.ownerAt(board, square) === pos.turn && pos.playerState(pos.turn) !== ELIMINATED) {
      const dests = view.destinations(board, square);
      set({ selected: { board, square }, targets: dests, choice: null });
      return;
    }
    state.deselect();
  },

  clickBoard(board) {
    const { view, trayPiece } = get();
    if (!view || trayPiece === null || refused(get, set)) return;
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
    if (piece !== null && refused(get, set)) return;
    set({ trayPiece: piece, selected: null, targets: [] });
  },

  autoPlaceRest(mode, who = 'current') {
    const { view } = get();
    if (!view || refused(get, set)) return;
    const r = view.autoPlace(mode, who);
    if (!r.ok) {
      set({ notice: { kind: 'error', text: r.error.message } });
      return;
    }
    get().extend(r.value, `auto-placed (${mode})`);
  },

  choose(action) {
    if (action === null) set({ choice: null });
    else get().play(action);
  },

  deselect() {
    set({ selected: null, targets: [], choice: null, hovered: null });
  },

  hoverSquare(spot) {
    const now = get().hovered;
    if (now?.board !== spot?.board || now?.square !== spot?.square) set({ hovered: spot });
  },

  inspectSquare(spot) {
    set({ inspected: spot });
  },

  highlightAction(index) {
    if (get().highlight !== index) set({ highlight: index });
  },

  pass() {
    const { view } = get();
    if (view?.legalActions().includes(PASS) && !refused(get, set)) get().play(PASS);
  },

  resign() {
    const { view } = get();
    if (view && view.status().phase === 'play' && !refused(get, set)) get().play(RESIGN);
    set({ dialog: get().dialog === 'resign' ? null : get().dialog });
  },
});
