import { definePlugin } from '@js/core';
import { aep } from './disciplines/aep.ts';
import { aep1 } from './disciplines/aep-1.ts';
import { aep2 } from './disciplines/aep-2.ts';
import { ap1 } from './disciplines/ap1.ts';
import { ap11 } from './disciplines/ap1-1.ts';
import { ap12 } from './disciplines/ap1-2.ts';
import { asp } from './disciplines/asp.ts';
import { asp1 } from './disciplines/asp-1.ts';
import { asp2 } from './disciplines/asp-2.ts';
import { dynEqui, reconfigurationProfile } from './disciplines/dyn-equi.ts';
import { rtcSdf } from './disciplines/rtc-sdf.ts';
import { sdf } from './disciplines/sdf.ts';
import { sdfMax } from './disciplines/sdf-max.ts';

export {
  aep,
  aep1,
  aep2,
  ap1,
  ap11,
  ap12,
  asp,
  asp1,
  asp2,
  dynEqui,
  reconfigurationProfile,
  rtcSdf,
  sdf,
  sdfMax,
};

/** The adaptive-partitioning family of Anastasiadis & Sevcik 1997 as one plugin for the registry. */
export const adaptivePlugin = definePlugin({
  name: '@js/disciplines-adaptive',
  disciplines: [dynEqui, asp, ap1, aep, sdf, sdfMax, asp1, ap11, aep1, asp2, ap12, aep2, rtcSdf],
});
