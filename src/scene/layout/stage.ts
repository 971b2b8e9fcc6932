/**
 * The stage: where the boards are drawn right now. It follows a target layout (the pure layout
 * of the live boards); when the target changes with an animation — a board collapsing under
 * Dimensional Collapse (R9.2), a board coming back on undo, seats changing hands — the leaving
 * boards crack, fade and fall away, their pieces dissolve and their edges retract, and then the
 * remaining graph settles into its new layout. Everything here is a mutable object advanced by
 * tick() inside useFrame; components redraw when `version` changes. Never React state.
 */
import { easeInOut, timeScale } from '../fx';
import type { BoardPlacement, Layout, Vec3 } from './layout';

export interface StageBoard extends BoardPlacement {
  /** Drawn at all: live, or still falling away. */
  shown: boolean;
  /** 0 solid … 1 gone (faded into the background). */
  fade: number;
  /** Collapsing now: cracks, falls, fades. */
  leaving: boolean;
  /** 0…1: how far the pieces of a leaving board have dissolved. */
  dissolve: number;
  /** 0…1: the cracks of a leaving board widening and glowing before it falls. */
  flare: number;
  /** Extra tilt of a falling board (radians). */
  tilt: number;
}

export interface StageEdge {
  a: number;
  b: number;
  player: number;
  /** Visible fraction of the edge (0 retracted … 1 whole). */
  extent: number;
  /** The board the edge is drawn from while it retracts or grows. */
  anchor: number;
}

export interface StageLayout extends Layout {
  boards: StageBoard[];
  edges: StageEdge[];
}

/** Timings (ms) of a transition with leaving boards; scaled down for reduced motion. */
const T = {
  flareEnd: 650,
  dissolveEnd: 950,
  retractEnd: 900,
  fallStart: 380,
  fallEnd: 2000,
  settleStart: 1150,
  settleEnd: 2650,
  /** Without leaving boards: just the settle. */
  settleOnly: 1200,
};
/** How far a collapsing board drops (world units) and tilts (radians). */
const DROP = 30;
const TILT = 0.6;

const clamp01 = (x: number) => (x < 0 ? 0 : x > 1 ? 1 : x);
const span = (t: number, a: number, b: number) => clamp01((t - a) / Math.max(1, b - a));
/** Positions move in place while the stage ticks (no allocation a frame). */
function setVec(v: Vec3, x: number, y: number, z: number): void {
  v[0] = x;
  v[1] = y;
  v[2] = z;
}

const edgeKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

type EdgeMode = 'keep' | 'retract' | 'grow';

/** Whether two edge lists join the same boards, in the same order, for the same players. */
function sameEdges(x: StageEdge[], y: StageEdge[]): boolean {
  return (
    x.length === y.length &&
    x.every(
      (e, i) =>
        e.a === y[i].a && e.b === y[i].b && e.anchor === y[i].anchor && e.player === y[i].player,
    )
  );
}

export class Stage {
  readonly current: StageLayout;
  target: Layout;
  /** Bumped whenever anything in `current` moves. */
  version = 0;
  /**
   * Bumped whenever boards come or go, change seat holders or start or stop leaving: what is
   * drawn on them is written again (while they only glide, the board table moves it).
   */
  cast = 0;
  /** Bumped whenever the list of edges changes (the edge geometry is rebuilt). */
  edgesVersion = 0;
  moving = false;
  private start = 0;
  private scale = 1;
  private from: Vec3[] = [];
  private fromDim: number[] = [];
  private leavingAny = false;
  private arriving: boolean[] = [];
  private edgeModes: EdgeMode[] = [];

  constructor(target: Layout) {
    this.target = target;
    this.current = {
      players: target.players,
      center: [...target.center],
      radius: target.radius,
      boards: target.boards.map((b) => ({
        ...b,
        position: [...b.position],
        shown: b.live,
        fade: 0,
        leaving: false,
        dissolve: 0,
        flare: 0,
        tilt: 0,
      })),
      edges: [],
    };
    this.snap();
  }

  /** Jump to the target: no transition. */
  private snap(): void {
    const { current, target } = this;
    current.center = [...target.center];
    current.radius = target.radius;
    target.boards.forEach((b, i) => {
      const c = current.boards[i];
      c.position = [...b.position];
      c.seats = b.seats;
      c.live = b.live;
      c.turned = b.turned;
      c.dim = b.dim;
      c.shown = b.live;
      c.fade = 0;
      c.leaving = false;
      c.dissolve = 0;
      c.flare = 0;
      c.tilt = 0;
    });
    const edges = target.edges.map((e) => ({ ...e, extent: 1, anchor: e.a }));
    // The same edges again (a new turn): the edge geometry stays (a rebuild at 8 players costs
    // a frame of its own).
    if (!sameEdges(current.edges, edges)) this.edgesVersion++;
    current.edges = edges;
    this.edgeModes = current.edges.map(() => 'keep');
    this.moving = false;
    this.version++;
    this.cast++;
  }

