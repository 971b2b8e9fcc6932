/** The long random playouts on two more seeds per player count (playout.test.ts plays seed "a"). */
import { describeRandomPlayouts } from './randomPlayouts';

describeRandomPlayouts(['b', 'c']);
