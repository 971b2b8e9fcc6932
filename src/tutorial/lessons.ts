/**
 * The lessons of "How to play": the basics in order, then one per optional rule and the house
 * rule (docs/RULES.md R9). Each is a small real position: you are Orange, your opponents Sky and Jade. Squares are
 * named from the South seat's side (a1 is South's corner); on a board where you sit North your
 * pieces start on rank 8.
 */
import type { Game } from '../core';
import { exactly, type Lesson, type LessonPlayer, type Verdict } from './lesson';

const YOU: LessonPlayer = { name: 'You', colour: '#f59a2c' };
const SKY: LessonPlayer = { name: 'Sky', colour: '#3d8fe0' };
const JADE: LessonPlayer = { name: 'Jade', colour: '#4fbf6f' };
const THREE = [YOU, SKY, JADE];

const playerState = (game: Game, label: string) =>
  game.status().players.find((p) => p.label === label)?.state;
const isKingMove = (text: string) => /^[A-H]{2}:K/.test(text);

/** The back-rank mate on AB used by several lessons: your rooks on a7 and b1, Sky's king on e8. */
const BACK_RANK = '4k3/R7/8/8/8/8/8/1R2K3';

const boards: Lesson = {
  id: 'boards',
  title: 'One board for every pair',
  intro: [
    'Three players, three boards: one for every pair of players. Board AB is yours and Sky’s, AC is yours and Jade’s, BC is Sky’s and Jade’s.',
    'Your domain is the boards where you sit: AB and AC. On each board your enemy is the player across from you — Sky on AB, Jade on AC. You cannot touch BC.',
  ],
  players: THREE,
  you: 'A',
  start: {
    position: {
      players: 3,
      turn: 'A',
      boards: {
        AB: { pieces: '4k3/8/n7/8/8/8/8/R3K3' },
        AC: { pieces: '4k3/8/8/7b/8/8/8/4K2R' },
        BC: { pieces: '4k3/3p4/8/8/8/8/3P4/4K3' },
      },
    },
  },
  steps: [
    {
      goal: 'Capture one of Sky’s pieces.',
      hint: 'Sky is your enemy on AB, the board you share. Click your rook on AB a1, then the red disc on Sky’s knight.',
      judge: exactly(['AB:Ra1xa6']),
      praise: 'Taken! On AB you fight Sky; the bishop on AC is Jade’s.',
    },
  ],
  done: 'You play on several boards at once, against a different opponent on each.',
  rule: null,
};

const placement: Lesson = {
  id: 'placement',
  title: 'Placing your army',
  intro: [
    'A game starts with the boards empty but for the kings. In turn, each player places one piece at a time on one of their boards, until all 15 are placed.',
    'You choose the board; the square is always the piece’s home square (the queen on d1, a knight on b1 or g1, …).',
  ],
  players: THREE,
  you: 'A',
  start: {
    position: {
      players: 3,
      phase: 'placement',
      turn: 'A',
      // The kings: A and B on AB, C on BC (every board shows its players' kings).
      boards: { AB: { pieces: '4k3/8/8/8/8/8/8/4K3' }, BC: { pieces: '4k3/8/8/8/8/8/8/4K3' } },
      unplaced: { A: 'Qd1 Nb1 a2', B: 'Nb1', C: 'Nb1' },
    },
  },
  steps: [
    {
      goal: 'Place your queen on AC, the board you share with Jade.',
      hint: 'Click the queen in the tray on the right, then click board AC.',
      judge: exactly(['AC:+Qd1']),
      praise: 'Your queen stands on d1 of AC. Sky and Jade place next.',
    },
  ],
  done: 'Where you place your pieces decides which opponent each of them faces.',
  rule: null,
};

const shift: Lesson = {
  id: 'shift',
  title: 'Shifting to another board',
  intro: [
    'Any piece but the king may leave its board for another board of yours as part of a move. It moves as usual, measured from your own side, and lands on the other board on the square it reaches seen from your side (where you sit North, that square is named with the ranks counted from the other end). A shift never captures.',
    'It may change board anywhere along its path: each square before the change must be free on the first board, each square after it free on the second.',
  ],
  players: THREE,
  you: 'A',
  start: {
    position: {
      players: 3,
      turn: 'A',
      boards: {
        AB: { pieces: '4k3/8/8/8/8/P7/8/R3K3' },
        AC: { pieces: '4k3/8/8/8/8/8/P7/4K3' },
      },
    },
  },
  steps: [
    {
      goal: 'Bring your rook from AB a1 to a5 on AC.',
      hint: 'On AB your pawn blocks a3; on AC your pawn blocks a2. The rook passes a2 on AB, then changes to AC. Select the rook: the discs in your colour on AC are its shifts.',
      judge: exactly(['AB:Ra1-AC:a5']),
      praise: 'The rook used a2 on AB, then a3 and a4 on AC: neither board alone had a free path.',
    },
  ],
  done: 'A shift is a normal move whose path may cross from one of your boards to another.',
  rule: null,
};

