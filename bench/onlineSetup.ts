/** The room of the online benches: three open seats, placement by hand, no clocks. */
import type { RoomSetup } from '../src/net';

export const BENCH_SETUP: RoomSetup = {
  players: ['#1e88e5', '#43a047', '#fdd835'].map((colour, i) => ({ name: `P${i + 1}`, colour })),
  seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'open' }],
  options: {},
  placement: 'hand',
  timeControl: null,
  graceMs: 60_000,
  afterGrace: { kind: 'eliminate' },
};
