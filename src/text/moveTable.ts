/** The words of the move table (issue #45 item 7). */

/** The collapsed placement row's button. */
export const placementRowText = (rounds: number, open: boolean) =>
  `${open ? '▾' : '▸'} Placement — ${rounds} round${rounds === 1 ? '' : 's'}`;

export const MOVE_TABLE = {
  label: 'Move list',
  start: 'start',
} as const;
