/**
 * The demo's director. A show is a real game of five level-1 bots with Dimensional Collapse
 * (src/demo/config.ts), played by the store's bot driver; the director only paces it (a pacer,
 * see src/drivers/bots.ts), points the camera, and words what happens:
 *
 * - before a move: the camera turns to the move's boards (or, when the move will make boards
 *   collapse, to the doomed boards, with a caption saying so);
 * - after it: the caption says what the move made happen (check, checkmate, elimination,
 *   countdown, collapse, …) and the camera looks at the boards concerned while the show holds;
 * - at the end: the ranking, then a new show.
 *
 * Pause holds the bots, speed scales every pause and animation, skip plays on without
 * animation until the next event, take over hands a seat to a human (the show becomes a normal
 * game) and exit goes back to the setup screen with the visitor's own saved game untouched (a
 * show is never saved in the browser).
 */
import { PLACEMENT, type Game, type GameEvent } from '../core';
import { pieceAnimationMs, reducedMotion, setTimeScale } from '../scene/fx';
import type { BotDriver, BotPacer } from '../drivers/bots';
import type { GameConfig } from '../store/config';
import type { GameStore } from '../store/store';
import { captionsOf, describeMove, drawReasonText, listOf, namesOf, sentences } from '../text';
import { demoConfig, showSeed, type DemoRequest, type DemoSpeed } from './config';
import { MAJOR, NOTABLE, eventBoards, moveBoards } from './describe';
import { INITIAL_DEMO, NEW_SHOW, useDemo } from './state';

/**
 * Pauses of the show at 1× (milliseconds); divided by the speed. Brisk enough that every curated
 * show reaches its first collapse within 30 s of the show's clock
 * (test/demo/showLength.slow.test.ts, test/browser/demo-pace.slow.test.ts).
 */
export const PACE = {
  /** The opening caption, before the first placement. */
  intro: 800,
  placement: 10,
  /** After the last placement: the caption saying that play begins. */
  playBegins: 1600,
  move: 300,
  /** A move in a quiet stretch (see QUIET_MOVES): brisker, and the camera stays on the graph. */
  brisk: 160,
  /** A check in a quiet stretch. */
  briskCheck: 600,
  check: 600,
  /** A mate or an elimination: at least this, and at least the time to read its caption. */
  checkmate: 1500,
  eliminated: 1500,
  countdown: 700,
  /** The first countdown of a show: a longer caption to read. */
  firstCountdown: 1800,
  /** After a collapse: its animation (about 2.7 s at 1×), then a moment to take in the new graph. */
  collapse: 4800,
  other: 2200,
  /** The camera's glide to the next move's boards. */
  camera: 200,
  /** The camera on the doomed boards before the move that makes them collapse. */
  beforeCollapse: 1000,
  /** The ranking at the end of a show. */
  ranking: 9000,
  /** Reading a caption: a moment to find it, then each word (300 words a minute). */
  readStart: 500,
  readWord: 200,
} as const;

/** How long (ms at 1×) `caption` takes to read. */
export const readingMs = (caption: string): number =>
  PACE.readStart + caption.split(/\s+/).filter(Boolean).length * PACE.readWord;

/**
 * How fast animations run while skipping to the next event, in a quiet stretch, and otherwise
 * (at 1×): a show's pieces fly faster than a game's, so that its first collapse comes soon.
 */
const SKIP_TIME_SCALE = 0.05;
const BRISK_TIME_SCALE = 0.4;
const SHOW_TIME_SCALE = 0.5;

/** After this many moves in a row without a major event, moves play briskly until one comes. */
export const QUIET_MOVES = 2;

/**
 * A show ends early, with the ranking so far, once at most two players are left and this many
 * moves in a row made no major event happen: nothing notable is left to see.
 */
export const TAIL_MOVES = 24;

/** How many of the last actions (in play, up to `limit`) made no major event happen. */
export function quietRun(game: Game, limit = QUIET_MOVES): number {
  let k = 0;
  for (let i = game.length; i >= 1 && k < limit; i--, k++) {
    if (game.positionAt(i - 1).phase === PLACEMENT) break;
    if (game.eventsOf(i).some((e) => MAJOR.has(e.type))) break;
  }
  return k;
}

/** Nothing notable is left to see in the show: at most two players left, and a long quiet stretch. */
export function tailReached(game: Game): boolean {
  const status = game.status();
  if (status.phase !== 'play') return false;
  const left = status.players.filter((p) => p.state === 'active').length;
  return left <= 2 && quietRun(game, TAIL_MOVES) >= TAIL_MOVES;
}

/**
 * The ranking of a show stopped before its end (labels by place, best first): the players still
 * in the game share the first place, then the others, the last to leave first.
 */
