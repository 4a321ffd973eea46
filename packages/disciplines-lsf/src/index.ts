import { definePlugin } from '@js/core';
import { lsfMallAd } from './disciplines/lsf-mall-ad.ts';
import { lsfMig } from './disciplines/lsf-mig.ts';
import { lsfPreempt } from './disciplines/lsf-preempt.ts';
import { lsfRtc } from './disciplines/lsf-rtc.ts';

export { minimiseSurplus } from './subset-sum.ts';
export { lsfMallAd, lsfMig, lsfPreempt, lsfRtc };

/** The LSF scheduling-extension family of Parsons & Sevcik 1997 as one plugin for the registry. */
export const lsfPlugin = definePlugin({
  name: '@js/disciplines-lsf',
  disciplines: [lsfRtc, lsfPreempt, lsfMig, lsfMallAd],
});
