import { describe, expect, it } from 'vitest';
import { squareKey } from '../../src/core';
import { dropOn, grabs, type PressInfo } from '../../src/scene/input/drag';

const press = (p: Partial<PressInfo> = {}): PressInfo => ({
  pieces: new Set([squareKey(0, 0x14), squareKey(1, 0x14)]),
  targets: new Set(),
  tooSmall: false,
  ...p,
});

describe('grabs: what a press picks up to drag', () => {
  it('grabs a piece this device may move (or premove) now', () => {
    expect(grabs(0, 0x14, press())).toBe(true);
  });
  it('never another square: an empty one, a piece this device may not move now', () => {
    expect(grabs(0, 0x15, press())).toBe(false);
    expect(grabs(0, 0x14, press({ pieces: new Set() }))).toBe(false);
  });
  it('never a target of the selected piece (a press there plays)', () => {
    expect(grabs(0, 0x14, press({ targets: new Set([squareKey(0, 0x14)]) }))).toBe(false);
    expect(grabs(1, 0x14, press({ targets: new Set([squareKey(0, 0x14)]) }))).toBe(true);
  });
  it('never on squares too small for a finger (the tap zooms first)', () => {
    expect(grabs(0, 0x14, press({ tooSmall: true }))).toBe(false);
  });
});

describe('dropOn: where a dropped piece goes', () => {
  const targets = new Set([squareKey(1, 0x34)]);
  it('a target: that square', () => {
    expect(dropOn({ board: 1, square: 0x34 }, targets)).toEqual({ board: 1, square: 0x34 });
  });
  it('anywhere else, or off the boards: nowhere (the piece goes back)', () => {
    expect(dropOn({ board: 0, square: 0x34 }, targets)).toBeNull();
    expect(dropOn(null, targets)).toBeNull();
  });
});
