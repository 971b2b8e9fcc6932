/** The words of the game-as-text dialog (src/ui/GameText.tsx). */
export const GAME_TEXT_WORDS = {
  lede: 'The whole game in the notation: the setup in [tags], then one line a turn. Copy it to keep or send it; paste a game text here and load it to look at or play on.',
  copied: 'Copied.',
  selectToCopy: 'The clipboard is not available here: select the text and copy it.',
  notOnline: 'Not available in an online game',
};
