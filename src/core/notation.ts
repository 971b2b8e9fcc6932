/**
 * The text form of actions (R10.2). Every move names its board, a shift both boards:
 *
 *   AB:Nb1-c3   AB:e5xd6   AB:e7-e8=Q   AB:Nb1-AC:c3 (shift)   AB:Ke1-e2   AB:O-O (rook's board)
 *   AB:+Nb1 (placement: the piece whose home is b1)   pass   resign   draw
 *   timeout C   absent C   bot C 2   return C   (seat actions, R11.4: C is a player's label)
 *
 * Squares are absolute squares of the named board. parseAction(pos, makeAction(pos, a)) === a.
 */
import { LABELS, boardIndex, parseSquare, squareName } from './geometry';
import {
  DRAW,
  FLAG_CASTLE,
  FLAG_DRAW,
  FLAG_EN_PASSANT,
  FLAG_PASS,
  FLAG_PLACE,
  FLAG_RESIGN,
  HOME_ROLES,
  PASS,
  RESIGN,
  SEAT_BOT,
  SEAT_RESIGN,
  encodeSeatAction,
  moveFlag,
  moveFrom,
  moveFromBoard,
  movePromotion,
  moveTo,
  moveToBoard,
  seatActionKind,
  seatActionLevel,
  seatActionPlayer,
} from './move';
import { OVER, PLACEMENT, type Position } from './position';
import { isKingMove, kingTargetOn, onKingBoard } from './kingMove';
import { legalActionList, quietRefusal, seatRefusal } from './rules';
import { escapeText, quoteText } from './quote';
import { PAWN, ROLE_LETTERS, fail, ok, type Result } from './types';

const letter = (role: number): string => (role === PAWN ? '' : ROLE_LETTERS[role]);

/** Does move m capture anything (on any board, for a king)? */
export function isCapture(pos: Position, m: number): boolean {
  if (moveFlag(m) === FLAG_EN_PASSANT) return true;
  if (moveFlag(m) === FLAG_CASTLE) return false;
  if (isKingMove(pos, m))
    return pos.kingBoards[pos.turn].some(
      (b) => pos.squares[(b << 7) | kingTargetOn(pos, m, b)] !== 0,
    );
  return pos.squares[(moveToBoard(m) << 7) | moveTo(m)] !== 0;
}

/** The text of action m, played from position pos (before the action). */
export function makeAction(pos: Position, m: number): string {
  const flag = moveFlag(m);
  if (flag === FLAG_PASS) return 'pass';
  if (flag === FLAG_RESIGN) return seatActionText(m);
  if (flag === FLAG_DRAW) return 'draw';
  const names = pos.g.names;
  const fb = moveFromBoard(m);
  const tb = moveToBoard(m);
  if (flag === FLAG_PLACE)
    return `${names[fb]}:+${letter(HOME_ROLES[moveFrom(m)])}${squareName(moveTo(m))}`;
  if (flag === FLAG_CASTLE) return `${names[fb]}:${(moveTo(m) & 7) === 6 ? 'O-O' : 'O-O-O'}`;
  const role = pos.squares[(fb << 7) | moveFrom(m)] & 7;
  const promotion = movePromotion(m);
  return (
    `${names[fb]}:${letter(role)}${squareName(moveFrom(m))}` +
    (isCapture(pos, m) ? 'x' : '-') +
    (tb !== fb ? `${names[tb]}:` : '') +
    squareName(moveTo(m)) +
    (promotion ? `=${ROLE_LETTERS[promotion]}` : '')
  );
}

/** The words of the seat actions (R6.6, R11.4) by kind. */
const SEAT_WORDS = ['resign', 'timeout', 'absent', 'bot', 'return'] as const;

/** The text of a FLAG_RESIGN action: `resign`, `timeout C`, `absent C`, `bot C 2`, `return C`. */
function seatActionText(m: number): string {
  const kind = seatActionKind(m);
  if (kind === SEAT_RESIGN) return 'resign';
  const who = `${SEAT_WORDS[kind]} ${LABELS[seatActionPlayer(m)]}`;
  return kind === SEAT_BOT ? `${who} ${seatActionLevel(m)}` : who;
}

const SEAT_RE = /^(timeout|absent|bot|return)\s+(\S+)(?:\s+(\S+))?$/;

/**
 * A seat action's text (R11.4) read in pos: checks what the position alone can tell — the
 * player exists, a bot's level is 1–3, and rules.seatRefusal.
 */
function parseSeatAction(pos: Position, text: string, g: RegExpExecArray): Result<number> {
  const word = g[1] as (typeof SEAT_WORDS)[number];
  const kind = SEAT_WORDS.indexOf(word);
  const p = g[2].length === 1 ? LABELS.indexOf(g[2]) : -1;
  if (p < 0 || p >= pos.n)
    return fail(
      'bad-action',
      `${escapeText(text)}: there is no player ${escapeText(g[2], 8)} in a ${pos.n}-player game (players ${LABELS.slice(0, pos.n).split('').join(', ')})`,
    );
  if ((kind === SEAT_BOT) !== (g[3] !== undefined) || (g[3] !== undefined && !/^[1-3]$/.test(g[3])))
    return fail(
      'bad-action',
      kind === SEAT_BOT
        ? `${escapeText(text)}: a bot's level must be 1, 2 or 3, as in "bot ${g[2]} 2"`
        : `${escapeText(text)}: expected "${word} ${g[2]}"`,
    );
  const m = encodeSeatAction(kind, p, kind === SEAT_BOT ? Number(g[3]) : 0);
  const why = seatRefusal(pos, m);
  return why ? fail('illegal-action', `${escapeText(text)} is illegal: ${why}`) : ok(m);
}

