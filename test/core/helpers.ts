/**
 * Helpers for the rules tests: build positions from a compact description, list legal moves
 * as sorted texts, and play moves by their text (throwing on an error, so that a scenario
 * stops at the first move the core refuses).
 */
import {
  DEFAULT_COLOURS,
  DRAWN,
  Game,
  LABELS,
  OVER,
  PLAY,
  Position,
  createRng,
  geometry,
  legalActionList,
  makeAction,
  parseAction,
  parsePosition,
  play,
  type BoardJson,
  type PositionJson,
} from '../../src/core';

/** Pieces of one board by absolute square: { e1: 'K', e8: 'k', a1: 'R' } (upper case South). */
export type PieceMap = Record<string, string>;

/** The FEN piece field of a board holding these pieces. */
export function field(pieces: PieceMap): string {
  const grid: string[][] = Array.from({ length: 8 }, () => new Array<string>(8).fill(''));
  for (const [sq, piece] of Object.entries(pieces)) {
    const file = sq.charCodeAt(0) - 97;
    const rank = Number(sq[1]) - 1;
    if (sq.length !== 2 || file < 0 || file > 7 || !(rank >= 0 && rank < 8))
      throw new Error(`bad square ${sq}`);
    grid[rank][file] = piece;
  }
  const rows: string[] = [];
  for (let rank = 7; rank >= 0; rank--) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const p = grid[rank][file];
      if (!p) {
        empty++;
        continue;
      }
      if (empty) row += empty;
      empty = 0;
      row += p;
    }
    rows.push(empty ? row + empty : row);
  }
  return rows.join('/');
}

/** The absolute square of relative square `rel` for a seat (North mirrors the rank, R1.6). */
export function abs(rel: string, north: boolean): string {
  return north ? rel[0] + String(9 - Number(rel[1])) : rel;
}

export interface Spec extends Omit<PositionJson, 'boards' | 'turn'> {
  turn?: string;
  /** Relative king square of each player (default e1); eliminated players have none. */
  kings?: Record<string, string>;
  /** Extra pieces per board name, by absolute square. */
  pieces?: Record<string, PieceMap>;
  /** Per board: castling / en passant / other fields. */
  extra?: Record<string, Partial<BoardJson>>;
}

/** The JSON of a position with every board listed, kings placed on their relative squares. */
export function specJson(spec: Spec): PositionJson {
  const { kings = {}, pieces = {}, extra = {}, turn = 'A', ...rest } = spec;
  const g = geometry(spec.players);
  const gone = new Set(spec.eliminated ?? []);
  const boards: Record<string, BoardJson> = {};
  for (let b = 0; b < g.boards; b++) {
    const name = g.names[b];
    const south = LABELS[g.south[b]];
    const north = LABELS[g.north[b]];
    const map: PieceMap = {};
    if (!gone.has(south)) map[abs(kings[south] ?? 'e1', false)] = 'K';
    if (!gone.has(north)) map[abs(kings[north] ?? 'e1', true)] = 'k';
    Object.assign(map, pieces[name] ?? {});
    boards[name] = { pieces: field(map), ...extra[name] };
  }
  for (const name of Object.keys(pieces))
    if (!g.names.includes(name)) throw new Error(`no board ${name}`);
  return { ...rest, turn, boards };
}

/** A position built from a spec; throws if the core refuses it. */
export function build(spec: Spec): Position {
  return position(specJson(spec));
}

