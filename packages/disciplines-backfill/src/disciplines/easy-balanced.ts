import { defineDiscipline, OptionsError } from '@js/core';
import type { Machine } from '@js/machine';
import * as z from 'zod';
import { easyBackfill } from './easy-backfill.ts';
import { backfillBalanced, backfillLowest, ResourceBalance } from './resource-balance.ts';

/*
 * FCFS/BL-EASY and FCFS/BB-EASY (Leinberger, Karypis & Kumar 1999, seed 001 §2.2 and §3): EASY
 * with the same head reservation and the same rule for which jobs may backfill (fits now, and
 * ends by the shadow time or fits in the extra), but among those jobs the next to start is not the
 * first in the queue: it is the one of least *score*, ties to the earliest in the queue. After
 * each start the machine is observed again and the remaining candidates are scored again, until
 * none may backfill.
 *
 * Resources counted (K of them, d = 1…K): the machine's named resources, as in the paper's
 * experiments, whose "shared-everything" machine has only its K resources (where CPUs count, they
 * are one of them: its Figure 1 has 16 CPUs and 32 GB). Our `k-resource` model gives the machine
 * plentiful processors for that reason, and counted there they would always be the least utilised
 * and hardly ever a job's largest requirement, so BL would match almost nothing. Where processors
 * bind like any resource, option `processors: true` counts them as one more; on a machine with
 * no named resources they are the one resource (K = 1).
 *
 * With c_d the capacity of d (processors: those of this discipline), U_d = (c_d − free_d) / c_d the
 * share in use now (after the jobs started so far in this round) and R_d(J) = demand_d(J) / c_d
 * (processors: size / c), let S_d = U_d + R_d(J):
 *
 * - BB cost:   B(J) = max_d S_d / (Σ_d S_d / K)   ∈ [1, K]; 1 when Σ_d S_d = 0. The paper's
 *   max/average balance measure.
 * - BL cost:   L(J) = 1 if J's w largest requirements R_d are the w least-utilised resources
 *   (as sets, order within the window ignored; resources tied in U or in R may be taken either
 *   way), else 2. Window w (option `window`, default 1 = the paper's BL) with 1 ≤ w ≤ K − 1.
 *   The paper's search is "for a job which fits … and which has K_j as its largest requirement"
 *   and does not say what happens when none does. With option `strict` a job that does not
 *   match may not backfill at all; by default it may, at cost 2. The choice decides BL's fate:
 *   on the k-resource workload (K = 4 and 8, load 2.1, three seeds) strict BL is 80–260 % worse
 *   than EASY in mean response and worse as K grows, as the paper reports BL; the default is
 *   5–20 % better.
 * - Fullness:  A(J) = max(0, 1 − Σ_d S_d / K), the average availability left if J starts (0
 *   below the ledger's tolerance, 1e-9).
 * - Score (option `fullness`), lower wins:
 *     'imbalance' (default): 1 + (cost − 1) × A(J)
 *     'score':               cost × A(J)
 *     false:              cost
 *   Scores within 1e-9 of each other tie (rounding in the sums), and a tie goes to the earliest
 *   job in the queue.
 *
 * How the modifier combines with the cost the paper does not say. It gives the modifier's
 * purpose, to "relax the balance criteria as the system becomes full", so that "a larger job
 * which achieves a worse balance [is] selected over a smaller job which achieves a better balance
 * when the larger job nearly fills the machine", its value, "simply 1.0 − (Σ U + R)/K, or the
 * average resource availability", and its limit: "as the resource availability decreases, the BL
 * and BB schemes approach FF functionally". Both readings below fit those words; neither is the
 * paper's stated rule.
 *
 * 'score' multiplies the whole cost by A. Both costs are ≥ 1 and A ∈ [0, 1], so a job that
 * would nearly fill the machine scores near 0 whatever its cost: J beats J′ exactly when
 * cost(J) · A(J) < cost(J′) · A(J′), a worse balance forgiven in proportion to how much fuller
 * the job leaves the machine. This also ranks jobs of equal cost, perfectly balanced ones
 * included, fullest first: it adds a preference for filling the machine to the balance, which
 * the paper's "relaxes the balance criteria" does not ask for. With BL's costs 1 and 2, a job
 * that misses the least-utilised resource wins when it leaves less than half the availability.
 *
 * 'imbalance' multiplies only the cost's excess over a perfect balance (cost 1) by A: the
 * criterion is relaxed, and nothing else is added. Jobs of equal cost keep queue order; a
 * perfectly balanced job (BB cost 1, or any BL match) scores 1, the least there is, and is never
 * passed over for a fuller one. For BL this means: every job that matches scores 1, so matches
 * start in queue order, as in the paper's search "for a job which fits … and which has K_j as its
 * largest resource requirement", and as §3.3.1 describes BL: it "selects a job from [the] subset
 * containing jobs in which the K_i resource requirement is largest". The modifier only orders the
 * jobs that do not match (1 + A), fullest first, and a mismatch never beats a match: it ties with
 * one (then queue order) only when it fills the machine (A = 0). Of two BB jobs of costs c > c′,
 * the worse-balanced wins when (c − 1) · A < (c′ − 1) · A′; whenever it does, 'score' picks it
 * too (the converse fails), so 'imbalance' lets a fuller job win less often.
 *
 * Both approach first fit as the availability goes to 0: over candidates that all leave at most
 * ε available, 'score' stays within [0, K·ε] and 'imbalance' within [1, 1 + (K − 1)·ε] (costs
 * are at most K, BL's at most 2), so the balance's say in the choice shrinks with ε, and at
 * ε = 0 every score ties and the queue order (first fit) decides. Without the modifier BL starts,
 * each time, the first job in the queue that matches, else the first that may backfill at all.
 * A sum or a weighted mean of cost and availability would need a weight the paper does not give.
 *
 * The default is 'imbalance', as it is the reading that reproduces the paper's findings for BB:
 * on the k-resource grid (K ∈ {2, 4, 8} × both laws × queue 64, 128, 256; 10 seeds of 10 000
 * jobs) BB gains 5.6–31.3 % over EASY in mean response (16 of 18 cells ≥ 10 %, "up to 50 %"),
 * more at higher load, and beats BL in 16 cells; under 'score' it gains −8.8–15.2 % and beats BL in
 * 2. Weighted response is the one figure where 'score' does better (mean 4.8 % against 3.3 %;
 * the paper: 10–30 %).
 */

