/** A rematch online in words (issue #49 item 3). */
export const REMATCH_TEXT = {
  title: 'Rematch',
  ask: 'Rematch',
  askTitle: 'The same table again: a new seed, and the turn order moves on by one',
  accept: 'Accept rematch',
  decline: 'Decline',
  /** The request as it stands. */
  standing: (accepted: string[], waiting: string[]) =>
    [
      `${accepted[0]} asks for a rematch.`,
      accepted.length > 1 ? `Accepted: ${accepted.join(', ')}.` : '',
      waiting.length ? `Waiting for ${waiting.join(', ')}.` : '',
    ]
      .filter(Boolean)
      .join(' '),
  declined: (name: string) => `${name} declined the rematch.`,
  left: (name: string) => `${name} left: no rematch for now.`,
  starting: 'Everyone accepted: the rematch starts…',
  /** Bots at the table always accept. */
  bots: 'Bots always accept.',
} as const;
