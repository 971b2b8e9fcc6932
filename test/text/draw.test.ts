import { describe, expect, it } from 'vitest';
import { DRAW_REASONS } from '../../src/core';
import { drawReasonText } from '../../src/text';

describe('draw reasons in plain words', () => {
  it('every reason the core can give reads as words, not as its identifier', () => {
    for (const reason of DRAW_REASONS) {
      expect(drawReasonText(reason)).not.toMatch(/-/);
    }
    expect(drawReasonText('timeout-material')).toBe(
      'time ran out, but the last player cannot checkmate',
    );
  });
});
