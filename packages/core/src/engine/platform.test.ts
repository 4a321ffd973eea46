import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { defineDiscipline } from '../discipline/define.ts';
import { ConfigError } from '../errors/errors.ts';
import type { PlatformProfile } from './profile.ts';
import { every, fcfs, job, run } from './scripted.test-support.ts';

/** FCFS whose `dispatch` option declares the platform's dispatch cost; it records what it was given. */
const dispatching = (seen: PlatformProfile[] = []) =>
  defineDiscipline({
    name: 'dispatching',
    summary: '',
    source: '',
    options: z.object({ dispatch: z.number().nonnegative().default(0) }),
    platform: ({ dispatch }, profile) =>
      dispatch > 0 ? { ...profile, name: `${profile.name}+dispatch`, dispatch } : profile,
    create: (_options, env) => {
      seen.push(env.profile);
      return { schedule: fcfs };
    },
  });

describe('a discipline’s options may name the platform its experiment assumes', () => {
  it('the engine charges the declared costs; the discipline sees the platform, frozen', async () => {
    const seen: PlatformProfile[] = [];
    const { byId } = await run([job(1, 0, 1, 10), job(2, 0, 4, 10)], dispatching(seen), {
      options: { dispatch: 3 },
    });
    // Each start costs 3 s before the job progresses: 0 → 13, then 13 → 26.
    expect([byId[1]!.end, byId[2]!.start, byId[2]!.end]).toEqual([13, 13, 26]);
    expect(seen[0]).toMatchObject({ name: 'ideal+dispatch', dispatch: 3 });
    expect(Object.isFrozen(seen[0])).toBe(true);
  });

  it('options at their defaults leave the run’s profile as it is', async () => {
    const seen: PlatformProfile[] = [];
    const { byId } = await run([job(1, 0, 1, 10)], dispatching(seen));
    expect(byId[1]!.end).toBe(10);
    expect(seen[0]!.name).toBe('ideal');
  });

  it('partitions share one platform: a discipline whose options would change it is refused', async () => {
    const attempt = run([job(1, 0, 1, 1)], every(fcfs), {
      spec: { nodes: 8 },
      discipline: undefined,
      partitions: [
        { name: 'left', discipline: every(fcfs, undefined, 'plain'), first: 0, last: 3 },
        { name: 'right', discipline: dispatching(), options: { dispatch: 3 }, first: 4, last: 7 },
      ],
    });
    await expect(attempt).rejects.toThrow(ConfigError);
    await expect(attempt).rejects.toThrow(/partition 'right': discipline 'dispatching' changes the platform/);
  });
});
