/** A player's material in the player list: what their army has lost, and its value in pawns. */
import { MATERIAL_ROLES, ROLES, type Material as MaterialOf } from '../core';

const GLYPHS: Record<string, string> = {
  pawn: '♟',
  knight: '♞',
  bishop: '♝',
  rook: '♜',
  queen: '♛',
};

export function Material({ label, material }: { label: string; material: MaterialOf }) {
  const lost = MATERIAL_ROLES.flatMap((role) =>
    Array.from({ length: material.lost[role] }, () => GLYPHS[ROLES[role - 1]]),
  );
  const names = MATERIAL_ROLES.filter((role) => material.lost[role]).map(
    (role) => `${material.lost[role]} ${ROLES[role - 1]}${material.lost[role] > 1 ? 's' : ''}`,
  );
  return (
    <span
      className="material"
      data-testid={`material-${label}`}
      title={`Material ${material.points}${names.length ? `; lost ${names.join(', ')}` : ''}`}
    >
      <span
        className="lost"
        aria-label={names.length ? `lost ${names.join(', ')}` : 'nothing lost'}
      >
        {lost.join('')}
      </span>
      <span className="points">{material.points}</span>
    </span>
  );
}
