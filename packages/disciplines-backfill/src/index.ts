import { definePlugin } from '@js/core';
import { conservative } from './disciplines/conservative.ts';
import { easy } from './disciplines/easy.ts';
import { easyBb, easyBl } from './disciplines/easy-balanced.ts';
import { fcfs } from './disciplines/fcfs.ts';
import { fcfsFirstFit } from './disciplines/fcfs-ff.ts';
import { unc } from './disciplines/unc.ts';

export { epochs, figure1 } from './illustration/figure1.ts';

export { conservative, easy, easyBb, easyBl, fcfs, fcfsFirstFit, unc };

/** The backfilling family as one plugin for the registry. */
export const backfillPlugin = definePlugin({
  name: '@js/disciplines-backfill',
  disciplines: [fcfs, fcfsFirstFit, easy, easyBl, easyBb, conservative, unc],
});
