/** The analysis board's variation tree (issue 47 item 3): main line, side lines, delete, promote. */
import { describe, expect, it } from 'vitest';
import {
  ROOT,
  actionsTo,
  addMove,
  deleteBranch,
  emptyTree,
  nextOf,
  nodeOf,
  pathTo,
  promote,
  type VariationTree,
} from '../../src/store/variations';

/** Play `actions` one after the other from node `at`; returns the tree and the last node. */
function line(tree: VariationTree, at: number, actions: string[]) {
  let node = at;
  for (const [i, a] of actions.entries()) ({ tree, node } = addMove(tree, node, a, i % 3));
  return { tree, node };
}

describe('variation tree', () => {
  it('the first move after a node is its main line, a different one a side line', () => {
    const main = line(emptyTree(), ROOT, ['AB:e2-e4', 'AC:e7-e5', 'BC:d2-d4']);
    expect(actionsTo(main.tree, main.node)).toEqual(['AB:e2-e4', 'AC:e7-e5', 'BC:d2-d4']);
    const first = nextOf(main.tree, ROOT)!;
    const side = addMove(main.tree, first, 'AC:d7-d5', 1);
    expect(nodeOf(side.tree, first).children).toHaveLength(2);
    expect(nodeOf(side.tree, first).children[1]).toBe(side.node);
    expect(nextOf(side.tree, first)).not.toBe(side.node);
    expect(actionsTo(side.tree, side.node)).toEqual(['AB:e2-e4', 'AC:d7-d5']);
    expect(nodeOf(side.tree, side.node).player).toBe(1);
  });

  it('a move that exists already goes to its node: no new branch, the tree unchanged', () => {
    const main = line(emptyTree(), ROOT, ['AB:e2-e4', 'AC:e7-e5']);
    const again = addMove(main.tree, ROOT, 'AB:e2-e4', 0);
    expect(again.tree).toBe(main.tree);
    expect(again.node).toBe(nextOf(main.tree, ROOT));
    expect(main.tree.nodes.size).toBe(3);
  });

  it('deleting a branch removes it and everything after it, the rest unchanged', () => {
    const main = line(emptyTree(), ROOT, ['a', 'b', 'c']);
    const a = nextOf(main.tree, ROOT)!;
    const side = line(main.tree, a, ['x', 'y']);
    const before = main.tree.nodes.size;
    const cut = deleteBranch(side.tree, nodeOf(side.tree, side.node).parent!);
    expect(cut.nodes.size).toBe(before);
    expect(nodeOf(cut, a).children).toEqual(nodeOf(main.tree, a).children);
    expect(cut.nodes.has(side.node)).toBe(false);
    expect(actionsTo(cut, main.node)).toEqual(['a', 'b', 'c']);
    // Ids are never reused: a node made after a deletion is a new one.
    const next = addMove(cut, a, 'x', 1);
    expect(next.node).toBeGreaterThan(side.node);
    // The root cannot be deleted.
    expect(deleteBranch(cut, ROOT)).toBe(cut);
    expect(() => nodeOf(cut, side.node)).toThrow(/no node/);
  });

  it('promoting a side line makes it the main line, the others keep their order', () => {
    let tree = line(emptyTree(), ROOT, ['a']).tree;
    const b = addMove(tree, ROOT, 'b', 0);
    const c = addMove(b.tree, ROOT, 'c', 0);
    tree = promote(c.tree, c.node);
    expect(nodeOf(tree, ROOT).children.map((id) => nodeOf(tree, id).action)).toEqual([
      'c',
      'a',
      'b',
    ]);
    expect(promote(tree, c.node)).toBe(tree);
    expect(pathTo(tree, ROOT)).toEqual([]);
  });
});
