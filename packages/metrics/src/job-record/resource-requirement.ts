import type { Job, RunInfo } from '@js/core';

/** What {@link resourceRequirement} needs to know of the machine. */
export type RequirementMachine = Pick<RunInfo, 'processors' | 'resourceNames' | 'resourceCapacities'>;

/**
 * A job's resource requirement as one number, for the weight "resource requirement × execution
 * time" of Leinberger et al.'s weighted average response time (seed 001 §3.2): the sum of its
 * shares of the machine's named resources, Σ_r amount_r / capacity_r. Its processors do not count
 * there: in the paper's K-resource model the K resources are the named ones (processors come in
 * addition, see the `k-resource` workload model). A machine with no named resources has only
 * processors, so the share is size / processors. An amount the job does not state is 0; one of a
 * resource the machine does not model is ignored, as the engine ignores it.
 */
export function resourceRequirement(job: Job, machine: RequirementMachine): number {
  const { resourceNames, resourceCapacities } = machine;
  if (resourceNames.length === 0) return job.size / machine.processors;
  let share = 0;
  resourceNames.forEach((name, r) => {
    const capacity = resourceCapacities[r] ?? 0;
    if (capacity > 0) share += (job.resources?.[name] ?? 0) / capacity;
  });
  return share;
}