const common = {
  fullness: z
    .union([z.literal(false), z.enum(['score', 'imbalance'])])
    .default('imbalance')
    .describe(
      "§2.2 fullness modifier A, the average availability left if the job starts: 'score' = cost × A, 'imbalance' = 1 + (cost − 1) × A (the paper does not say which), false = cost alone",
    ),
  processors: z
    .boolean()
    .default(false)
    .describe('count processors as one more resource (always, with no named resources)'),
};

/** FCFS/BL-EASY: EASY choosing its backfill candidates by Backfill Lowest (see above). */
export const easyBl = defineDiscipline({
  name: 'easy-bl',
  summary:
    'EASY whose backfill picks first a job whose largest requirement is in the least-utilised resource (Backfill Lowest)',
  source:
    'Leinberger, Karypis & Kumar 1999, Job Scheduling in the Presence of Multiple Resource Requirements, §2.2 (BL, fullness modifier), §3 (FCFS/BL-EASY)',
  options: z
    .object({
      window: z
        .int()
        .min(1)
        .default(1)
        .describe('w: match the w largest requirements to the w least-utilised resources (1 ≤ w ≤ K − 1)'),
      strict: z
        .boolean()
        .default(false)
        .describe('backfill only jobs that match (the paper’s literal search); otherwise a mismatch costs 2'),
      ...common,
    })
    .strict(),
  create: (options, { machine }) => {
    const balance = new ResourceBalance(machine, options.processors);
    checkWindow(options.window, balance.count, machine);
    return easyBackfill(machine, backfillLowest(balance, options.window, options.fullness, options.strict));
  },
});

/** FCFS/BB-EASY: EASY choosing its backfill candidates by Backfill Balanced (see above). */
export const easyBb = defineDiscipline({
  name: 'easy-bb',
  summary:
    'EASY whose backfill picks first the job that best balances the use of all resources (Backfill Balanced)',
  source:
    'Leinberger, Karypis & Kumar 1999, Job Scheduling in the Presence of Multiple Resource Requirements, §2.2 (BB balance measure, fullness modifier), §3 (FCFS/BB-EASY)',
  options: z.object(common).strict(),
  create: (options, { machine }) =>
    easyBackfill(
      machine,
      backfillBalanced(new ResourceBalance(machine, options.processors), options.fullness),
    ),
});

/** The paper's 1 ≤ w ≤ K − 1 (w = K would match every job); w = 1 also when K = 1. */
function checkWindow(window: number, k: number, machine: Machine): void {
  if (window <= Math.max(1, k - 1)) return;
  throw new OptionsError("discipline 'easy-bl'", [
    {
      path: 'window',
      message: `must be at most K − 1 = ${k - 1}: this machine has K = ${k} resources to balance (${[...machine.resourceNames, 'processors'].slice(0, k).join(', ')})`,
      value: window,
    },
  ]);
}
