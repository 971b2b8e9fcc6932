/**
 * The list of key moments (src/ui/review/KeyMoments.tsx): each moment in words; a click shows
 * its position (before it, where its better move could be played) and its better move as the
 * arrow, which the next position shown clears.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { keyMoments } from '../../src/ai/moments';
import { defaultConfig } from '../../src/store/config';
import { createGameStore } from '../../src/store/store';
import { MOMENTS_TEXT } from '../../src/text';
import { MomentList, showMoment } from '../../src/ui/review/KeyMoments';
import { MATE_IN_ONE, scripted } from '../ai/scripted';

/** Ada misses the mate in one, then Boris and Chen move. */
const game = scripted(MATE_IN_ONE, ['AB:Ra7-a6', 'AB:Ke8-d8', 'AC:Ke8-d8']);
const moments = keyMoments(game, []);

test('issue #61 item 5: a click shows the position before the moment, where its better move could be played, with that move as the arrow; another position clears it', () => {
  const store = createGameStore();
  store.setState({ game, view: game, cursor: game.length });
  expect(moments.map((m) => [m.kind, m.at])).toEqual([['missed-mate', 0]]);
  showMoment(store.getState(), moments[0]);
  expect(store.getState().cursor).toBe(0);
  expect(store.getState().arrow).toEqual({ index: 0, text: 'AB:Rh1-h8' });
  // The better move is legal in the position shown.
  expect(
    store
      .getState()
      .view!.legalActions()
      .map((m) => game.actionText(m)),
  ).toContain('AB:Rh1-h8');
  // Shown again from there: the cursor stays, the arrow too.
  showMoment(store.getState(), moments[0]);
  expect(store.getState().arrow).toEqual({ index: 0, text: 'AB:Rh1-h8' });
  store.getState().goTo(2);
  expect(store.getState().arrow).toBeNull();
  showMoment(store.getState(), moments[0]);
  expect(store.getState().newGame(defaultConfig(3, 'after-review'), { persist: false })).toBe(true);
  expect(store.getState().arrow).toBeNull();
});

test('a moment without a better move (a resignation) shows the position after it, with no arrow', () => {
  const resigned = scripted(MATE_IN_ONE, ['AB:Ra7-a6', 'resign']);
  const out = keyMoments(resigned, []).find((m) => m.kind === 'elimination')!;
  expect(out).toMatchObject({ better: null, at: 2 });
  const store = createGameStore();
  store.setState({ game: resigned, view: resigned, cursor: resigned.length });
  showMoment(store.getState(), out);
  expect(store.getState().cursor).toBe(2);
  expect(store.getState().arrow).toBeNull();
});

test('the list says each moment, the one shown marked current', () => {
  const list = (cursor: number, arrow: { index: number; text: string } | null, shown = moments) =>
    renderToStaticMarkup(
      createElement(MomentList, { game, moments: shown, cursor, arrow, onShow: () => {} }),
    );
  const html = list(game.length, null);
  expect(html).toContain(MOMENTS_TEXT.title);
  expect(html).toContain(
    'Round 1, Ada: AB:Ra7-a6 missed a mate in one: AB:Rh1-h8 checkmates Boris.',
  );
  expect(html).toContain('data-kind="missed-mate"');
  expect(html).toContain('aria-current="false"');
  expect(list(0, { index: 0, text: 'AB:Rh1-h8' })).toContain('aria-current="true"');
  expect(list(1, null, [])).toContain(MOMENTS_TEXT.none);
});