  /** Follow a new target layout, animated (from where the boards are now) or at once. */
  setTarget(target: Layout, animate: boolean, now: number, reduced = false): void {
    if (target === this.target) return;
    // A glide is taken over from where the boards are; a collapse is finished first.
    if (this.moving && this.leavingAny) this.snap();
    this.target = target;
    if (!animate || target.boards.length !== this.current.boards.length) {
      this.snap();
      return;
    }
    const { current } = this;
    // Only the boards' turn or seat holders changed: nothing to glide, so no frames to draw.
    if (!this.movesTo(target)) {
      this.snap();
      return;
    }
    this.from = current.boards.map((b) => [...b.position] as Vec3);
    this.fromDim = current.boards.map((b) => b.dim ?? 0);
    this.arriving = target.boards.map((b, i) => b.live && !current.boards[i].shown);
    this.leavingAny = false;
    target.boards.forEach((b, i) => {
      const c = current.boards[i];
      c.leaving = c.shown && !b.live;
      if (c.leaving) this.leavingAny = true;
      c.live = b.live;
      c.seats = b.seats;
      c.turned = b.turned;
      if (this.arriving[i]) {
        c.shown = true;
        c.fade = 1;
        c.position = [...b.position];
        this.from[i] = [...b.position];
      }
    });
    // Edges: the old ones that stay, the old ones that retract, the new ones that grow.
    const old = new Map(current.edges.map((e) => [edgeKey(e.a, e.b), e]));
    const next = new Map(target.edges.map((e) => [edgeKey(e.a, e.b), e]));
    const edges: StageEdge[] = [];
    const modes: EdgeMode[] = [];
    for (const [k, e] of old) {
      const n = next.get(k);
      if (n) {
        edges.push({ ...n, extent: 1, anchor: n.a });
        modes.push('keep');
      } else {
        // Retract towards the board that stays (if either does).
        const anchor = current.boards[e.a].leaving ? e.b : e.a;
        edges.push({ ...e, extent: 1, anchor });
        modes.push('retract');
      }
    }
    for (const [k, e] of next)
      if (!old.has(k)) {
        const anchor = this.arriving[e.a] ? e.b : e.a;
        edges.push({ ...e, extent: 0, anchor });
        modes.push('grow');
      }
    current.edges = edges;
    this.edgeModes = modes;
    this.cast++;
    this.edgesVersion++;
    this.start = now;
    this.scale = (reduced ? 0.2 : 1) * timeScale();
    this.moving = true;
    this.tick(now);
  }

  /** Would following `target` move, fade or dim any board, or add or remove an edge? */
  private movesTo(target: Layout): boolean {
    const { current } = this;
    if (current.edges.length !== target.edges.length) return true;
    const edges = new Set(current.edges.map((e) => edgeKey(e.a, e.b)));
    if (target.edges.some((e) => !edges.has(edgeKey(e.a, e.b)))) return true;
    return target.boards.some((b, i) => {
      const c = current.boards[i];
      return (
        c.shown !== b.live ||
        (c.dim ?? 0) !== (b.dim ?? 0) ||
        b.position.some((x, k) => x !== c.position[k])
      );
    });
  }

  /** Advance the transition to time `now`; true while it runs. */
  tick(now: number): boolean {
    if (!this.moving) return false;
    const t = (now - this.start) / this.scale;
    const { current, target } = this;
    const settleStart = this.leavingAny ? T.settleStart : 0;
    const settleEnd = this.leavingAny ? T.settleEnd : T.settleOnly;
    const total = Math.max(settleEnd, this.leavingAny ? T.fallEnd : 0);
    if (t >= total) {
      this.snap();
      return false;
    }
    const settle = easeInOut(span(t, settleStart, settleEnd));
    current.boards.forEach((c, i) => {
      const to = target.boards[i].position;
      const from = this.from[i];
      if (c.leaving) {
        c.flare = span(t, 0, T.flareEnd);
        c.dissolve = easeInOut(span(t, 0, T.dissolveEnd));
        const u = span(t, T.fallStart, T.fallEnd);
        setVec(c.position, from[0], from[1] - DROP * u * u, from[2] + 2 * u);
        c.tilt = TILT * easeInOut(u);
        c.fade = clamp01((u - 0.2) / 0.8);
        return;
      }
      if (!c.shown) return;
      c.dim =
        (this.fromDim[i] ?? 0) + ((target.boards[i].dim ?? 0) - (this.fromDim[i] ?? 0)) * settle;
      setVec(
        c.position,
        from[0] + (to[0] - from[0]) * settle,
        from[1] + (to[1] - from[1]) * settle,
        from[2] + (to[2] - from[2]) * settle,
      );
      if (this.arriving[i]) c.fade = 1 - easeInOut(span(t, settleStart + 300, settleEnd));
    });
    current.edges.forEach((e, i) => {
      const mode = this.edgeModes[i];
      if (mode === 'retract') e.extent = 1 - easeInOut(span(t, 0, T.retractEnd));
      else if (mode === 'grow') e.extent = easeInOut(span(t, settleEnd - 700, settleEnd));
    });
    this.version++;
    return true;
  }
}
