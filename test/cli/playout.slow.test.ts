/**
 * The long random playouts on two more seeds per player count (playout.test.ts plays seed "a"):
 * "b" under the default rules, "c" as written (Quiet shifts off).
 */
import { describeRandomPlayouts } from './randomPlayouts';

describeRandomPlayouts([{ seed: 'b' }, { seed: 'c', asWritten: true }]);