const king: Lesson = {
  id: 'king',
  title: 'Your king is on every board',
  intro: [
    'Your king stands on all your boards at once, on the same square. It moves on all of them together.',
    'A check on any board is check. A king move is allowed only if the new square is safe on every board: select your king, and each refused square is crossed where the danger is.',
  ],
  players: THREE,
  you: 'A',
  start: {
    position: {
      players: 3,
      turn: 'A',
      boards: {
        AB: { pieces: '4k3/8/5r2/8/8/8/8/4K3' },
        AC: { pieces: '4k3/8/8/4r3/8/1n6/8/4K3' },
      },
    },
  },
  steps: [
    {
      goal: 'Get your king out of check.',
      hint: 'Jade’s rook checks you on AC. f1 and f2 are free on AC but Sky’s rook guards them on AB; d2 is guarded by Jade’s knight. Move to d1.',
      judge: exactly(['AB:Ke1-d1']),
      praise: 'Safe: d1 is unguarded on both boards, and your king moved on both at once.',
    },
  ],
  done: 'Always look at all your boards: one king, many dangers.',
  rule: null,
};

const block: Lesson = {
  id: 'block',
  title: 'Blocking a check by shifting',
  intro: [
    'Jade’s rook checks your king on AC, and every square around your king is guarded.',
    'No piece of yours on AC can help — but a piece on another board can shift into the line of fire.',
  ],
  players: THREE,
  you: 'A',
  start: {
    position: {
      players: 3,
      turn: 'A',
      boards: {
        AB: { pieces: '3rkr2/8/8/8/R7/8/8/4K3' },
        AC: { pieces: '4k3/8/4r3/8/8/8/8/4K3' },
      },
    },
  },
  steps: [
    {
      goal: 'Block the check on AC with your rook from AB.',
      hint: 'Select your rook on AB a4, then its disc on e4 of board AC.',
      judge: exactly(['AB:Ra4-AC:e4']),
      praise: 'Blocked: the rook left AB and now stands between Jade’s rook and your king on AC.',
    },
  ],
  done: 'A shift can answer a check on another board.',
  rule: null,
};

const mate: Lesson = {
  id: 'mate',
  title: 'Checkmate, the final move, the capture',
  intro: [
    'A player who is in check and has no legal move is checkmated. With three or more players left, the game goes on: the mated player makes one last move (their king’s safety no longer matters), and on your next turn you must capture their king.',
    'Then they are out: their pieces turn to stone where they stand. Stone pieces never move or attack; anyone may capture them.',
  ],
  players: THREE,
  you: 'A',
  start: {
    position: {
      players: 3,
      turn: 'A',
      boards: {
        AB: { pieces: BACK_RANK },
        BC: { pieces: '4k3/7p/8/8/8/8/P7/4K3' },
      },
    },
  },
  steps: [
    {
      goal: 'Checkmate Sky on AB.',
      hint: 'Your rook on a7 guards the seventh rank. Move the other rook to the eighth: b1 to b8.',
      judge: (_text, after) => (playerState(after, 'B') === 'mated' ? 'goal' : 'wrong'),
      praise:
        'Checkmate! Sky’s king has no safe square on any board. Sky makes a final move, then Jade plays.',
      replies: ['BC:a2-a3', 'BC:h7-h6'],
    },
    {
      goal: 'Capture Sky’s king.',
      hint: 'Now your only legal moves take the mated king: your rook on b8 takes it on e8.',
      judge: (_text, after) => (playerState(after, 'B') === 'eliminated' ? 'goal' : 'wrong'),
      praise: 'Sky is out. Their pawn on BC turned to stone; it only blocks now.',
    },
  ],
  done: 'Checkmate, a final move, then the capture: that is how a player leaves the game.',
  rule: null,
};

const twoLeft: Lesson = {
  id: 'two-left',
  title: 'Two players left',
  intro: [
    'Jade is already out (the grey stones are Jade’s). When only two players are left, the game is ordinary chess again over all the boards: checkmate wins at once, with no final move.',
    'Stalemate, repetition and too little material to mate are draws, as in chess.',
  ],
  players: THREE,
  you: 'A',
  start: {
    position: {
      players: 3,
      turn: 'A',
      eliminated: ['C'],
      boards: {
        AB: { pieces: BACK_RANK },
        AC: { pieces: '8/8/4p3/8/8/8/8/4K3' },
        BC: { pieces: '8/7p/8/8/8/8/8/4K3' },
      },
    },
  },
  steps: [
    {
      goal: 'Checkmate Sky to win the game.',
      hint: 'Your rook on a7 guards the seventh rank: move the other rook from b1 to b8.',
      judge: (_text, after) => (after.status().result?.winner === 'A' ? 'goal' : 'wrong'),
      praise: 'Checkmate — and with two players left, that ends the game. You win!',
    },
  ],
  done: 'With two players left, checkmate wins at once.',
  rule: null,
};

