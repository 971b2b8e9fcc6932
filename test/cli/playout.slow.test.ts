/**
 * The long random playouts on two more seeds per player count (playout.test.ts plays seed "a"
 * at 3–6 players): "b" under the default rules, "c" as written (Quiet shifts off); and seed "a"
 * at 7 and 8 players, the longest games of the three. The option playouts go on to 150 actions
 * of play (60 in playout.test.ts).
 */
import { describeOptionPlayouts, describeRandomPlayouts } from './randomPlayouts';

describeRandomPlayouts([
  { seed: 'a', players: [7, 8] },
  { seed: 'b' },
  { seed: 'c', asWritten: true },
]);
describeOptionPlayouts(150);
