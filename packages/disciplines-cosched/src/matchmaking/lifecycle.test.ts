import { describe, expect, it } from 'vitest';
import { afterMemberEnds } from './lifecycle.ts';

describe('group lifecycle (§4.4)', () => {
  const group = { primary: 1, matched: [2, 3] };

  it('goes on without a matched job while others remain', () => {
    expect(afterMemberEnds(group, 2)).toEqual({ kind: 'continues', group: { primary: 1, matched: [3] } });
  });

  it('is disbanded when the primary ends with matched jobs still running', () => {
    expect(afterMemberEnds(group, 1)).toEqual({ kind: 'disbanded', individuals: [2, 3] });
  });

  it('is disbanded when the last matched job ends while the primary runs', () => {
    expect(afterMemberEnds({ primary: 1, matched: [3] }, 3)).toEqual({ kind: 'disbanded', individuals: [1] });
  });

  it('refuses a job that is not a member', () => {
    expect(() => afterMemberEnds(group, 7)).toThrow(/job 7 is not in the group of job 1/);
  });
});
