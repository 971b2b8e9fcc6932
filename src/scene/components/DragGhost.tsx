/** The piece being dragged, under the pointer: its glyph in its army's colour (drag.ts). */
import { useDrag } from '../input/drag';

export function DragGhost() {
  const ghost = useDrag((s) => s.ghost);
  if (!ghost) return null;
  return (
    <div
      className="drag-ghost"
      data-testid="drag-ghost"
      aria-hidden="true"
      style={{ left: ghost.x, top: ghost.y, color: ghost.colour }}
    >
      {ghost.glyph}
    </div>
  );
}
