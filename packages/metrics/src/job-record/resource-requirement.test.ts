import type { Job } from '@js/core';
import { describe, expect, it } from 'vitest';
import { resourceRequirement } from './resource-requirement.ts';

const job = (size: number, resources?: Record<string, number>): Job => ({
  id: 1,
  submit: 0,
  size,
  runtime: 10,
  estimate: 10,
  resources,
});

describe('resourceRequirement', () => {
  const twoResources = { processors: 16, resourceNames: ['memory', 'disk'], resourceCapacities: [32, 200] };

  it('sums the shares of the named resources, not the processors', () => {
    // 8 of 32 GB and 50 of 200 GB disk: 0.25 + 0.25, whatever the 4 processors.
    expect(resourceRequirement(job(4, { memory: 8, disk: 50 }), twoResources)).toBe(0.5);
  });

  it('counts a missing amount as 0 and ignores resources the machine does not model', () => {
    expect(resourceRequirement(job(4, { memory: 16, licences: 3 }), twoResources)).toBe(0.5);
    expect(resourceRequirement(job(4), twoResources)).toBe(0);
  });

  it('takes size / processors on a machine with no named resources', () => {
    const processorsOnly = { processors: 16, resourceNames: [], resourceCapacities: [] };
    expect(resourceRequirement(job(4, { memory: 8 }), processorsOnly)).toBe(0.25);
  });
});
