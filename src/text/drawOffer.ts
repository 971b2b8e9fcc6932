/** A draw offer (R8.2) in words: the HUD's controls, the standing offer, the bots' answers. */
import type { DrawJudgement } from '../ai/drawAnswer';

const STANDING: Record<DrawJudgement['standing'], string> = {
  behind: 'it stands worse',
  level: 'the game is level, it plays on',
  ahead: 'it stands better',
};

export const DRAW_OFFER_TEXT = {
  offer: 'Offer draw',
  confirm: 'Offer a draw to every remaining player? The game is drawn if all accept.',
  yes: 'Offer',
  no: 'Cancel',
  accept: 'Accept',
  decline: 'Decline',
  /** Asked of a remaining player on this device (pass-and-play, or the seat online). */
  ask: (name: string) => `${name}: accept the draw?`,
  /** A bot's answer with its reason. */
  botAnswer: (name: string, j: Pick<DrawJudgement, 'accept' | 'standing'>) =>
    `${name} ${j.accept ? 'accepts' : 'declines'} the draw: ${STANDING[j.standing]}.`,
  /** The standing offer: who offered, who accepted, who is still asked. */
  standing: (by: string, accepted: string[], waiting: string[]) =>
    [
      `${by} offers a draw.`,
      accepted.length ? `Accepted: ${accepted.join(', ')}.` : '',
      waiting.length ? `Waiting for ${waiting.join(', ')}.` : '',
    ]
      .filter(Boolean)
      .join(' '),
  declined: (by: string, declinedBy: string) => `${declinedBy} declined ${by}'s draw offer.`,
};
