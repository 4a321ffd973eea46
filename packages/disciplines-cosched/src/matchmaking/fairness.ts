import type { Group } from './group.ts';

/**
 * §4.5 step 6: whether starting `group` now keeps every job within R_max. The discipline answers it:
 * it alone holds R_est (estimated at submission by simulating FCFS with conservative backfilling,
 * §4.1, §4.7) and can predict the new response times with the group in place (the group's
 * {@link Group.timeline} gives the members' durations). {@link withinSlack} is the test per job.
 */
export type FairnessTest = (group: Group) => boolean;

/** Formula 4: R_i ≤ R_max,i = F_slack · R_est,i. */
export const withinSlack = (predictedResponse: number, rEst: number, fSlack: number): boolean =>
  predictedResponse <= fSlack * rEst;

/** Formula 4 over every affected job: none is pushed past its R_max. */
export const respectsSlack = (
  predictions: Iterable<{ readonly response: number; readonly rEst: number }>,
  fSlack: number,
): boolean => {
  for (const p of predictions) if (!withinSlack(p.response, p.rEst, fSlack)) return false;
  return true;
};

/** A test that passes every group: for hand checks, and for runs that ignore fairness. */
export const alwaysFair: FairnessTest = () => true;

/**
 * §4.5 step 6: the kept groups in decreasing gain (stable, so the first found wins a tie) until one
 * passes the fairness test. The test runs lazily: it is the costly part.
 */
export const firstFairByGain = (groups: readonly Group[], fair: FairnessTest): Group | undefined =>
  [...groups].sort((a, b) => b.gain - a.gain).find((g) => fair(g));
