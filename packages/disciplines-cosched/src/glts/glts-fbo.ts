import { defineGlts } from './define.ts';

/** G-LOMARC-TS variant FBO (§5.1): matchmaking only in the first block (no step 4 of §4.5). */
export const gltsFbo = defineGlts('glts-fbo', 'fbo', 'G-LOMARC-TS matching only in the first block (FBO)');
