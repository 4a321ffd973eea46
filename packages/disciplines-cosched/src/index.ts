import { definePlugin } from '@js/core';
import { zengSodanContention } from './contention/zeng-sodan.ts';
import { cst } from './glts/cst.ts';
import { cstws } from './glts/cstws.ts';
import { glts } from './glts/glts.ts';
import { gltsFbo } from './glts/glts-fbo.ts';
import { gltsNh } from './glts/glts-nh.ts';
import { gltsNs } from './glts/glts-ns.ts';
import { scojoPectProfile } from './scojo-pect/platform.ts';
import { ssp } from './ssp/ssp.ts';

export { coschedulingSlowdown, pairCoschedulingSlowdown } from './contention/pair.ts';
export {
  type NodeLayout,
  nodeSlowdown,
  placementSlowdown,
  slowdownsOf,
  type ZengSodanSlowdowns,
  zengSodanContention,
} from './contention/zeng-sodan.ts';
export { defineGlts } from './glts/define.ts';
export { type GltsOptions, gltsOptions } from './glts/options.ts';
export { type GltsSettings, gltsPolicy } from './glts/policy.ts';
export type { GroupDecision, Prediction } from './glts/round.ts';
export { defineScojoPect, type ScojoPectInput } from './scojo-pect/frame.ts';
export {
  type JobType,
  type JobTypeName,
  jobTypeOf,
  jobTypes,
  LONG,
  MEDIUM,
  SHORT,
  type TypeBounds,
} from './scojo-pect/job-type.ts';
export { type MetricSettings, ZengSodanMetrics } from './scojo-pect/metrics.ts';
export { scojoPectProfile } from './scojo-pect/platform.ts';
export {
  type PlacementPolicy,
  type PolicyFactory,
  type SliceStep,
  type SliceTiming,
  type SpacePlan,
  startDueJobs,
} from './scojo-pect/policy.ts';
export type { FrameHooks } from './scojo-pect/scheduler.ts';
export { type ScojoPectSettings, scojoPectOptions, settingsSchema } from './scojo-pect/settings.ts';
export { type Slice, Timetable, type TimetableSettings } from './scojo-pect/timetable.ts';
export type { JobNote, Planning, Waiting } from './scojo-pect/virtual-machine.ts';
export { formula8, type SspPlan, type SspSettings, sspPolicy } from './ssp/ssp-policy.ts';
export { cst, cstws, glts, gltsFbo, gltsNh, gltsNs, ssp };

/** Multi-core coscheduling (Zeng & Sodan) as one plugin for the registry. */
export const coschedPlugin = definePlugin({
  name: '@js/disciplines-cosched',
  disciplines: [ssp, glts, cst, cstws, gltsFbo, gltsNs, gltsNh],
  profiles: [scojoPectProfile],
  contention: [zengSodanContention],
});