/** A position from its JSON; throws if the core refuses it. */
export function position(json: PositionJson): Position {
  const r = parsePosition(json);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** The texts of the legal actions, sorted. */
export function moves(pos: Position): string[] {
  return legalActionList(pos)
    .map((m) => makeAction(pos, m))
    .sort();
}

/** The legal actions whose text starts with `prefix` (e.g. "AB:Nb1"). */
export function movesFrom(pos: Position, prefix: string): string[] {
  return moves(pos).filter((t) => t.startsWith(prefix));
}

/** Parse and play each text in turn; throws at the first one refused. */
export function apply(pos: Position, ...texts: string[]): void {
  for (const text of texts) {
    const parsed = parseAction(pos, text);
    if (!parsed.ok) throw new Error(`${text}: ${parsed.error.code}: ${parsed.error.message}`);
    const played = play(pos, parsed.value);
    if (!played.ok) throw new Error(`${text}: ${played.error.code}: ${played.error.message}`);
  }
}

/** The piece letter on a square of a board ('' if empty). */
export function at(pos: Position, board: string, square: string): string {
  const b = pos.g.names.indexOf(board);
  if (b < 0) throw new Error(`no board ${board}`);
  const sq = (Number(square[1]) - 1) * 16 + (square.charCodeAt(0) - 97);
  const c = pos.squares[(b << 7) | sq];
  if (!c) return '';
  const letter = ' PNBRQK'[c & 7];
  return c >> 3 ? letter.toLowerCase() : letter;
}

/** Label of the player to move. */
export const turnOf = (pos: Position): string => LABELS[pos.turn];

/** Label of player index p. */
export const label = (p: number): string => LABELS[p];

export { Position };

/** The setup of an n-player game with a seed. */
export function setupOf(n: number, seed = 'test') {
  return {
    players: Array.from({ length: n }, (_, i) => ({
      name: `P${i + 1}`,
      colour: DEFAULT_COLOURS[i],
    })),
    seed,
  };
}

/** A new n-player game; throws if the core refuses the setup. */
export function newGame(n: number, seed = 'test'): Game {
  const r = Game.create(setupOf(n, seed));
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** A game after every player's pieces are auto-placed (R2.4). */
export function placedGame(n: number, seed = 'test', mode: 'balanced' | 'random' = 'balanced') {
  const r = newGame(n, seed).autoPlace(mode, 'all');
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** Play texts (or numbers) on a game; throws at the first one refused. */
export function playAll(game: Game, ...actions: (string | number)[]): Game {
  let g = game;
  for (const a of actions) {
    const r = g.play(a);
    if (!r.ok) throw new Error(`${String(a)}: ${r.error.code}: ${r.error.message}`);
    g = r.value;
  }
  return g;
}

/** Texts that stay on their board (no second board name). */
export const local = (texts: string[]): string[] => texts.filter((t) => !/[-x][A-H]{2}:/.test(t));

/** Texts of board-shifting moves. */
export const shifting = (texts: string[]): string[] => texts.filter((t) => /[-x][A-H]{2}:/.test(t));

/** How the game stands: over or not, the winner's label (null for a draw) and the draw reason. */
export function outcome(pos: Position): { over: boolean; winner: string | null; reason: string } {
  const w = pos.winner;
  return {
    over: pos.phase === OVER,
    winner: w >= 0 && w !== DRAWN ? LABELS[w] : null,
    reason: pos.drawReason,
  };
}

/**
 * Seeded random playouts: a few placements by hand, the rest at random (R2.4), then random
 * legal actions. Returns the games at sample points (every tenth ply, and every turn that
 * is not an ordinary move: final moves, forced captures, passes).
 */
const samples = new Map<number, Game[]>();
export function playout(n: number): Game[] {
  const hit = samples.get(n);
  if (hit) return hit;
  const out: Game[] = [];
  let game = newGame(n, `props-${n}`);
  const rng = createRng(`props-${n}`);
  const random = (g: Game) => {
    const legal = g.legalActions();
    return playAll(g, legal[Math.floor(rng() * legal.length)]);
  };
  for (let i = 0; i < n + 2; i++) game = random(game);
  out.push(game);
  const r = game.autoPlace('random', 'all');
  if (!r.ok) throw new Error(r.error.message);
  game = r.value;
  const plies = n <= 5 ? 160 : 100;
  for (let ply = 0; ply < plies && game.position.phase === PLAY; ply++) {
    if (ply % 10 === 0 || game.status().kind !== 'move') out.push(game);
    game = random(game);
  }
  out.push(game);
  samples.set(n, out);
  return out;
}
