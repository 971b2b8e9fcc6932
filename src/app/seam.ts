/** The test seam: window.__NDCHESS__ (state, new game, square positions, render figures). */
import {
  ROLES,
  boardIndex,
  parseSquare,
  squareName,
  type Attack,
  type Options,
  type RecentAction,
  type RefusedSquare,
  type Spot,
} from '../core';
import { useDemo } from '../demo/state';
import { seatLevel, type GameConfig } from '../store/config';
import { defaultPacer, type BotDriver, type BotThought } from '../drivers/bots';
import { parseIn, useGame } from '../store/store';
import { setSlowMotion } from '../scene/fx';
import { FULL_RESOLUTION } from '../scene/resolution';
import { sceneBusy, type SceneHandle } from '../scene/handle';
import { captionsAt } from '../text';
import { sceneCommits } from '../scene/commits';
import { arrowStrokes } from '../scene/arrowStrokes';
import { explainState } from '../store/explain';

export interface SeamState {
  screen: 'setup' | 'lobby' | 'game';
  phase: 'placement' | 'play' | 'over' | null;
  /** The game's seed (turn order, placement plans), or null with no game. */
  seed: string | null;
  toMove: string | null;
  kind: string | null;
  players: {
    label: string;
    name: string;
    colour: string;
    status: string;
    inCheck: string[];
    /** A human seat, or a bot seat with its level. */
    kind: 'human' | 'bot';
    level: number | null;
  }[];
  /** Label of the bot thinking now, or null. */
  thinking: string | null;
  /** How the last bot action played was found: depth, nodes, time, whether the cap stopped it. */
  lastThought: BotThought | null;
  /** The demo: its controls' state and captions (null when no demo runs). */
  demo: {
    running: boolean;
    paused: boolean;
    speed: number;
    skipping: boolean;
    brisk: boolean;
    seed: string;
    show: number;
    caption: string;
    move: string;
    log: string[];
    ranking: string[][] | null;
    /** The show's own clock (ms at 1×) and its reading at the first collapse. */
    clock: number;
    firstCollapseAt: number | null;
  } | null;
  /** Every board: in play or not, and its collapse countdown (from the core, R9.2). */
  boards: { name: string; live: boolean; countdown: number | null; seats: string[] }[];
  /** The optional rules the game was created with (R9). */
  options: Options | null;
  /** Hyperspace: boards still due a move this turn (R9.1). */
  due: string[] | null;
  /** The caption line: what the last action shown made happen. */
  caption: string[];
  moves: string[];
  cursor: number;
  selected: { board: string; square: string } | null;
  targets: number;
  notice: string | null;
  /** The online room: this device's seat (setup index; null: watching), started, connection. */
  online: {
    roomId: string;
    seat: number | null;
    started: boolean;
    connection: string;
    takenOver: boolean;
    seats: { name: string; holder: string; level: number | null; presence: string | null }[];
  } | null;
}

/** The explanation overlay's content (issue #11), with squares as "AC:d5". */
export interface SeamExplanation {
  checks: SeamAttack[];
  mate: SeamRefused[];
  refused: SeamRefused[];
  castling: { side: string; boards: string[]; refusals: string[] }[];
  pin: { square: string; pinner: SeamAttack } | null;
  /** Squares a refused castling would cross under attack (R5.4). */
  crossings: SeamRefused[];
  hovered: SeamRefused | null;
  recent: SeamRecent[];
  highlight: SeamRecent | null;
  /** The long-pressed square: its piece ("P1's king", or null), the squares looked at, attackers. */
  inspected: { square: string; piece: string | null; on: string[]; attackers: SeamAttack[] } | null;
  /** What the overlay drew last: square frames, crosses, line segments. */
  drawn: { frames: number; crosses: number; segments: number };
}
interface SeamAttack {
  /** "Bishop", owner's label, its square, the square attacked, the line between (a slider's). */
  role: string;
  owner: string;
  from: string;
  to: string;
  path: string[];
}
interface SeamRefused {
  square: string;
  on: string[];
  attackers: SeamAttack[];
  blockers: string[];
}
interface SeamRecent {
  text: string;
  player: string;
  turnsAgo: number;
  from: string[];
  to: string[];
  shift: boolean;
}

