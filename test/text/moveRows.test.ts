/** The move table's rows (issue #45 item 7): one row per round, one column per player. */
import { describe, expect, test } from 'vitest';
import { PLACEMENT, PLAY, type TurnGroup } from '../../src/core';
import { moveRows, tableSpot } from '../../src/text/moveRows';

/** A record from turns: [player, ...actions]; a player written `!C` makes a seat action of C. */
function record(labels: string, turns: string[][]) {
  const actions: string[] = [];
  const groups: TurnGroup[] = [];
  for (const [who, ...acts] of turns) {
    const seatAction = who.startsWith('!');
    groups.push({
      player: who.replace('!', ''),
      seatAction,
      actions: acts.map((a) => actions.push(a) - 1),
    });
  }
  return {
    players: [...labels].map((label) => ({ label })) as never,
    actions,
    turnGroups: () => groups,
    // In placement while placements are still to come.
    positionAt: (k: number) =>
      ({ phase: actions.slice(k).some((a) => a.includes(':+')) ? PLACEMENT : PLAY }) as never,
  };
}

/** The rows as text: each cell its actions joined by spaces, '' when empty. */
function text(rows: { cells: (number[] | null)[] }[], actions: readonly string[]) {
  return rows.map((r) => r.cells.map((c) => (c ?? []).map((i) => actions[i]).join(' ')));
}

describe('moveRows', () => {
  test('3 players: placements apart from play, one row per round numbered from 1', () => {
    const r = record('ABC', [
      ['A', 'AB:+Ke1'],
      ['B', 'AB:+Ke8'],
      ['C', 'AC:+Ke8'],
      ['A', 'AB:+Qd1'],
      ['B', 'AB:+Qd8'],
      ['C', 'AC:+Qd8'],
      ['A', 'AB:e2-e4'],
      ['B', 'AB:e7-e5'],
      ['C', 'pass'],
      ['A', 'AC:Qd1-h5'],
    ]);
    const rows = moveRows(r);
    expect(rows.placement.map((x) => x.round)).toEqual([1, 2]);
    expect(text(rows.placement, r.actions)).toEqual([
      ['AB:+Ke1', 'AB:+Ke8', 'AC:+Ke8'],
      ['AB:+Qd1', 'AB:+Qd8', 'AC:+Qd8'],
    ]);
    expect(rows.play.map((x) => x.round)).toEqual([1, 2]);
    expect(text(rows.play, r.actions)).toEqual([
      ['AB:e2-e4', 'AB:e7-e5', 'pass'],
      ['AC:Qd1-h5', '', ''],
    ]);
  });

  test('issue #61 item 5: tableSpot names an action by its row (round, placement apart) and column', () => {
    const r = record('ABC', [
      ['A', 'AB:+Ke1'],
      ['B', 'AB:+Ke8'],
      ['C', 'AC:+Ke8'],
      ['A', 'AB:e2-e4'],
      ['B', 'AB:e7-e5'],
      ['C', 'pass'],
      ['A', 'AC:Qd1-h5'],
    ]);
    const rows = moveRows(r);
    expect(r.actions.map((_, k) => tableSpot(rows, k))).toEqual([
      { round: 1, placement: true, player: 0 },
      { round: 1, placement: true, player: 1 },
      { round: 1, placement: true, player: 2 },
      { round: 1, placement: false, player: 0 },
      { round: 1, placement: false, player: 1 },
      { round: 1, placement: false, player: 2 },
      { round: 2, placement: false, player: 0 },
    ]);
    expect(tableSpot(rows, r.actions.length)).toBeNull();
  });

  test('8 players: a column each; an eliminated player keeps an empty cell', () => {
    const labels = 'ABCDEFGH';
    const round = (skip: string) =>
      [...labels].filter((l) => !skip.includes(l)).map((l) => [l, `${l}1`]);
    const r = record(labels, [...round(''), ...round('D'), ...round('DG')]);
    const rows = moveRows(r);
    expect(rows.placement).toEqual([]);
    expect(rows.play).toHaveLength(3);
    expect(rows.play.every((x) => x.cells.length === 8)).toBe(true);
    expect(text(rows.play, r.actions)[1]).toEqual(['A1', 'B1', 'C1', '', 'E1', 'F1', 'G1', 'H1']);
    expect(text(rows.play, r.actions)[2]).toEqual(['A1', 'B1', 'C1', '', 'E1', 'F1', '', 'H1']);
  });

  test('R9.1: a Hyperspace turn of several actions fills one cell', () => {
    const r = record('ABC', [
      ['A', 'AB:e2-e4', 'AC:d2-d4'],
      ['B', 'AB:e7-e5'],
      ['C', 'BC:c2-c4', 'AC:c7-c5'],
    ]);
    expect(text(moveRows(r).play, r.actions)).toEqual([
      ['AB:e2-e4 AC:d2-d4', 'AB:e7-e5', 'BC:c2-c4 AC:c7-c5'],
    ]);
  });

  test('R11.4: a seat action joins its player’s cell and opens no round', () => {
    const r = record('ABC', [
      ['A', 'AB:e2-e4'],
      ['B', 'AB:e7-e5'],
      ['!A', 'bot A 2'],
      ['C', 'BC:c2-c4'],
      ['A', 'AB:d2-d4'],
    ]);
    expect(text(moveRows(r).play, r.actions)).toEqual([
      ['AB:e2-e4 bot A 2', 'AB:e7-e5', 'BC:c2-c4'],
      ['AB:d2-d4', '', ''],
    ]);
  });

  test('a final move after a mate and a forced king capture show as written (R7)', () => {
    const r = record('ABC', [
      ['A', 'AB:Qd1xf7#'],
      ['B', 'AB:Ke8-d8'],
      ['C', 'BC:Qd1xBC:e8'],
    ]);
    expect(text(moveRows(r).play, r.actions)).toEqual([
      ['AB:Qd1xf7#', 'AB:Ke8-d8', 'BC:Qd1xBC:e8'],
    ]);
  });

  test('R11.4: a seat action right after placement belongs to play, in its player cell of round 1', () => {
    const r = record('ABC', [
      ['A', 'AB:+Ke1'],
      ['B', 'AB:+Ke8'],
      ['C', 'AC:+Ke8'],
      ['!B', 'bot B 1'],
      ['!C', 'timeout C'],
      ['A', 'AB:e2-e4'],
    ]);
    const rows = moveRows(r);
    expect(text(rows.placement, r.actions)).toEqual([['AB:+Ke1', 'AB:+Ke8', 'AC:+Ke8']]);
    expect(text(rows.play, r.actions)).toEqual([['AB:e2-e4', 'bot B 1', 'timeout C']]);
  });
});
