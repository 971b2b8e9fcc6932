/** The words of a player's material in the player list (issue 50 item 11: the number explained). */
import { MATERIAL_ROLES, PIECE_VALUES, ROLES, type Material } from '../core';

/** What the lost pieces are: "2 pawns, 1 knight" ('' when nothing is lost). */
export function lostText(material: Material): string {
  return MATERIAL_ROLES.filter((role) => material.lost[role])
    .map((role) => `${material.lost[role]} ${ROLES[role - 1]}${material.lost[role] > 1 ? 's' : ''}`)
    .join(', ');
}

/** The number shown beside the name, with its unit: "39 pts". */
export const pointsText = (material: Material): string => `${material.points} pts`;

/** Its meaning in full, for the tooltip and screen readers. */
export function materialTitle(material: Material): string {
  const lost = lostText(material);
  const values = [...MATERIAL_ROLES]
    .reverse()
    .map((role) => `${ROLES[role - 1]} ${PIECE_VALUES[role]}`)
    .join(', ');
  return (
    `Material: ${material.points} points on the boards (${values})` +
    (lost ? `; lost ${lost}` : '; nothing lost')
  );
}