export function standing(game: Game): string[][] {
  const out: string[] = [];
  for (let i = 1; i <= game.length; i++)
    for (const e of game.eventsOf(i)) if (e.type === 'eliminated') out.push(e.player);
  const players = game.status().players;
  const left = players.filter((p) => p.state === 'active').map((p) => p.label);
  // Mated players whose king is not taken yet rank after those left, before those gone.
  const mated = players.filter((p) => p.state !== 'active' && !out.includes(p.label));
  return [left, ...mated.map((p) => [p.label]), ...out.reverse().map((l) => [l])];
}

/** What the director directs: the app's store and the driver of its bots. */
export interface DemoContext {
  store: GameStore;
  bots: BotDriver;
}

interface Session extends DemoContext {
  base: string | null;
  start: number;
  /** The setup the visitor had before the demo (restored on exit). */
  config: GameConfig;
  unsubscribe: () => void;
  /** The ranking's countdown to the next show (ms of show time left), or null. */
  next: number | null;
  timer: ReturnType<typeof setInterval> | null;
  /** The boards the camera frames now (null: all). */
  shot: number[] | null;
  /** Event kinds explained once per show already. */
  told: Set<string>;
}

let session: Session | null = null;

const demo = () => useDemo.getState();
const scale = () => 1 / demo().speed;

/** A pause of the show (ms at 1×), counted on the show's clock; returns it at the speed chosen. */
function showTime(ms: number): number {
  if (!demo().skipping) useDemo.setState((d) => ({ clock: d.clock + ms }));
  return ms * scale();
}

function applyTime(): void {
  const d = demo();
  setTimeScale(
    !d.running
      ? 1
      : d.skipping
        ? SKIP_TIME_SCALE
        : (d.brisk ? BRISK_TIME_SCALE : SHOW_TIME_SCALE) / d.speed,
  );
}

/**
 * Frame `boards` (null: every board). The camera keeps every shot clear of the caption card and
 * the control bar (SCENE_OVERLAYS in src/scene/layout/clearView.ts), as it does the game's.
 */
function look(boards: number[] | null): void {
  if (!session) return;
  session.shot = boards;
  const s = session.store.getState();
  if (boards) s.focusBoards(boards);
  else s.frameAll();
}

/** The current shot already shows every one of `boards`. */
const covers = (shot: number[] | null, boards: number[]) =>
  shot !== null && boards.every((b) => shot.includes(b));

function say(caption: string, at: number, log: string[] = []): void {
  useDemo.setState((d) => ({ caption, captionAt: at, log: [...d.log, ...log] }));
}

function gapAfter(game: Game): number {
  if (game.length === 0) return PACE.intro;
  if (game.position.phase === PLACEMENT) return PACE.placement;
  if (game.positionAt(game.length - 1).phase === PLACEMENT) return PACE.playBegins;
  const { brisk, caption, captionAt } = demo();
  // A mate or an elimination holds the show until its caption (said by onAction) has been read.
  const read = captionAt === game.length ? readingMs(caption) : 0;
  let ms: number = brisk ? PACE.brisk : PACE.move;
  for (const e of game.eventsOf(game.length)) {
    const t =
      e.type === 'check'
        ? brisk
          ? PACE.briskCheck
          : PACE.check
        : e.type === 'checkmate'
          ? Math.max(PACE.checkmate, read)
          : e.type === 'eliminated'
            ? Math.max(PACE.eliminated, read)
            : e.type === 'countdown'
              ? e.turnsLeft >= 5
                ? PACE.firstCountdown
                : PACE.countdown
              : e.type === 'collapse'
                ? PACE.collapse
                : PACE.other;
    ms = Math.max(ms, t);
  }
  return ms;
}

/** How long (ms at 1×) the animation of the last action of `game` runs, if the bots wait for it. */
function animationAfter(game: Game): number {
  if (game.length === 0 || demo().skipping || game.position.phase === PLACEMENT) return 0;
  const before = game.truncate(game.length - 1);
  const shift = moveBoards(before, game.actions[game.length - 1]).length > 1;
  const scale = demo().brisk ? BRISK_TIME_SCALE : SHOW_TIME_SCALE;
  return pieceAnimationMs(shift, 1, reducedMotion()) * scale;
}

