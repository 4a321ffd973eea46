import type { SchedulingContext } from '@js/core';
import { afterMemberEnds, type RunningGroup } from '../matchmaking/index.ts';
import { RatioSketch } from './ratio-sketch.ts';

/** §5.3: "the number of candidate jobs for matchmaking is less than 4 in 85% of the cases". */
const FEW_CANDIDATES = 4;

/**
 * The running groups (§4.4) and the group and fairness figures of §5.2. Groups are closed: a job
 * is in at most one, none joins a running one; when a member ends the group goes on or is
 * disbanded as {@link afterMemberEnds} says, and its remaining members run on as individuals
 * (they may be matched again later).
 */
export class GroupBook {
  readonly #of = new Map<number, RunningGroup>();
  #formed = 0;
  #members = 0;
  /** Jobs run in a group at least once and still in the system. */
  readonly #everGrouped = new Set<number>();
  /** Medium and long jobs that left, and those of them that ran in a group. */
  #eligibleLeft = 0;
  #groupedLeft = 0;
  readonly #fairness = new RatioSketch();
  #reported = 0;
  /** Group searches, and those with fewer than four pre-selected candidates (§5.3). */
  #searches = 0;
  #fewCandidates = 0;
  /** Groups put to the fairness test (§4.5 step 6), and those that passed. */
  #tested = 0;
  #passed = 0;

  grouped(id: number): boolean {
    return this.#of.has(id);
  }

  /** Whether a job still in the system has run in a group. */
  ranInGroup(id: number): boolean {
    return this.#everGrouped.has(id);
  }

  groupOf(id: number): RunningGroup | undefined {
    return this.#of.get(id);
  }

  form(primary: number, matched: readonly number[]): void {
    const group: RunningGroup = { primary, matched: [...matched] };
    for (const id of [primary, ...matched]) {
      this.#of.set(id, group);
      this.#everGrouped.add(id);
    }
    this.#formed++;
    this.#members += 1 + matched.length;
  }

  /** A job left the system: its group goes on without it or is disbanded. */
  ended(id: number): void {
    const group = this.#of.get(id);
    if (group === undefined) return;
    this.#of.delete(id);
    const after = afterMemberEnds(group, id);
    if (after.kind === 'disbanded') {
      for (const other of after.individuals) this.#of.delete(other);
      return;
    }
    for (const other of [after.group.primary, ...after.group.matched]) this.#of.set(other, after.group);
  }

  /** A medium or long job (one matchmaking may group, §4.3) left the system. */
  eligibleLeft(id: number): void {
    this.#eligibleLeft++;
    if (this.#everGrouped.delete(id)) this.#groupedLeft++;
  }

  /** A group search (§4.5 steps 1–6) began with this many pre-selected candidates. */
  searched(candidates: number): void {
    this.#searches++;
    if (candidates < FEW_CANDIDATES) this.#fewCandidates++;
  }

  /** A group was put to the fairness test (§4.5 step 6). */
  tested(passed: boolean): void {
    this.#tested++;
    if (passed) this.#passed++;
  }

  /** A finished job's response over its estimate at submission (§5.2's delay factor). */
  finished(response: number, rEst: number): void {
    if (rEst > 0) this.#fairness.add(response / rEst);
  }

  /**
   * `groups` (groups formed), `groupSize` (mean jobs per group, §5.2: 2.5 on W1), `groupedShare`
   * (the share of the medium and long jobs that left which ran in a group at least once, §5.2:
   * 41.7 % on W1),
   * `fairness.p75` and `fairness.p95` (R / R_est over finished medium and long jobs, §5.2: 1.3
   * and 1.4), `search.fewCandidates` (the share of group searches with fewer than four
   * pre-selected candidates, §5.3: "less than 4 in 85% of the cases") and `fairness.passed` (the
   * share of the groups put to the fairness test that passed it; the paper gives none).
   */
  report(ctx: SchedulingContext): void {
    ctx.count('groups', this.#formed);
    if (this.#formed > 0) ctx.count('groupSize', this.#members / this.#formed);
    if (this.#eligibleLeft > 0) ctx.count('groupedShare', this.#groupedLeft / this.#eligibleLeft);
    if (this.#searches > 0) ctx.count('search.fewCandidates', this.#fewCandidates / this.#searches);
    if (this.#tested > 0) ctx.count('fairness.passed', this.#passed / this.#tested);
    if (this.#fairness.count > this.#reported) {
      this.#reported = this.#fairness.count;
      ctx.count('fairness.p75', this.#fairness.quantile(0.75));
      ctx.count('fairness.p95', this.#fairness.quantile(0.95));
    }
  }
}
