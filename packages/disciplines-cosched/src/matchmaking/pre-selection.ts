import { primarySlowdownWith, type Setting } from './group.ts';
import { groupSlowdown, type Member, shareNode } from './job.ts';

/**
 * §4.5 step 1, pre-selection: a job is a candidate for the primary's group when
 * - it is another job, and (if running) not in a group already: groups are closed (§4.4);
 * - the two fit a node's cores together (at most two jobs per node, §4.5);
 * - neither slows the other beyond MAX_SL ("do not slow down each other severely"; Table 6 calls
 *   MAX_SL the most slowdown a job should experience, so it is the threshold, inclusive);
 * - it would not outlast the primary by more than MATCHED_LONGER (Table 6), both run as a pair.
 */
export const preselected = (setting: Setting, candidate: Member): boolean => {
  const { primary, context, options } = setting;
  if (candidate.job.id === primary.job.id) return false;
  if (candidate.job.state === 'running' && candidate.job.grouped) return false;
  if (!shareNode(primary, candidate, context.machine)) return false;
  const slowsPrimary = primarySlowdownWith(setting, candidate);
  const slowsCandidate = groupSlowdown(candidate, primary, context);
  if (slowsPrimary > options.maxSl || slowsCandidate > options.maxSl) return false;
  return (
    candidate.job.remaining * slowsCandidate <= primary.job.remaining * slowsPrimary + options.matchedLonger
  );
};
