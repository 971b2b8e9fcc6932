/** The table chat's words (issue #49 item 4): the panel, the presets, muting. */
export const CHAT_TEXT = {
  title: 'Table chat',
  /** The chat's fold, with how many lines it shows. */
  summary: (n: number) => (n ? `Chat (${n})` : 'Chat'),
  /** Who reads what this device sends. */
  audience: (watching: boolean) =>
    watching
      ? 'You are watching: spectators read what you write; the players do not.'
      : 'Everyone at the table reads what you write.',
  /** Touch-friendly phrases, sent as they are. */
  presets: ['Good game', 'Good luck', 'Well played', 'Thanks'],
  placeholder: 'Say something to the table',
  field: 'Chat message',
  send: 'Send',
  empty: 'No messages yet.',
  spectator: (n: number) => `Spectator ${n}`,
  mute: (name: string) => `Mute ${name}`,
  unmute: (name: string) => `Unmute ${name}`,
  muteLabel: 'Mute',
  unmuteLabel: 'Unmute',
  muted: (names: string[]) =>
    `Muted: ${names.join(', ')}. Their messages are hidden on this device until this game ends.`,
} as const;
