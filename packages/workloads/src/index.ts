export { arrivalScaleForLoad, measureOfferedLoad, scaleArrivals } from './arrivals/time-scale.ts';
export type { CleanedJobs, CleaningReport } from './cleaning/clean.ts';
export { Cleaner, cleanJobs } from './cleaning/clean.ts';
export type { CleaningRuleName, CleaningRules, CleaningRulesInput } from './cleaning/rules.ts';
export { cleaningRuleOrder, cleaningRulesSchema } from './cleaning/rules.ts';
export type { ConstantSpec } from './distributions/constant.ts';
export { constantDistribution, constantSpecSchema } from './distributions/constant.ts';
export type { Distribution } from './distributions/distribution.ts';
export { coefficientOfVariation } from './distributions/distribution.ts';
export type { EmpiricalSpec } from './distributions/empirical.ts';
export { empiricalDistribution, empiricalSpecSchema } from './distributions/empirical.ts';
export type { ExponentialSpec } from './distributions/exponential.ts';
export { exponentialDistribution, exponentialSpecSchema } from './distributions/exponential.ts';
export type { GammaSpec } from './distributions/gamma.ts';
export { gammaDistribution, gammaDraw, gammaSpecSchema } from './distributions/gamma.ts';
export { lnGamma, regularizedGammaP } from './distributions/gamma-function.ts';
export type { ExponentialBranch, HyperexponentialSpec } from './distributions/hyperexponential.ts';
export {
  hyperexponentialDistribution,
  hyperexponentialMixture,
  hyperexponentialSpecSchema,
} from './distributions/hyperexponential.ts';
export type { LogUniformSpec } from './distributions/log-uniform.ts';
export { logUniformDistribution, logUniformSpecSchema } from './distributions/log-uniform.ts';
export type { DistributionSpec } from './distributions/spec.ts';
export { createDistribution, distributionSpecSchema } from './distributions/spec.ts';
export type { UniformSpec } from './distributions/uniform.ts';
export { uniformDistribution, uniformSpecSchema } from './distributions/uniform.ts';
export { downey97, downey97TraitKnowledge } from './models/downey-97/model.ts';
export { downeyExecutionTime, downeyMaxUsefulSize, downeySpeedup } from './models/downey-97/speedup.ts';
export { feitelson96, feitelson96TraitKnowledge } from './models/feitelson96/model.ts';
export { lublin99, lublinJobType } from './models/lublin99/model.ts';
export type { LublinTable } from './models/lublin99/parameters.ts';
export { lublinConstants, lublinTables } from './models/lublin99/parameters.ts';
export type {
  ModelOptions,
  ModelOptionsInput,
  ModelResource,
  ModelSampler,
  ModelTopology,
  WorkloadModel,
} from './models/model.ts';
export { defineModel } from './models/model.ts';
export { multicoreJobType, multicoreTraitKnowledge, zengSodanWorkloads } from './models/multicore/model.ts';
export { slowdownRangeEdges, zengSodanTable4 } from './models/multicore/table4.ts';
export type { ModelOutput, ModelTraitRecord } from './models/output.ts';
export {
  modelSwfHeader,
  modelTraitsLine,
  parseModelTraitLines,
  writeModelWorkload,
} from './models/output.ts';
export { parsonsSevcik97, parsonsSevcik97TraitKnowledge } from './models/parsons-sevcik-97/model.ts';
export type { PoissonModel } from './models/poisson.ts';
export { arrivalsStream, poissonSampler } from './models/poisson.ts';
export type { ModelListing } from './models/registry.ts';
export {
  kResource,
  listModels,
  workloadModel,
  workloadModels,
  zengSodanMulticore,
} from './models/registry.ts';
export { sevcik94, sevcik94TraitKnowledge, sevcik94Workloads } from './models/sevcik-94/model.ts';
export type { ModelWorkload, ModelWorkloadSettings, ModelWorkloadSpec } from './models/workload.ts';
export {
  atLoad,
  modelWorkload,
  modelWorkloadSettingsSchema,
  modelWorkloadSpecSchema,
} from './models/workload.ts';
export type { ModelResolver } from './models/wrapper.ts';
export { zhou99 } from './models/zhou-99/model.ts';
export type { SpeedupCurve } from './speedup/execution-time.ts';
export { amdahlCurve, downeyCurve, linearCurve, sevcikCurve } from './speedup/execution-time.ts';
export type { JobSpeedup, SpeedupLaw } from './speedup/law.ts';
export { speedupLaw, speedupStreamNames } from './speedup/law.ts';
export type { Parameter } from './speedup/parameter.ts';
export { parameterDistribution, parameterSchema } from './speedup/parameter.ts';
export type { SpeedupShape, SpeedupSpec, SpeedupSpecInput } from './speedup/spec.ts';
export { speedupShapeSchema, speedupSpecSchema } from './speedup/spec.ts';
export type { SwfFieldKey } from './swf/fields.ts';
export { describeSwfField, SWF_FIELD_COUNT, SWF_UNKNOWN, swfFieldIndex, swfFields } from './swf/fields.ts';
export type { HeaderSource, SwfHeader } from './swf/header.ts';
export { headerProcessors, parseSwfHeader } from './swf/header.ts';
export { jobFromSwfRecord, swfRecordOfJob } from './swf/mapping.ts';
export type { SwfReadOptions, SwfReadOptionsInput } from './swf/options.ts';
export { swfReadOptionsSchema } from './swf/options.ts';
export type { SkippedLine, SwfReadReport } from './swf/parser.ts';
export { FIRST_SKIPPED_KEPT, SwfParser } from './swf/parser.ts';
export type { SwfTrace } from './swf/reader.ts';
export { parseSwf, readSwf } from './swf/reader.ts';
export type { SwfFieldOverrides, SwfOutput } from './swf/writer.ts';
export { SwfWriter, writeSwf } from './swf/writer.ts';
export type { MoldableFields } from './synthetic/checks.ts';
export type { SyntheticWorkload } from './synthetic/generate.ts';
export { syntheticStreamNames, syntheticWorkload } from './synthetic/generate.ts';
export type { SyntheticOptions } from './synthetic/options.ts';
export { seedSchema, syntheticOptionsSchema } from './synthetic/options.ts';
export { jobSize, meanJobSize } from './synthetic/sizes.ts';
export type {
  MoldableSyntheticSpec,
  RigidSyntheticSpec,
  SyntheticSpec,
  SyntheticSpecInput,
} from './synthetic/spec.ts';
export { isMoldableSpec, syntheticSpecSchema } from './synthetic/spec.ts';
export { defaultWorkload } from './workload/default.ts';
export type { OpenWorkloadOptions, Workload, WorkloadReport } from './workload/open.ts';
export { openWorkload, openWorkloadOptionsSchema, STDIN } from './workload/open.ts';
export type { SwfWorkloadSpec, WorkloadSpec, WorkloadSpecInput } from './workload/spec.ts';
export { swfWorkloadSpecSchema, workloadSpecSchema } from './workload/spec.ts';
