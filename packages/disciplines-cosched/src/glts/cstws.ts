import { defineGlts } from './define.ts';

/** CSTWS (§5.1): coscheduling and matchmaking of two jobs only, taking the first suitable match. */
export const cstws = defineGlts(
  'cstws',
  'cstws',
  'coscheduling of two jobs, first suitable match (G-LOMARC-TS baseline) inside Scojo-PECT',
);
