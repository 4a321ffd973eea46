import { defineGlts } from './define.ts';

/**
 * G-LOMARC-TS (§4, §5.1 GLTS): group matchmaking by the full heuristic of §4.5 (pre-selection,
 * blocks sorted by remaining runtime, a sliding window over the first block, later blocks while
 * the gain rises, purification, fairness), Cases 1–5 per type's virtual machine of Scojo-PECT.
 */
export const glts = defineGlts(
  'glts',
  'glts',
  'G-LOMARC-TS: group matchmaking with time/space sharing on multi-core nodes inside Scojo-PECT',
);
