import { defineGlts } from './define.ts';

/** G-LOMARC-TS variant NH (§5.1): no blocks, no sorting, the first suitable group. */
export const gltsNh = defineGlts(
  'glts-nh',
  'nh',
  'G-LOMARC-TS without blocks or sorting, first suitable group (NH)',
);
