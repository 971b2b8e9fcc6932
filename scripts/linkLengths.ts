/**
 * The length of a shared game's link (issue #47 item 4): seeded random games (bench/games.ts) of
 * 5 players and 300 actions and of 8 players and 1 500 actions, without and with every optional
 * rule, written as the game text and as the saved JSON, each deflated as the link does; prints
 * one JSON line per game: characters, deflated bytes, the link's length (the text's, as Share
 * makes it) and the compression ratio; then the link's cap.
 *
 *   npx tsx scripts/linkLengths.ts
 */
import { OPTION_NAMES, saveGame, writeGameText } from '../src/core';
import { newGame, playRandomly } from '../bench/games';
import { MAX_LINK_LENGTH, gameFragment } from '../src/device/shareLink';

const PAGE = 'https://example.org/';
const ALL = Object.fromEntries(OPTION_NAMES.map((name) => [name, true]));

/** Bytes of `text` deflated (deflate-raw), as the link carries it before base64url. */
async function deflated(text: string): Promise<number> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

for (const [players, actions] of [
  [5, 300],
  [8, 1500],
]) {
  for (const options of [{}, ALL]) {
    const seed = `link:${players}`;
    const game = playRandomly(newGame(players, seed, options), seed, (g) => g.length < actions);
    const seats = game.setup.players.map(() => ({ kind: 'human' as const }));
    const file = saveGame(game, seats);
    const text = writeGameText(file, game);
    const json = JSON.stringify(file);
    const link = `${PAGE}#${await gameFragment(text)}`;
    const [textBytes, jsonBytes] = [await deflated(text), await deflated(json)];
    console.log(
      JSON.stringify({
        players,
        actions: game.length,
        options: options === ALL ? 'all' : 'none',
        text_chars: text.length,
        text_deflated: textBytes,
        text_ratio: Number((text.length / textBytes).toFixed(2)),
        json_chars: json.length,
        json_deflated: jsonBytes,
        json_ratio: Number((json.length / jsonBytes).toFixed(2)),
        link_chars: link.length,
        link_chars_per_action: Number((link.length / game.length).toFixed(2)),
      }),
    );
  }
}
console.log(JSON.stringify({ max_link_chars: MAX_LINK_LENGTH }));