function seamExplanation(scene: SceneHandle): SeamExplanation | null {
  const s = useGame.getState();
  const view = s.view;
  if (!view) return null;
  const names = view.position.g.names;
  const label = (p: number) => view.players[p]?.label ?? '?';
  const at = (sp: Spot) => `${names[sp.board]}:${squareName(sp.square)}`;
  const attack = (a: Attack): SeamAttack => ({
    role: ROLES[a.role - 1],
    owner: label(a.owner),
    from: at({ board: a.board, square: a.from }),
    to: at({ board: a.board, square: a.to }),
    path: a.path.map(squareName),
  });
  const refused = (r: RefusedSquare): SeamRefused => ({
    square: squareName(r.rel),
    on: r.spots.map(at),
    attackers: r.attacks.map(attack),
    blockers: r.blockers.map(at),
  });
  const recent = (r: RecentAction): SeamRecent => ({
    text: r.text,
    player: label(r.player),
    turnsAgo: r.turnsAgo,
    from: r.from.map(at),
    to: r.to.map(at),
    shift: r.shift,
  });
  const e = explainState(s);
  return {
    checks: e.checks.map(attack),
    mate: e.mate.map(refused),
    refused: e.refused.map(refused),
    castling: e.castling.map((c) => ({
      side: c.side,
      boards: c.boards.map((b) => names[b]),
      refusals: c.refusals.map((r) => r.reason),
    })),
    pin: e.pin ? { square: at(e.pin), pinner: attack(e.pin.pinner) } : null,
    crossings: e.crossings.map(refused),
    hovered: e.hovered ? refused(e.hovered) : null,
    recent: e.recent.map(recent),
    highlight: e.highlight ? recent(e.highlight) : null,
    inspected: e.inspected
      ? {
          square: at(e.inspected.spot),
          piece: e.inspected.piece
            ? `${label(e.inspected.piece.owner)}:${ROLES[e.inspected.piece.role - 1]}`
            : null,
          on: e.inspected.spots.map(at),
          attackers: e.inspected.attacks.map(attack),
        }
      : null,
    drawn: scene.measure?.marksDrawn() ?? { frames: 0, crosses: 0, segments: 0 },
  };
}

