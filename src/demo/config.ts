/**
 * What a demo show is: five level-1 bots (ten boards, a truly 3D graph) playing with Dimensional
 * Collapse, the bots placing their own pieces. Pure data and helpers; no DOM, no store.
 */
import { NO_OPTIONS, type Options } from '../core';
import type { GameConfig } from '../store/config';
import { OPTIONAL_RULES } from '../text';

export type DemoSpeed = 1 | 2 | 4;
export const DEMO_SPEEDS: readonly DemoSpeed[] = [1, 2, 4];

/**
 * The armies, named after their colours so that captions read "Pink is checkmated by Blue";
 * none is red, the colour of check; apart from each other and from the squares as the setup
 * screen's are (test/scene/palettes.test.ts).
 */
export const DEMO_PLAYERS = [
  { name: 'Pink', colour: '#ee51a5' },
  { name: 'Blue', colour: '#3d8fe0' },
  { name: 'Gold', colour: '#e8c547' },
  { name: 'Green', colour: '#4fbf6f' },
  { name: 'Violet', colour: '#9e7ae7' },
] as const;

/**
 * Seeds of shows whose first collapse comes within 30 s of the show's clock at 1× (23.4–27.6 s),
 * earliest first, found with `npx tsx scripts/demoSeeds.ts` (which rehearses each show through
 * the director, with the same bots) over show-0 … show-549. The bots are deterministic for
 * a seed, so a seed replays the same show — as long as the bots, the rules of demoConfig and the
 * director's pacing do not change: re-run the script when they do.
 */
export const CURATED_SEEDS = [
  'show-145',
  'show-139',
  'show-496',
  'show-519',
  'show-93',
  'show-515',
  'show-443',
  'show-170',
  'show-394',
  'show-310',
] as const;

/**
 * The game of one show: every seat a level-1 bot, Dimensional Collapse on, bots place. The
 * rules as written otherwise: without Quiet shifts (R9.7, on by default from four players) the
 * first rounds bring mates, and so eliminations and collapses, early; with it, level-1 bots
 * rarely eliminate anyone early (of show-0 … show-24, four reached a collapse within 120 moves,
 * the first at 31 s of show time). The caption card names the rules (showRules).
 */
export function demoConfig(seed: string): GameConfig {
  return {
    players: DEMO_PLAYERS.map((p) => ({ ...p, kind: 'bot' as const, level: 1 as const })),
    seed,
    placement: 'hand',
    options: { ...NO_OPTIONS, collapse: true, quiet: false },
  };
}

/** The rules of a show in a few words, Quiet shifts named either way (R9.7). */
export function showRules(options: Options): string {
  const on = OPTIONAL_RULES.filter(([key]) => key !== 'quiet' && options[key]).map(([, t]) => t);
  const quiet = options.quiet ? 'Quiet shifts' : 'as written (no Quiet shifts)';
  return [...on, quiet].join(' · ');
}

/** FNV-1a, for picking a curated seed from any text. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The seed of show k (0-based) of a demo started with `base`: the base itself first (so that
 * `?demo&seed=s` replays the show s), then curated shows. Without a base, curated shows from
 * the starting point `start`.
 */
export function showSeed(base: string | null, k: number, start = 0): string {
  if (base !== null && k === 0) return base;
  const from = base === null ? start : hash(base);
  return CURATED_SEEDS[(from + k) % CURATED_SEEDS.length];
}

export interface DemoRequest {
  seed?: string | null;
  speed?: DemoSpeed;
}

/** `?demo`, `?demo&seed=<s>&speed=<1|2|4>`: the demo asked for by the address, or null. */
export function demoFromSearch(search: string): DemoRequest | null {
  const params = new URLSearchParams(search);
  if (!params.has('demo')) return null;
  const seed = params.get('seed');
  const speed = Number(params.get('speed'));
  return {
    seed: seed && seed.trim() ? seed.trim().slice(0, 100) : null,
    speed: (DEMO_SPEEDS as readonly number[]).includes(speed) ? (speed as DemoSpeed) : 1,
  };
}
