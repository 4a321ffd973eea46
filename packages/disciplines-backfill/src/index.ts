import { definePlugin } from '@js/core';
import { conservative } from './disciplines/conservative.ts';
import { easy } from './disciplines/easy.ts';
import { fcfs } from './disciplines/fcfs.ts';
import { fcfsFirstFit } from './disciplines/fcfs-ff.ts';

export { conservative, easy, fcfs, fcfsFirstFit };

/** The backfilling family as one plugin for the registry. */
export const backfillPlugin = definePlugin({
  name: '@js/disciplines-backfill',
  disciplines: [fcfs, fcfsFirstFit, easy, conservative],
});
