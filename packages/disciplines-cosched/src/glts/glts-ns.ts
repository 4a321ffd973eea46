import { defineGlts } from './define.ts';

/** G-LOMARC-TS variant NS (§5.1): no sorting per block (blocks keep the candidates' order). */
export const gltsNs = defineGlts('glts-ns', 'ns', 'G-LOMARC-TS without sorting per block (NS)');
