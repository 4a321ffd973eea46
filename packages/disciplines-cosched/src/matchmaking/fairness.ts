import type { Group } from './group.ts';
import type { MatchmakingOptions } from './options.ts';

/**
 * §4.5 step 6: whether starting `group` now keeps every job within R_max. The discipline answers it:
 * it alone holds R_est (estimated at submission by simulating FCFS with conservative backfilling,
 * §4.1, §4.7) and can predict the new response times with the group in place (the group's
 * {@link Group.timeline} gives the members' durations). {@link groupWithinSlack} is the verdict
 * over those predictions, {@link withinSlack} the test per job.
 */
export type FairnessTest = (group: Group) => boolean;

/** Formula 4: R_i ≤ R_max,i = F_slack · R_est,i. */
export const withinSlack = (predictedResponse: number, rEst: number, fSlack: number): boolean =>
  predictedResponse <= fSlack * rEst;

/** A job's predicted response (seconds) without and with a group, and its R_est. */
export interface SlackPrediction {
  readonly before: number;
  readonly after: number;
  readonly rEst: number;
}

/** Which of the jobs a group delays the fairness test binds (the `slackTest` option). */
export type SlackTest = MatchmakingOptions['slackTest'];

/** A prediction later than this (seconds) with the group than without counts as a delay. */
const DELAY_EPS = 1e-6;

/**
 * §4.5 step 6 with formula 4: a group passes when no job it delays is predicted past
 * F_slack · R_est. Jobs it does not delay are not bound (they may be past R_max through no fault of
 * the group). With `pushed-past`, a job predicted past R_max without the group is not bound either;
 * the verdict then no longer grows with F_slack (a job at 1.4 · R_est delayed to 1.6 · R_est blocks
 * the group at F_slack 1.5, not at 1.25), against §5.4: "With increasing slack factor, more groups
 * pass the fairness check".
 */
export const groupWithinSlack = (
  predictions: readonly SlackPrediction[],
  fSlack: number,
  slackTest: SlackTest,
): boolean => {
  // One pass, no intermediate lists: G-LOMARC-TS asks this of every group it tries.
  for (const p of predictions) {
    if (!(p.after > p.before + DELAY_EPS)) continue;
    if (slackTest === 'pushed-past' && !withinSlack(p.before, p.rEst, fSlack)) continue;
    if (!withinSlack(p.after, p.rEst, fSlack)) return false;
  }
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
