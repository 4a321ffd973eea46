/**
 * Zeng & Sodan, "Job Scheduling with Lookahead Group Matchmaking for Time/Space Sharing on
 * Multi-core Parallel Machines", Table 4 (Modeled distribution of slowdowns): the share of jobs, in
 * percent, whose slowdown falls in each range [0.9, 1.0) … [1.7, 1.8); uniform inside a range.
 * Data only: the sampler is in `slowdowns.ts`.
 */
export const slowdownRangeEdges = [0.9, 1.0, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8] as const;

/** Table 4's percentages per slowdown range for SL_scr, SL_sno and SL_cos, one entry per range of {@link slowdownRangeEdges}. */
export const zengSodanTable4 = {
  /** SL_scr, core self slowdown: two processes of one job on the cores of one CPU. */
  scr: [0, 25, 17, 17, 13, 17, 8, 3, 0],
  /** SL_sno, node self slowdown: processes of one job on different CPUs of one node. */
  sno: [25, 45, 12, 5, 13, 0, 0, 0, 0],
  /** SL_cos, coscheduling slowdown: a process sharing a node with another job's process. */
  cos: [0, 68, 17, 7, 3, 2, 1, 1, 1],
} as const;