/** The seam's functions over the scene handle (its type is the tests' too). */
function seamApi(scene: SceneHandle, bots: BotDriver) {
  return {
    state(): SeamState {
      const s = useGame.getState();
      const view = s.view;
      const status = view?.status();
      const pos = view?.position;
      return {
        screen: s.screen,
        phase: status?.phase ?? null,
        seed: s.game?.setup.seed ?? null,
        toMove: status?.turn ?? null,
        kind: status?.kind ?? null,
        players:
          status?.players.map((p, i) => ({
            label: p.label,
            name: p.name,
            colour: p.colour,
            status:
              p.state !== 'active'
                ? p.state
                : status.turn === p.label
                  ? p.checkedOn.length
                    ? 'to-move-in-check'
                    : 'to-move'
                  : p.checkedOn.length
                    ? 'in-check'
                    : 'waiting',
            inCheck: p.checkedOn,
            kind: seatLevel(view!, s.config, i) ? ('bot' as const) : ('human' as const),
            level: seatLevel(view!, s.config, i),
          })) ?? [],
        thinking: s.thinking,
        lastThought: s.lastThought,
        demo: (() => {
          const d = useDemo.getState();
          if (!d.running) return null;
          const { running, paused, speed, skipping, brisk, seed, show } = d;
          const { caption, move, log, ranking, clock, firstCollapseAt } = d;
          return {
            running,
            paused,
            speed,
            skipping,
            brisk,
            seed,
            show,
            caption,
            move,
            log,
            ranking,
            clock,
            firstCollapseAt,
          };
        })(),
        boards:
          status && pos && view
            ? status.boards.map((b, i) => ({
                name: b.name,
                live: b.live,
                countdown: b.countdown,
                seats: pos.boardPlayers(i).map((p) => view.players[p].label),
              }))
            : [],
        options: view ? { ...view.options } : null,
        due: status?.due ?? null,
        caption: s.game ? captionsAt(s.game, s.cursor) : [],
        moves: s.game ? [...s.game.actions] : [],
        cursor: s.cursor,
        selected:
          s.selected && pos
            ? {
                board: pos.g.names[s.selected.board],
                square: squareName(s.selected.square),
              }
            : null,
        targets: s.targets.length,
        notice: s.notice?.text ?? null,
        online: s.online && {
          roomId: s.online.roomId,
          seat: s.online.seat,
          started: s.online.started,
          connection: s.online.connection,
          takenOver: s.online.takenOver,
          seats: s.online.seats.map((x) => ({
            name: x.name,
            holder: x.holder,
            level: x.level,
            presence: x.presence,
          })),
        },
      };
    },
    /** The explanation overlay: checks, refused squares, pins, recent actions (issue #11). */
    explain: () => seamExplanation(scene),
    /** Point at a square (as a hover would) or at an action of the move list (null: none). */
    hoverSquare(board: string, square: string): void {
      const pos = useGame.getState().view?.position;
      if (pos)
        useGame
          .getState()
          .hoverSquare({ board: boardIndex(pos.g, board), square: parseSquare(square) });
    },
    /** Tap a square as a click would (through the store's tapSquare). */
    click(board: string, square: string): void {
      const pos = useGame.getState().view?.position;
      if (pos) useGame.getState().tapSquare(boardIndex(pos.g, board), parseSquare(square));
    },
    newGame(config: GameConfig): boolean {
      return useGame.getState().newGame(config);
    },
    screenOf(boardName: string, square: string): { x: number; y: number } | null {
      const pos = useGame.getState().view?.position;
      if (!pos) return null;
      const b = boardIndex(pos.g, boardName);
      const sq = parseSquare(square);
      if (b < 0 || sq < 0) return null;
      return scene.measure?.screenOfSquare(b, sq) ?? null;
    },
    /** The screen box (CSS px, not clipped to the view) of a board's 64 squares, or null. */
    boardBox(
      boardName: string,
    ): { left: number; top: number; right: number; bottom: number } | null {
      const pos = useGame.getState().view?.position;
      if (!pos) return null;
      return scene.measure?.boardScreenBox(boardIndex(pos.g, boardName)) ?? null;
    },
    renderInfo(): { calls: number; triangles: number; frames: number } {
      const info = scene.gl?.info.render;
      return {
        calls: info?.calls ?? 0,
        triangles: info?.triangles ?? 0,
        frames: scene.frames,
      };
    },
    /** Play an action given as text, through the store (as a click would). */
    play(text: string): boolean {
      const s = useGame.getState();
      const action = s.view ? parseIn(s.view, text) : null;
      return action !== null && s.play(action);
    },
    /** Every square a piece stands on in the position shown, as "AB e2". */
    occupied(): string[] {
      const pos = useGame.getState().view?.position;
      if (!pos) return [];
      const out: string[] = [];
      for (let b = 0; b < pos.nb; b++)
        for (let sq = 0; sq < 0x78; sq++)
          if (!(sq & 0x88) && pos.pieceAt(b, sq)) out.push(`${pos.g.names[b]} ${squareName(sq)}`);
      return out;
    },
    /** Texts of the legal actions in the position shown. */
    actions(): string[] {
      const view = useGame.getState().view;
      return view ? view.legalActions().map((m) => view.actionText(m)) : [];
    },
    /** Where the camera is and the boards whose centres it sees (for checking camera direction). */
    camera(): { position: number[]; inView: string[] } | null {
      const { camera, layout, measure } = scene;
      const pos = useGame.getState().view?.position;
      if (!camera || !layout || !measure || !pos) return null;
      const inView = measure.boardsInView().map((b) => pos.g.names[b]);
      return { position: camera.position.toArray(), inView };
    },
    /** Render one frame now (for measuring). */
    invalidate(): void {
      scene.invalidate?.();
    },
    /** Draw at the device's resolution (a test build draws at half: resolution.ts). */
    fullResolution(): void {
      scene.setPixelRatio(FULL_RESOLUTION);
    },
    /** Is a piece animation or a board transition (collapse, settle) still running? */
    busy(): boolean {
      return sceneBusy(scene);
    },
    /** Has the scene been asked for a frame it has not drawn yet? */
    framePending(): boolean {
      return scene.framePending();
    },
    /** Draw the board labels' pictures or not, until they next move (to compare them with the buttons). */
    labelPictures(shown: boolean): void {
      if (scene.labelPictures) scene.labelPictures.visible = shown;
      scene.invalidate?.();
    },
    /** Hold the bots (they wait to move until released), or release them. */
    holdBots(hold: boolean): void {
      bots.setPacer(hold ? { ...defaultPacer(), paused: () => true } : null);
    },
    /**
     * The arrow on the boards (a key moment's better move): its text, the position it was
     * legal in (index of the action before which), its strokes (squares as "AB:e2") and the
     * line segments drawn last; null when none is shown.
     */
    arrow(): {
      text: string;
      index: number;
      strokes: { from: string; to: string; shift: boolean }[];
      segments: number;
    } | null {
      const { arrow, game } = useGame.getState();
      if (!arrow || !game) return null;
      const names = game.position.g.names;
      const at = (sp: Spot) => `${names[sp.board]}:${squareName(sp.square)}`;
      return {
        ...arrow,
        strokes: arrowStrokes(game, arrow).map((st) => ({
          from: at(st.from),
          to: at(st.to),
          shift: st.shift,
        })),
        segments: scene.measure?.arrowSegments() ?? 0,
      };
    },
    /** Draw move `text`, legal before action `index` of the record, as the arrow (null: none). */
    showArrow(arrow: { index: number; text: string } | null): void {
      useGame.getState().showArrow(arrow);
    },
    /** The queued premove's squares (as "AB:e2"), or null. */
    premove(): { from: string; to: string } | null {
      const { premove, view } = useGame.getState();
      if (!premove || !view) return null;
      const at = (sp: Spot) => `${view.position.g.names[sp.board]}:${squareName(sp.square)}`;
      return { from: at(premove.from), to: at(premove.to) };
    },
    /** Slow motion for looking at animations (k times the normal time); 1 restores normal speed. */
    slowMotion(k: number): void {
      setSlowMotion(k);
    },
    /** Commits of each scene component so far (an animation must add none). */
    commits(): Record<string, number> {
      return { ...sceneCommits };
    },
    /** What the scene draws: the boards shown (by name), whether they move, the label pictures. */
    scene(): { boards: string[]; moving: boolean; labelPictures: boolean } {
      const stage = scene.stage;
      const pos = useGame.getState().view?.position;
      const labelPictures = !!scene.labelPictures?.visible;
      if (!stage || !pos) return { boards: [], moving: false, labelPictures };
      return {
        boards: stage.current.boards.flatMap((b, i) => (b.shown ? [pos.g.names[i]] : [])),
        moving: stage.moving,
        labelPictures,
      };
    },
  };
}

export type Seam = ReturnType<typeof seamApi>;

export function installSeam(scene: SceneHandle, bots: BotDriver): void {
  (window as unknown as { __NDCHESS__: Seam }).__NDCHESS__ = seamApi(scene, bots);
}
