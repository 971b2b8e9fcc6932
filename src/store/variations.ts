/**
 * The analysis board's variation tree (issue 47 item 3): the actions tried from the position the
 * sandbox opened at, as a tree of action texts (R10.2). Each node is an action played after its
 * parent's; the root is the opening position itself. A node's first child is its main line,
 * the others its side lines, in the order they were first played. Pure and immutable: every
 * change returns a new tree (the store keeps it), and it knows nothing of the rules; the store
 * plays the texts on the game.
 */

export interface VariationNode {
  readonly id: number;
  /** The node it follows (null at the root). */
  readonly parent: number | null;
  /** The action's text ('' at the root). */
  readonly action: string;
  /** Who played it (turn-order index; -1 at the root). */
  readonly player: number;
  /** The actions tried after it: the main line first, then the side lines. */
  readonly children: readonly number[];
}

export interface VariationTree {
  readonly nodes: ReadonlyMap<number, VariationNode>;
  /** The id the next node gets (ids are never reused, so a deleted node's id stays unknown). */
  readonly nextId: number;
}

export const ROOT = 0;

/** A tree of the opening position alone. */
export function emptyTree(): VariationTree {
  const root: VariationNode = { id: ROOT, parent: null, action: '', player: -1, children: [] };
  return { nodes: new Map([[ROOT, root]]), nextId: ROOT + 1 };
}

/** The node `id`; a node not in the tree is a programmer error. */
export function nodeOf(tree: VariationTree, id: number): VariationNode {
  const node = tree.nodes.get(id);
  if (!node) throw new Error(`variation tree: no node ${id}`);
  return node;
}

/**
 * Play `action` (by `player`) after node `at`: the child that already has that text, or a new
 * child (the main line if `at` had none, else a new side line). Returns the tree and the node.
 */
export function addMove(
  tree: VariationTree,
  at: number,
  action: string,
  player: number,
): { tree: VariationTree; node: number } {
  const parent = nodeOf(tree, at);
  const known = parent.children.find((c) => nodeOf(tree, c).action === action);
  if (known !== undefined) return { tree, node: known };
  const id = tree.nextId;
  const nodes = new Map(tree.nodes);
  nodes.set(id, { id, parent: at, action, player, children: [] });
  nodes.set(at, { ...parent, children: [...parent.children, id] });
  return { tree: { nodes, nextId: id + 1 }, node: id };
}

/** The tree without node `id` and everything after it (the root stays: its tree is returned as is). */
export function deleteBranch(tree: VariationTree, id: number): VariationTree {
  const node = nodeOf(tree, id);
  if (node.parent === null) return tree;
  const nodes = new Map(tree.nodes);
  const drop = (n: number) => {
    for (const c of nodeOf(tree, n).children) drop(c);
    nodes.delete(n);
  };
  drop(id);
  const parent = nodeOf(tree, node.parent);
  nodes.set(parent.id, { ...parent, children: parent.children.filter((c) => c !== id) });
  return { nodes, nextId: tree.nextId };
}

/** Make node `id` its parent's main line (its first child); the others keep their order. */
export function promote(tree: VariationTree, id: number): VariationTree {
  const node = nodeOf(tree, id);
  if (node.parent === null) return tree;
  const parent = nodeOf(tree, node.parent);
  if (parent.children[0] === id) return tree;
  const nodes = new Map(tree.nodes);
  nodes.set(parent.id, { ...parent, children: [id, ...parent.children.filter((c) => c !== id)] });
  return { nodes, nextId: tree.nextId };
}

/** The nodes from the root's first move to `id` (empty at the root). */
export function pathTo(tree: VariationTree, id: number): VariationNode[] {
  const path: VariationNode[] = [];
  for (let n = nodeOf(tree, id); n.parent !== null; n = nodeOf(tree, n.parent)) path.unshift(n);
  return path;
}

/** The action texts that lead from the opening position to node `id`. */
export const actionsTo = (tree: VariationTree, id: number): string[] =>
  pathTo(tree, id).map((n) => n.action);

/** The node after `id` on its main line, or null at the line's end. */
export const nextOf = (tree: VariationTree, id: number): number | null =>
  nodeOf(tree, id).children[0] ?? null;
