/**
 * What the player at this device may do now, in one answer (issue #63 item 1), as chessground's
 * `movable` does for its host: whom the device acts for, which pieces a press may grab (for a
 * move, or for a premove while others are to move), the targets a tap or a drop means, where the
 * tray's piece may be placed, and whether Pass, Resign, Offer draw, a hint and threats are to be
 * had, with the reason in words when not. The HUD's controls, the draw offer, the hand-over
 * screen and the scene's input and drawing read it; it is built on turnAccess (whose input
 * counts) and premovePlayer (whose premove), and decides nothing they decide.
 */
import {
  ELIMINATED,
  FLAG_PLACE,
  PASS,
  PLAY,
  moveFlag,
  moveFrom,
  moveFromBoard,
  moveTo,
  squareKey,
  type Destination,
  type Game,
} from '../core';
import { MOVABLE_TEXT as T } from '../text';
import { HINT_REFUSALS } from '../text/advice';
import { hintRefusal, threatsRefusal } from '../drivers/advice';
import { humanPlayers } from './config';
import { playerOfSeat, type OnlineInfo } from '../online/onlineState';
import { standingDraw } from './slices/drawOffer';
import { tapTargets } from './slices/interaction';
import { premovePlayer } from './slices/premove';
import type { State } from './state';
import { refusalWords, turnAccess, type TurnAccess } from './turnAccess';

/** Whether something may be done now, and if not, why in words. */
export type May = { ok: true } | { ok: false; why: string };

export interface Movable {
  /** The players this device plays for: its human seats, or online its seat's player. */
  seats: number[];
  /** Whom a press acts for now (a player index), or -1: the player to move, or the premove's. */
  player: number;
  /** What a grabbed piece does: moves now, is queued as a premove, or nothing may be grabbed. */
  grab: 'move' | 'premove' | null;
  /** The squares (squareKey) of the pieces a press may grab: the player's, while pieces move. */
  pieces: Set<number>;
  /** The targets a tap or a drop means now: a fleeing king's choices, or the selected piece's. */
  targets: readonly Destination[];
  /** Where the piece picked from the tray may be placed. */
  placements: { board: number; square: number }[];
  pass: May;
  resign: May;
  offerDraw: May;
  hint: May;
  threats: May;
}

export type MovableInput = Pick<
  State,
  | 'screen'
  | 'game'
  | 'view'
  | 'cursor'
  | 'config'
  | 'online'
  | 'lesson'
  | 'targets'
  | 'trayPiece'
  | 'draw'
>;

const YES: May = { ok: true };
const no = (why: string): May => ({ ok: false, why });

/**
 * Whether this device's seat has a voice in the room's draw offer now: the game in play and
 * shown at its end, the room running, the seat held by this person and still in the game.
 */
export function onlineDrawVoice(online: OnlineInfo, game: Game | null, cursor: number): boolean {
  const mine = online.seat;
  const p = game ? playerOfSeat(game, mine) : -1;
  return (
    !!game &&
    game.position.phase === PLAY &&
    online.started &&
    !online.paused &&
    !online.takenOver &&
    online.connection === 'open' &&
    cursor === game.length &&
    mine !== null &&
    online.seats[mine]?.holder === 'human' &&
    p >= 0 &&
    game.position.playerState(p) !== ELIMINATED
  );
}

/** Whether the player offering now (on this device) may: by its turn, or online by its seat. */
function mayOfferDraw(s: MovableInput, access: TurnAccess): May {
  const { view, online } = s;
  if (online) {
    const status = online.drawOffer ?? null;
    if (!onlineDrawVoice(online, s.game, s.cursor)) return no(refusalWords(access));
    if (status && status.declinedBy === null) return no(T.drawStanding);
    if (status?.by === online.seat) return no(T.drawDeclined);
    return YES;
  }
  if (!access.may) return no(refusalWords(access));
  if (view!.position.phase !== PLAY) return no(T.notInPlay);
  const offer = standingDraw(s)?.offer ?? null;
  if (offer && offer.declinedBy === null) return no(T.drawStanding);
  if (offer?.by === access.player) return no(T.drawDeclined);
  return YES;
}

const NONE: Movable['placements'] = [];
let lastPlaced: { view: Game; piece: number | null; at: Movable['placements'] } | null = null;

/** Where `piece` of the tray may be placed in `view` (the same list while neither changes). */
function placementsOf(view: Game, piece: number | null): Movable['placements'] {
  if (piece === null) return NONE;
  if (lastPlaced?.view !== view || lastPlaced.piece !== piece) {
    const at = view
      .legalActions()
      .filter((m) => moveFlag(m) === FLAG_PLACE && moveFrom(m) === piece)
      .map((m) => ({ board: moveFromBoard(m), square: moveTo(m) }));
    lastPlaced = { view, piece, at };
  }
  return lastPlaced.at;
}

function movableOf(s: MovableInput): Movable {
  const { game, view, online } = s;
  const access = turnAccess(s);
  const seats = !view
    ? []
    : online
      ? [playerOfSeat(view, online.seat)]
      : humanPlayers(view, s.config);
  const premover = premovePlayer(s);
  const player = access.may ? access.player : (premover ?? -1);
  const status = view?.status();
  const moving = status?.phase === 'play' && status.kind !== 'flight';
  const grab = !moving || player < 0 ? null : access.may ? 'move' : 'premove';
  const pieces = new Set<number>();
  if (view && grab) {
    const pos = view.position;
    for (let b = 0; b < pos.nb; b++)
      if (pos.isLive(b))
        for (let sq = 0; sq < 0x78; sq++)
          if (!(sq & 0x88) && pos.ownerAt(b, sq) === player) pieces.add(squareKey(b, sq));
  }
  const placements = view ? placementsOf(view, s.trayPiece) : NONE;
  const inPlay = !!view && status?.phase === 'play';
  const refused = no(refusalWords(access));
  const hint = hintRefusal(s);
  const threats = threatsRefusal(s);
  return {
    seats: seats.filter((p) => p >= 0),
    player,
    grab,
    pieces,
    targets: tapTargets(s),
    placements,
    pass: !access.may ? refused : inPlay && view.legalActions().includes(PASS) ? YES : no(T.noPass),
    resign: !access.may ? refused : inPlay ? YES : no(T.notInPlay),
    offerDraw: game && view ? mayOfferDraw(s, access) : refused,
    hint: hint === null ? YES : no(HINT_REFUSALS[hint]),
    threats: threats === null ? YES : no(HINT_REFUSALS[threats]),
  };
}

let last: { s: MovableInput; m: Movable } | null = null;

/** What this device may do now (see above); worked out once per store state. */
export function movable(s: MovableInput): Movable {
  if (last?.s !== s) last = { s, m: movableOf(s) };
  return last.m;
}