const hyperspace: Lesson = {
  id: 'hyperspace',
  title: 'Hyperspace',
  intro: [
    'With Hyperspace, a turn is one move on every board that held one of your pieces when the turn began, in any order. The boards still due glow in your colour.',
    'Or you move your king instead: that alone is the whole turn.',
  ],
  players: THREE,
  you: 'A',
  start: {
    position: {
      players: 3,
      options: { hyperspace: true },
      turn: 'A',
      boards: {
        AB: { pieces: '4k3/8/8/8/8/8/3P4/4K3' },
        AC: { pieces: '4k3/8/8/8/8/8/8/4K1N1' },
      },
    },
  },
  steps: [
    {
      goal: 'Make a whole turn: one move on AB and one on AC.',
      hint: 'Move your pawn on AB d2 and your knight on AC g1, in either order (not the king: a king move ends the turn).',
      judge: (text, after): Verdict =>
        isKingMove(text) ? 'wrong' : after.status().turn === 'A' ? 'more' : 'goal',
      praise: 'Both boards had their move, so your turn is over and Sky is to move.',
    },
  ],
  done: 'Hyperspace: one move per board each turn, or one king move.',
  rule: 'hyperspace',
};

const collapse: Lesson = {
  id: 'collapse',
  title: 'Dimensional Collapse',
  intro: [
    'With Dimensional Collapse, the boards of an eliminated player count down five of their turns and then fall away, with every piece on them.',
    'Jade is out and Jade’s boards, AC and BC, show 1: they collapse when Jade’s turn next comes round, after Sky’s move.',
  ],
  players: THREE,
  you: 'A',
  start: {
    position: {
      players: 3,
      options: { collapse: true },
      turn: 'A',
      eliminated: ['C'],
      countdown: { C: 1 },
      boards: {
        AB: { pieces: '4k3/8/8/8/8/8/3P4/4K3' },
        AC: { pieces: '8/8/4p3/8/8/8/8/4K1N1' },
        BC: { pieces: '8/7p/8/8/8/8/P7/4K3' },
      },
    },
  },
  steps: [
    {
      goal: 'Save your knight: shift it from AC to AB before AC collapses.',
      hint: 'Select your knight on AC g1; its discs on AB are the squares it can shift to.',
      judge: (text) => (/^AC:Ng1-AB:/.test(text) ? 'goal' : 'wrong'),
      praise: 'Your knight is safe on AB. Sky moves, then Jade’s boards go.',
      replies: ['BC:a2-a3'],
    },
  ],
  done: 'AC and BC fell away with everything on them; your knight lives on AB.',
  rule: 'collapse',
};

const cowardly: Lesson = {
  id: 'cowardly',
  title: 'Cowardly Kings',
  intro: [
    'With Cowardly Kings, your king is placed like any piece and stands on one board only; check counts on that board only.',
    'Sky has checkmated your king on AB. You make your final move; when Sky then takes the king, it flees to the same square of another of your boards, and you stay in the game.',
  ],
  players: THREE,
  you: 'A',
  start: {
    position: {
      players: 3,
      options: { cowardly: true },
      turn: 'A',
      mated: { A: 'B' },
      boards: {
        AB: { pieces: '8/8/8/8/8/8/7r/4K2r' },
        AC: { pieces: '8/8/8/8/8/8/3PPP2/3N1B2' },
        BC: { pieces: '4k3/8/8/8/8/8/8/4K3' },
      },
    },
  },
  steps: [
    {
      goal: 'Make your final move with a piece on AC.',
      hint: 'Any move of a piece on AC will do, a pawn for instance; leave the king where it is.',
      judge: (text) => (text.startsWith('AC:') ? 'goal' : 'wrong'),
      praise: 'Now Sky takes your king on AB…',
      replies: ['AB:Rh1xe1'],
    },
    {
      goal: 'Your king flees: click the marked square on AC.',
      hint: 'The king flees to e1 of another of your boards: click e1 on AC.',
      judge: (_text, after) => (playerState(after, 'A') === 'active' ? 'goal' : 'wrong'),
      praise: 'Your king escaped to AC. You are still in the game.',
    },
  ],
  done: 'A cowardly king flees instead of being captured, while you have a board to flee to.',
  rule: 'cowardly',
};

