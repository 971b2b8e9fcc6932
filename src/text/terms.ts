/**
 * The terms of a game in words: its optional rules and house rule (with their one-line
 * explanations, as the setup screen offers them) and, for an online room, the clocks, the grace period and what
 * follows it — what a joiner agrees to before taking a seat (issue 48 item 8).
 */
import type { OptionName, Options } from '../core';

/** The optional rules, each with its one-line explanation. */
export const OPTIONAL_RULES: readonly [OptionName, string, string][] = [
  [
    'hyperspace',
    'Hyperspace',
    'Each turn, move once on every board that holds one of your pieces — or move your king, and that is the whole turn.',
  ],
  [
    'collapse',
    'Dimensional Collapse',
    "An eliminated player's boards count down five of their turns, then crack and leave play with every piece on them.",
  ],
  [
    'cowardly',
    'Cowardly Kings',
    'Your king stands on one board, placed like any piece; when it would be taken it flees to another of your boards.',
  ],
  [
    'scavenger',
    'Interdimensional Scavenger',
    'Checkmate a player and you take over their army and their seats at once.',
  ],
  [
    'shade',
    'Shade Order',
    'Turn order by colour: the lightest army moves first, the darkest last.',
  ],
];

/**
 * The house rules (R9.7), each with its one-line explanation: not in the original rules, so the
 * setup shows them apart from the optional rules and tags them.
 */
export const HOUSE_RULES: readonly [OptionName, string, string][] = [
  [
    'quiet',
    'Quiet shifts',
    'A piece shifted from another board may not give check. Not in the original rules: from four players on, the rules as written offer a mate in one at the start.',
  ],
];

/** The optional and house rules on in `options`, by name, in the order the setup lists them. */
export function rulesOn(options: Partial<Options>): string[] {
  return [
    ...OPTIONAL_RULES.filter(([key]) => options[key]).map(([, title]) => title),
    ...HOUSE_RULES.filter(([key]) => options[key]).map(([, title]) => `${title} (house rule)`),
  ];
}

/** The rules page's account of the rules a game is played with. */
export const RULES_PAGE_TEXT = {
  title: 'This game',
  optional: (on: string[]) =>
    on.length ? `Optional rules: ${on.join(', ')}.` : 'Optional rules: none (standard rules).',
  /** A house rule on or off in the game (after its name and tag): Quiet shifts, R9.7. */
  house: (on: boolean) =>
    on
      ? '(R9.7): on in this game. A piece shifted from another board may not give check.'
      : '(R9.7): off in this game, as the rules are written. A shifted piece may give check.',
} as const;

/** A tapped shift refused by Quiet shifts, with the rules core's reason (quietRefusal). */
export const shiftRefusedText = (why: string) => `That shift is refused: ${why}.`;

/** The clocks, the grace period, what follows it, the options and the placement of a room. */
export interface RoomTerms {
  timeControl: { baseMs: number; incrementMs: number } | null;
  graceMs: number;
  afterGrace: { kind: 'bot'; level: 1 | 2 | 3 } | { kind: 'eliminate' };
  options: Partial<Options>;
  placement: 'hand' | 'balanced' | 'random';
}

const LEVEL_WORDS = { 1: 'beginner', 2: 'club', 3: 'strong' } as const;

/** A duration in minutes and seconds: "10 min", "90 s", "1 min 30 s". */
function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  const min = Math.floor(s / 60);
  const sec = s % 60;
  return [min ? `${min} min` : '', sec || !min ? `${sec} s` : ''].filter(Boolean).join(' ');
}

/** The terms as labelled lines: [label, words]. */
export function roomTermsWords(t: RoomTerms): [string, string][] {
  const rules = rulesOn(t.options);
  const after =
    t.afterGrace.kind === 'bot'
      ? `then a level-${t.afterGrace.level} bot (${LEVEL_WORDS[t.afterGrace.level]}) plays the seat`
      : 'then they are out, as if they resigned';
  return [
    [
      'Clocks',
      t.timeControl
        ? `${duration(t.timeControl.baseMs)} each, + ${duration(t.timeControl.incrementMs)} a turn`
        : 'none',
    ],
    ['If a player drops', `the seat waits ${duration(t.graceMs)}; ${after}`],
    ['Rules', rules.length ? rules.join(', ') : 'standard (no optional rule)'],
    ['Placement', t.placement === 'hand' ? 'by hand' : `placed for the players (${t.placement})`],
  ];
}
