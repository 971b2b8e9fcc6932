/**
 * What profiles and leaderboards say (issue #64 item 4): the pages' words, a pool's name, a
 * seat's result, and why a page could not be shown.
 */
export const PROFILE_TEXT = {
  back: 'Back to the game',
  leaderboards: 'Leaderboards',
  myProfile: 'My profile',
  ratings: 'Ratings',
  notRated: 'not rated yet',
  provisional: 'provisional',
  provisionalMark: '?',
  provisionalNote: 'A rating marked ? is provisional: it counts fewer than 5 rated games.',
  chartLabel: (name: string) => `Rating history of ${name}`,
  noHistory: 'No rated games yet.',
  counts: (played: number, won: number, first: number) =>
    `${played} ${played === 1 ? 'game' : 'games'} played · ${won} won · ${first} eliminated first`,
  games: 'Games',
  noGames: 'No games yet.',
  download: 'Download all games',
  downloadNote: 'One text file, every game in the game text format.',
  open: 'Open in review',
  unrated: 'unrated',
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  newer: 'Newer',
  older: 'Older',
  previous: 'Previous',
  next: 'Next',
  loading: 'Loading…',
  place: 'Place',
  player: 'Player',
  rating: 'Rating',
  gamesCount: 'Games',
  boardTitle: (pool: string) => `Leaderboard: ${poolWords(pool)}`,
  boardEmpty: 'No one is rated in this pool yet.',
  boardNote: 'The top 100 of each table size. Ratings marked ? are provisional.',
  // Why a page could not be shown.
  offline: 'You are offline: profiles and leaderboards come from the game server.',
  unreachable: (why: string) => `The game server could not be reached (${why}).`,
  badAnswer: (status: number) =>
    `The game server answered in a form this page cannot read (HTTP ${status}).`,
  /** The server's message as a sentence (its own words may lack the capital and the stop). */
  refused: (status: number, message: string | undefined) =>
    message
      ? `${message[0].toUpperCase()}${message.slice(1)}${/[.!?]$/.test(message) ? '' : '.'}`
      : `The game server refused (HTTP ${status}).`,
  badPath: 'This page address names no player or leaderboard.',
} as const;

/** A rating pool in words: "3 players", "4 players", "5–8 players". */
export const poolWords = (pool: string): string => `${pool.replace('-', '–')} players`;

/** A seat's result in a listed game, e.g. "won", "drawn", "2nd of 4". */
export function resultWords(outcome: string, rank: number, seats: number): string {
  if (outcome === 'won' || outcome === 'drawn') return outcome;
  // Ranks run 1–8.
  return `${rank}${['st', 'nd', 'rd'][rank - 1] ?? 'th'} of ${seats}`;
}
