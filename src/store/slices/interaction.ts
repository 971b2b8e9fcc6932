/**
 * The interaction slice: what a click on the boards or the placement tray does. Every change of
 * the game goes through the record slice's play/extend; a bot seat's turn ignores the clicks.
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
import type { InteractionSlice, Slice, State } from '../state';
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

  clickSquare(board, square) {
    const { view, selected, targets, trayPiece } = get();
    if (!view || refused(get, set)) return;
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
    if (pos.ownerAt(board, square) === pos.turn && pos.playerState(pos.turn) !== ELIMINATED) {
      const dests = view.destinations(board, square);
      set({ selected: { board, square }, targets: dests, choice: null });
      return;
    }
    get().deselect();
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
