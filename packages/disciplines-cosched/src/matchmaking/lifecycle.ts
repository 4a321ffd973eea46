/**
 * A running group (§4.4) by job ids. Groups are scheduled as a whole and are closed: no job joins a
 * running group, even after some matched jobs have ended, so there is deliberately no "add" here.
 */
export interface RunningGroup {
  readonly primary: number;
  /** Matched jobs still running. */
  readonly matched: readonly number[];
}

export type AfterMemberEnds =
  | { readonly kind: 'continues'; readonly group: RunningGroup }
  /** The group is gone; `individuals` run on alone (and may be matched again later, §4.4). */
  | { readonly kind: 'disbanded'; readonly individuals: readonly number[] };

/**
 * §4.4: a group is disbanded when the primary ends while a matched job still runs, or when the last
 * matched job ends while the primary still runs; otherwise it goes on without the ended job.
 */
export const afterMemberEnds = (group: RunningGroup, ended: number): AfterMemberEnds => {
  if (ended === group.primary) return { kind: 'disbanded', individuals: group.matched };
  if (!group.matched.includes(ended))
    throw new RangeError(`job ${ended} is not in the group of job ${group.primary}`);
  const matched = group.matched.filter((id) => id !== ended);
  return matched.length === 0
    ? { kind: 'disbanded', individuals: [group.primary] }
    : { kind: 'continues', group: { primary: group.primary, matched } };
};