const scavenger: Lesson = {
  id: 'scavenger',
  title: 'Interdimensional Scavenger',
  intro: [
    'With Interdimensional Scavenger, checkmating a player (with three or more left) makes their army and their seats yours at once: no final move, no capture.',
    'You then sit on their boards too — here BC, facing Jade.',
  ],
  players: THREE,
  you: 'A',
  start: {
    position: {
      players: 3,
      options: { scavenger: true },
      turn: 'A',
      boards: {
        AB: { pieces: BACK_RANK },
        BC: { pieces: '4k3/7p/8/8/8/8/P7/4K3' },
      },
    },
  },
  steps: [
    {
      goal: 'Checkmate Sky on AB.',
      hint: 'Your rook on a7 guards the seventh rank: move the other rook from b1 to b8.',
      judge: (_text, after) => (playerState(after, 'B') === 'eliminated' ? 'goal' : 'wrong'),
      praise: 'Checkmate: Sky’s army and seats are yours, including the pawn on BC. Jade moves.',
      replies: ['BC:h7-h6'],
    },
    {
      goal: 'Make a move on BC, the board you inherited.',
      hint: 'Move the pawn on BC a2 (now yours), or shift a rook onto BC.',
      judge: (text) => (/(^|-)BC:/.test(text) ? 'goal' : 'wrong'),
      praise: 'You now fight Jade on BC too.',
    },
  ],
  done: 'Scavenger: a checkmate takes over the loser’s army and boards.',
  rule: 'scavenger',
};

const shade: Lesson = {
  id: 'shade',
  title: 'Shade Order',
  intro: [
    'With Shade Order, the turn order follows the colours: the lightest army moves first, the darkest last. The setup screen lists the armies from light to dark.',
    'Here Yellow is the lightest, so Yellow is A; Sky is B; your dark Indigo army moves third, as C. Yellow and Sky have placed a piece each.',
  ],
  players: [{ name: 'You', colour: '#4a3aa8' }, { name: 'Yellow', colour: '#e6d84a' }, SKY],
  you: 'C',
  start: {
    options: { shade: true },
    seed: 'shade',
    opening: ['AB:+Qd1', 'AB:+Qd8'],
  },
  steps: [
    {
      goal: 'Place your queen on the board you share with the lightest army.',
      hint: 'Yellow moves first, so Yellow is A and your board with Yellow is AC. Pick the queen in the tray, then click AC.',
      judge: exactly(['AC:+Qd8']),
      praise: 'Right: AC. You sit North there, so your queen’s home is d8.',
    },
  ],
  done: 'Shade Order: light armies move first.',
  rule: 'shade',
};

const quiet: Lesson = {
  id: 'quiet',
  title: 'Quiet shifts (house rule)',
  intro: [
    'Quiet shifts is a house rule, not in the original rules: a piece that shifts to another board may not give check there, nor open a line that gives check on the board it leaves. A new game has it from four players on.',
    'Your rook on AB could shift up the a-file of AC, but there it would check Jade’s king on a8: those squares get no disc, and tapping one says why.',
  ],
  players: THREE,
  you: 'A',
  start: {
    position: {
      players: 3,
      options: { quiet: true },
      turn: 'A',
      boards: {
        AB: { pieces: '4k3/8/8/8/8/8/8/R3K3' },
        AC: { pieces: 'k7/8/8/8/8/8/8/4K3' },
        BC: { pieces: 'k7/7p/8/8/8/8/P7/4K3' },
      },
    },
  },
  steps: [
    {
      goal: 'Shift your rook from AB to AC without giving check.',
      hint: 'Select the rook on AB a1. On AC its discs are on the first rank only: on the a-file of AC it would check Jade’s king, so those shifts are refused.',
      judge: (text) => (/^AB:Ra1-AC:/.test(text) ? 'goal' : 'wrong'),
      praise: 'A quiet shift: the rook arrived without giving check. Sky and Jade move.',
      replies: ['BC:a2-a3', 'BC:h7-h6'],
    },
    {
      goal: 'Now check Jade’s king with a move on AC itself.',
      hint: 'On its own board a piece checks as usual: move the rook along AC to the eighth rank, or onto the a-file.',
      judge: (text, after) =>
        text.startsWith('AC:') &&
        after
          .status()
          .players.find((p) => p.label === 'C')
          ?.checkedOn.includes('AC')
          ? 'goal'
          : 'wrong',
      praise: 'Check! The house rule only stops a piece from giving check as it changes board.',
    },
  ],
  done: 'Quiet shifts: a piece may change board, but not to give check; on its own board it checks as usual.',
  rule: 'quiet',
};

/** Every lesson, in the order they are taught. */
export const LESSONS: readonly Lesson[] = [
  boards,
  placement,
  shift,
  king,
  block,
  mate,
  twoLeft,
  hyperspace,
  collapse,
  cowardly,
  scavenger,
  shade,
  quiet,
];

export const lessonById = (id: string): Lesson | undefined => LESSONS.find((l) => l.id === id);
