import { definePlugin } from '@js/core';
import { lsfMallAd } from './disciplines/lsf-mall-ad.ts';
import { lsfMallAdsubset } from './disciplines/lsf-mall-adsubset.ts';
import { lsfMig } from './disciplines/lsf-mig.ts';
import { lsfMigAd } from './disciplines/lsf-mig-ad.ts';
import { lsfMigAdsubset } from './disciplines/lsf-mig-adsubset.ts';
import { lsfMlfq } from './disciplines/lsf-mlfq.ts';
import { lsfPreempt } from './disciplines/lsf-preempt.ts';
import { lsfPreemptAd } from './disciplines/lsf-preempt-ad.ts';
import { lsfRtc } from './disciplines/lsf-rtc.ts';
import { lsfRtcAd } from './disciplines/lsf-rtc-ad.ts';
import { lsfRtcAdsubset } from './disciplines/lsf-rtc-adsubset.ts';

export { minimiseSurplus } from './subset-sum.ts';
export {
  lsfMallAd,
  lsfMallAdsubset,
  lsfMig,
  lsfMigAd,
  lsfMigAdsubset,
  lsfMlfq,
  lsfPreempt,
  lsfPreemptAd,
  lsfRtc,
  lsfRtcAd,
  lsfRtcAdsubset,
};

/** The LSF scheduling-extension family of Parsons & Sevcik 1997 as one plugin for the registry. */
export const lsfPlugin = definePlugin({
  name: '@js/disciplines-lsf',
  disciplines: [
    lsfRtc,
    lsfRtcAd,
    lsfRtcAdsubset,
    lsfPreempt,
    lsfPreemptAd,
    lsfMig,
    lsfMigAd,
    lsfMigAdsubset,
    lsfMallAd,
    lsfMallAdsubset,
    lsfMlfq,
  ],
});
