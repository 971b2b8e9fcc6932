/**
 * R1.1: the perft counts past a million nodes (perftSuite.ts), about 15 million nodes in all;
 * the unit lane (perft.test.ts) checks the counts below.
 */
import { describePerft } from './perftSuite';

describePerft('deep');