const pacer: BotPacer = {
  // A show that has ended (its ranking shown) plays no more.
  paused: () => demo().paused || demo().ranking !== null,
  gap: (game) => (demo().skipping ? 0 : gapAfter(game) * scale()),
  waitIdle: (game) => !demo().skipping && game.position.phase !== PLACEMENT,
  lead(game, text) {
    if (!session || game.position.phase === PLACEMENT) return 0;
    const next = game.play(text);
    if (!next.ok) return 0;
    const events = next.value.eventsOf(next.value.length);
    if (demo().skipping) {
      // Skipping: play on until a move that makes something happen, and show that one.
      if (!events.some((e) => NOTABLE.has(e.type))) return 0;
      useDemo.setState({ skipping: false });
      applyTime();
    }
    const collapse = events.find(
      (e): e is Extract<GameEvent, { type: 'collapse' }> => e.type === 'collapse',
    );
    if (collapse) {
      const names = game.position.g.names;
      const doomed = collapse.boards.map((n) => names.indexOf(n)).filter((b) => b >= 0);
      const verb = collapse.boards.length === 1 ? 'is' : 'are';
      say(
        `${listOf(collapse.boards)} ${verb} about to collapse: their countdown runs out after this move.`,
        game.length,
      );
      look(doomed);
      return showTime(PACE.beforeCollapse);
    }
    if (reducedMotion() || demo().brisk) return 0;
    const boards = moveBoards(game, text);
    if (!boards.length || covers(session.shot, boards)) return 0;
    look(boards);
    return showTime(PACE.camera);
  },
};

/** Words for extra explanation the first time a check happens in a show. */
function firstTime(events: readonly GameEvent[], name: (l: string) => string): string[] {
  const told = session!.told;
  const check = events.find((e) => e.type === 'check');
  if (!check || told.has('check')) return [];
  told.add('check');
  return [
    `${name(check.player)}'s king stands on all of ${name(check.player)}'s boards at once, so a check on any of them is check.`,
  ];
}

/** A new position at the end of the record: words and camera for what the last action did. */
function onAction(game: Game): void {
  if (!session) return;
  const d = demo();
  const name = namesOf(game);
  if (game.length === 0) {
    say(
      'Five bots play n-Dimensional Chess with Dimensional Collapse: one board for every pair of players, ten in all. First each army places its pieces on its four boards.',
      0,
    );
    useDemo.setState({ move: '' });
    return;
  }
  const before = game.truncate(game.length - 1);
  const text = game.actions[game.length - 1];
  const move = describeMove(before, text) ?? text;
  const events = game.eventsOf(game.length);
  if (d.firstCollapseAt === null && events.some((e) => e.type === 'collapse'))
    useDemo.setState({ firstCollapseAt: d.clock });
  const captions = captionsOf(events, name, { checks: true });
  const brisk = game.position.phase !== PLACEMENT && quietRun(game) >= QUIET_MOVES;
  if (brisk && !d.brisk && !d.skipping) look(null);
  useDemo.setState({ move, brisk });
  if (brisk !== d.brisk) applyTime();
  const status = game.status();
  if (tailReached(game)) {
    const left = status.players.filter((p) => p.state === 'active').map((p) => p.name);
    say(
      sentences([
        ...captions,
        `The show ends here: ${listOf(left)} ${left.length === 1 ? 'is' : 'are'} left, and nothing has happened for ${TAIL_MOVES} moves.`,
      ]),
      game.length,
      captions,
    );
    useDemo.setState({
      ranking: standing(game).map((group) => group.map((l) => name(l))),
      winner: null,
      endedEarly: true,
      skipping: false,
    });
    applyTime();
    look(null);
    session.next = PACE.ranking;
    return;
  }
  if (status.phase === 'over' && status.result) {
    const r = status.result;
    const ranking = r.ranking.map((group) => group.map((l) => name(l)));
    const end = r.winner
      ? `${name(r.winner)} wins: the last player left.`
      : `The show ends in a draw: ${drawReasonText(r.drawReason)}.`;
    say(sentences([...captions, end]), game.length, captions);
    useDemo.setState({ ranking, winner: r.winner ? name(r.winner) : null });
    look(null);
    session.next = PACE.ranking;
    return;
  }
  if (before.position.phase === PLACEMENT && game.position.phase !== PLACEMENT) {
    say(
      `Every army is in place. ${name(status.turn ?? '')} moves first. A king stands on all of its player's boards at once; every other piece may shift to another of its owner's boards.`,
      game.length,
    );
    look(null);
    return;
  }
  if (captions.length) {
    say(sentences([...captions, ...firstTime(events, name)]), game.length, captions);
    if (d.skipping) return;
    if (events.some((e) => e.type === 'collapse')) {
      // The boards fall away; once the graph settles the camera takes in all that remains (the
      // camera rig re-frames when the boards it was asked to show have left play).
      session.shot = null;
      return;
    }
    const boards = brisk ? [] : eventBoards(before, game, events);
    if (boards.length && !covers(session.shot, boards)) look(boards);
    return;
  }
  // A caption stays for about two rounds of play (the opening one through placement).
  if (game.position.phase === PLACEMENT) return;
  if (d.caption && game.length - d.captionAt > 2 * game.players.length)
    useDemo.setState({ caption: '' });
}

