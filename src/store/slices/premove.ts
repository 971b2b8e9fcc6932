/**
 * The premove slice (issue #45 item 4): while others are to move, the one human of this device
 * (against bots, or the seat online) may queue one move. It is played the moment their turn
 * comes if it is still legal there, through the same play() as a tap (online: sent to the room
 * like any move), else dropped with a notice. Pass-and-play has no premove (whose would it be?).
 *
 * The targets offered are the piece's legal moves in the position shown as if it were its
 * owner's turn now (a clone of the position with the turn given to them): moves and shifts the
 * rules allow, so a premove is never one the player could not make on an unchanged board. The
 * opponents' moves may change that: the move is looked for again when the turn comes.
 * A promotion is queued as a queen (as lichess does); the choice between several actions on one
 * square (castling with rooks on several boards) takes the first.
 *
 * The others' moves keep the premove, and the piece selected for one (premoveKept): a player
 * may pick a piece while one bot moves and its target while the next does (issue #61 item 4).
 */
import { ELIMINATED, Game, OVER, QUEEN, type Destination } from '../../core';
import { PREMOVE_TEXT, spotName } from '../../text';
import { humanPlayers } from '../config';
import { onlineBlockReason, playerOfSeat } from '../../online/onlineState';
import type { Slice, State } from '../state';
import type { Premove, PremoveSlice } from './premove.types';
import { turnAccess } from '../turnAccess';

type PremoveInput = Pick<State, 'game' | 'view' | 'cursor' | 'config' | 'online' | 'lesson'>;

/**
 * The player (turn-order index) this device may queue a premove for now, or null: the game is
 * in play (not a lesson), the record's latest position is shown, another player is to move,
 * and this device has exactly one human seat in the game (against bots), or a seat online.
 */
export function premovePlayer(s: PremoveInput): number | null {
  const { game, view, online } = s;
  const access = turnAccess(s);
  // A lesson scripts its opponents' moves and waits for the one it teaches: no premove.
  if (s.lesson || access.may || !access.live || !game || !view) return null;
  if (view.status().phase !== 'play') return null;
  const pos = view.position;
  let player: number;
  if (online) {
    const seat = playerOfSeat(game, online.seat);
    // The room refuses only because another seat is to move (not: watching, disconnected …).
    if (seat < 0 || onlineBlockReason(online, game, s.cursor) !== 'turnOf') return null;
    player = seat;
  } else {
    if (access.why !== 'bot') return null;
    const humans = humanPlayers(game, s.config);
    if (humans.length !== 1) return null;
    player = humans[0];
  }
  return pos.playerState(player) === ELIMINATED ? null : player;
}

/** The moves of the piece on (board, square) as if `player` were to move in `view` now. */
export function premoveTargets(
  view: Game,
  player: number,
  board: number,
  square: number,
): Destination[] {
  const pos = view.position.clone();
  pos.setTurn(player);
  const asIf = Game.fromPosition(view.setup, pos);
  return asIf.ok ? asIf.value.destinations(board, square) : [];
}

/** Whether `next` is `shown` with more actions after it (the others' moves, as a source accepts them). */
function grown(shown: Game | null, next: Game): boolean {
  return (
    !!shown &&
    next.length > shown.length &&
    shown.setup === next.setup &&
    shown.actions.every((t, i) => next.actions[i] === t)
  );
}

/**
 * What of the premove stays when the source accepts record `next` while `prev` is shown. Moves
 * added to the record shown (the others' moves) keep the queued premove, and the piece selected
 * for one with its targets as they are now: as if it were its owner's turn while others are
 * still to move, its moves once the turn has come. A selected piece that was taken meanwhile is
 * deselected with a word. Any other record (a replaced one) keeps nothing.
 */
export function premoveKept(prev: State, next: Game): Partial<State> {
  if (!grown(prev.game, next) || prev.cursor !== prev.game!.length) return {};
  const kept: Partial<State> = { premove: prev.premove };
  const player = premovePlayer(prev);
  const { selected } = prev;
  if (player === null || !selected) return kept;
  if (next.position.ownerAt(selected.board, selected.square) !== player)
    return {
      ...kept,
      notice: { kind: 'info', text: PREMOVE_TEXT.taken(spotName(selected, next.position.g.names)) },
    };
  const now = { ...prev, game: next, view: next, cursor: next.length };
  const { board, square } = selected;
  if (premovePlayer(now) === player)
    return { ...kept, selected, targets: premoveTargets(next, player, board, square) };
  const access = turnAccess(now);
  if (access.may && access.player === player)
    return { ...kept, selected, targets: next.destinations(board, square) };
  return kept;
}

/** The action the premove stands for in `view`, if it is legal there. */
function premoveAction(view: Game, pm: Premove): number | null {
  const hit = view
    .destinations(pm.from.board, pm.from.square)
    .find(
      (d) =>
        d.board === pm.to.board &&
        d.square === pm.to.square &&
        d.shift === pm.shift &&
        d.promotion === pm.promotion,
    );
  return hit ? hit.action : null;
}

export const createPremoveSlice: Slice<PremoveSlice> = (set, get) => ({
  premove: null,

  tapPremove(board, square) {
    const state = get();
    const { view, selected, targets } = state;
    const player = premovePlayer(state);
    if (!view || player === null) return false;
    const hits = selected ? targets.filter((t) => t.board === board && t.square === square) : [];
    if (selected && hits.length) {
      const d = hits.find((t) => t.promotion === QUEEN) ?? hits[0];
      set({
        premove: {
          player,
          from: selected,
          to: { board, square },
          shift: d.shift,
          promotion: d.promotion,
        },
        selected: null,
        targets: [],
        choice: null,
      });
      return true;
    }
    if (
      view.position.ownerAt(board, square) === player &&
      !(selected?.board === board && selected.square === square)
    ) {
      set({ selected: { board, square }, targets: premoveTargets(view, player, board, square) });
      return true;
    }
    state.deselect();
    return true;
  },

  clearPremove() {
    if (get().premove) set({ premove: null });
  },

  firePremove() {
    const state = get();
    const { premove, view } = state;
    if (!premove || !view) return;
    const access = turnAccess(state);
    if (!access.live) return;
    if (view.position.phase === OVER || view.position.playerState(premove.player) === ELIMINATED)
      return set({ premove: null });
    if (!access.may || access.player !== premove.player) return;
    set({ premove: null });
    const action = view.status().kind === 'flight' ? null : premoveAction(view, premove);
    if (action === null) set({ notice: { kind: 'info', text: PREMOVE_TEXT.dropped } });
    else state.play(action);
  },
});
