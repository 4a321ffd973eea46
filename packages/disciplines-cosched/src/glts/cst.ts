import { defineGlts } from './define.ts';

/** CST (§5.1): coscheduling and matchmaking of two jobs only, taking the best suitable match. */
export const cst = defineGlts(
  'cst',
  'cst',
  'coscheduling of two jobs, best match (G-LOMARC-TS baseline) inside Scojo-PECT',
);