function tick(): void {
  if (!session || session.next === null || demo().paused) return;
  session.next -= 100 * demo().speed;
  if (session.next <= 0) nextShow();
}

function beginShow(k: number): void {
  if (!session) return;
  const seed = showSeed(session.base, k, session.start);
  session.next = null;
  session.shot = null;
  session.told = new Set();
  useDemo.setState({ ...NEW_SHOW, show: k, seed });
  session.store.getState().newGame(demoConfig(seed), { persist: false });
  look(null);
}

function nextShow(): void {
  if (session) beginShow(demo().show + 1);
}

/** Start the demo (from the setup screen's button or the address) on the app's store. */
export function startDemo(request: DemoRequest, context: DemoContext): void {
  const previous = session?.config ?? context.store.getState().config;
  end();
  session = {
    ...context,
    base: request.seed ?? null,
    start: Math.floor(Math.random() * 1000),
    config: previous,
    unsubscribe: () => {},
    next: null,
    timer: null,
    shot: null,
    told: new Set(),
  };
  useDemo.setState({ ...INITIAL_DEMO, running: true, speed: request.speed ?? 1 });
  applyTime();
  context.bots.setPacer(pacer);
  session.unsubscribe = context.store.subscribe((s, prev) => {
    if (!s.game || s.game === prev.game || s.cursor !== s.game.length) return;
    onAction(s.game);
    // The pause after it, on the show's clock: the pacer's gap, or the piece's animation when
    // that runs longer (the bots wait for the scene to rest).
    if (session) showTime(Math.max(gapAfter(s.game), animationAfter(s.game)));
  });
  session.timer = setInterval(tick, 100);
  beginShow(0);
}

/** Stop directing: the game (if any) stays in the store. */
function end(): void {
  if (!session) return;
  session.unsubscribe();
  if (session.timer) clearInterval(session.timer);
  const { bots } = session;
  session = null;
  bots.setPacer(null);
  useDemo.setState({ ...INITIAL_DEMO });
  applyTime();
}

/** Forget `?demo` in the address, so that a reload does not restart the show. */
function clearAddress(): void {
  if (typeof location === 'undefined' || !new URLSearchParams(location.search).has('demo')) return;
  history.replaceState(null, '', location.pathname + location.hash);
}

/** Back to the setup screen; the visitor's own saved game (if any) is still there to resume. */
export function exitDemo(): void {
  if (!session) return;
  const { config, store, bots } = session;
  end();
  bots.cancel();
  clearAddress();
  store.setState({
    screen: 'setup',
    game: null,
    view: null,
    dialog: null,
    animation: null,
    selected: null,
    targets: [],
    config,
  });
  store.getState().resumeStored(false);
}

/** The demo becomes a normal game in which the seat of `label` is human (the others stay bots). */
export function takeOver(label: string): void {
  if (!session) return;
  const { store, bots } = session;
  const s = store.getState();
  const player = s.game?.players.find((p) => p.label === label);
  if (!s.game || !player) return;
  end();
  clearAddress();
  const config: GameConfig = {
    ...s.config,
    players: s.config.players.map((p, i) =>
      i === player.setupIndex ? { name: p.name, colour: p.colour, kind: 'human' } : p,
    ),
  };
  // A game again: saved from now on (the app's autosave subscriber sees persist turn true).
  store.setState({
    config,
    persist: true,
    dialog: s.view?.status().phase === 'over' ? 'over' : null,
    notice: {
      kind: 'info',
      text: `You play ${player.name} now; the other seats stay bots (level 1). Undo takes back your move and the bots' replies.`,
      sticky: true,
    },
  });
  store.getState().frameAll();
  bots.update();
}

export function setPaused(paused: boolean): void {
  if (!session) return;
  useDemo.setState({ paused });
  session.bots.update();
}

export function setSpeed(speed: DemoSpeed): void {
  if (!session) return;
  useDemo.setState({ speed });
  applyTime();
}

/** Play on at full speed until the next event (or, when a show is over, start the next). */
export function skip(): void {
  if (!session) return;
  if (session.next !== null) {
    nextShow();
    return;
  }
  useDemo.setState({ skipping: true, paused: false, caption: 'Skipping to the next event…' });
  applyTime();
  look(null);
  session.bots.update();
}

/** The players one may take over: those still in the game. */
export function seatsToTake(game: Game | null): { label: string; name: string; colour: string }[] {
  if (!game) return [];
  return game
    .status()
    .players.filter((p) => p.state === 'active')
    .map((p) => ({ label: p.label, name: p.name, colour: p.colour }));
}