const PLACE_RE = /^([A-H]{2}):\+([NBRQK]?)([a-h][1-8])$/;
const CASTLE_RE = /^([A-H]{2}):(O-O(?:-O)?)$/;
const MOVE_RE =
  /^([A-H]{2}):([NBRQK]?)([a-h][1-8])[-x](?:([A-H]{2}):)?([a-h][1-8])(?:=([NBRQ]))?[+#]?$/;

const malformed = (text: string): Result<number> =>
  fail(
    'bad-action',
    `cannot read ${quoteText(text)}: expected a move like AB:Nb1-c3, AB:e7-e8=Q, AB:Nb1-AC:c3, AB:O-O, a placement like AB:+Nb1, or pass, resign, draw, timeout C, absent C, bot C 2, return C`,
  );

const SIMPLE_ACTIONS = new Map([
  ['pass', PASS],
  ['resign', RESIGN],
  ['draw', DRAW],
]);

/** Is `m` the legal king move `legal`, read on another of the king's boards? */
function sameMove(pos: Position, legal: number, m: number): boolean {
  if (legal === m) return true;
  if (!isKingMove(pos, legal) || moveFlag(legal) === FLAG_CASTLE) return false;
  const b = moveFromBoard(m);
  if (pos.kingSeat[pos.turn * pos.nb + b] < 0 || moveToBoard(m) !== b) return false;
  return (
    moveFrom(m) === onKingBoard(pos, legal, moveFrom(legal), b) &&
    moveTo(m) === kingTargetOn(pos, legal, b)
  );
}

/**
 * Parse an action's text in position pos: the action, or why it is malformed or illegal.
 * `legal`: the legal actions (legalActionList), when the caller has them already.
 */
export function parseAction(
  pos: Position,
  input: string,
  legal: readonly number[] = legalActionList(pos),
): Result<number> {
  const text = input.trim();
  const seat = SEAT_RE.exec(text);
  if (seat) return parseSeatAction(pos, text, seat);
  if (pos.phase === OVER)
    return fail('illegal-action', `${escapeText(text)} is illegal: the game is over`);
  const simple = SIMPLE_ACTIONS.get(text);
  if (simple !== undefined) {
    if (simple === PASS && !legal.includes(PASS))
      return fail('illegal-action', `"pass" is illegal: the player to move has moves`);
    return ok(simple);
  }
  const board = (name: string) => boardIndex(pos.g, name);
  const match = (want: (m: number) => boolean, why: () => string): Result<number> => {
    const found = legal.find(want);
    return found === undefined ? fail('illegal-action', `${text} is illegal: ${why()}`) : ok(found);
  };
  let g = PLACE_RE.exec(text);
  if (g) {
    const b = board(g[1]);
    const sq = parseSquare(g[3]);
    if (b < 0)
      return fail('bad-action', `${text}: there is no board ${g[1]} in a ${pos.n}-player game`);
    return match(
      (m) =>
        moveFlag(m) === FLAG_PLACE &&
        moveFromBoard(m) === b &&
        moveTo(m) === sq &&
        letter(HOME_ROLES[moveFrom(m)]) === g![2],
      () => `no unplaced piece of the player to move has its home on ${g![3]} of ${g![1]} now`,
    );
  }
  g = CASTLE_RE.exec(text);
  if (g) {
    const b = board(g[1]);
    if (b < 0)
      return fail('bad-action', `${text}: there is no board ${g[1]} in a ${pos.n}-player game`);
    const kingSide = g[2] === 'O-O';
    return match(
      (m) =>
        moveFlag(m) === FLAG_CASTLE &&
        moveFromBoard(m) === b &&
        ((moveTo(m) & 7) === 6) === kingSide,
      () =>
        `castling ${kingSide ? 'king' : 'queen'} side with the rook of ${g![1]} is not allowed now`,
    );
  }
  g = MOVE_RE.exec(text);
  if (!g) return malformed(text);
  const fb = board(g[1]);
  const tb = g[4] ? board(g[4]) : fb;
  if (fb < 0 || tb < 0)
    return fail(
      'bad-action',
      `${text}: there is no board ${fb < 0 ? g[1] : g[4]} in a ${pos.n}-player game`,
    );
  const from = parseSquare(g[3]);
  const to = parseSquare(g[5]);
  const promotion = g[6] ? ROLE_LETTERS.indexOf(g[6]) : 0;
  const piece = pos.squares[(fb << 7) | from];
  const wanted = (fb << 14) | (tb << 19) | from | (to << 7) | (promotion << 24);
  const why = () => {
    if (pos.phase === PLACEMENT) return 'pieces are still being placed';
    if (!piece) return `${g![3]} on ${g![1]} is empty`;
    if (pos.ownerOf(fb, piece) !== pos.turn)
      return `the piece on ${g![3]} of ${g![1]} is not the mover's`;
    if (letter(piece & 7) !== g![2])
      return `the piece on ${g![3]} of ${g![1]} is not ${g![2] || 'a pawn'}`;
    return quietRefusal(pos, wanted) ?? 'that piece cannot make this move now';
  };
  if (!piece || letter(piece & 7) !== g[2])
    return fail('illegal-action', `${text} is illegal: ${why()}`);
  return match(
    (m) => moveFlag(m) < FLAG_PLACE && ((m & 0x7ffffff) === wanted || sameMove(pos, m, wanted)),
    why,
  );
}
