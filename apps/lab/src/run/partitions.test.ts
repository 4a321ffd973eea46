import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Job, type OccupancySample, simulate } from '@js/core';
import { openWorkload } from '@js/workloads';
import { describe, expect, it } from 'vitest';
import { createRegistry } from '../registry/builtins.ts';
import { machineFor } from './execute.ts';
import { PartitionMetrics, partitionSpecs } from './partitions.ts';

describe('PartitionMetrics', () => {
  it.each([
    ['easy', 'lublin99', 'ideal'],
    ['conservative', 'feitelson96', 'lsf-now-97'],
    ['dyn-equi', 'sevcik-94', 'lsf-now-97'],
  ])(
    '%s on %s (%s): the partitions’ occupancy adds up to the engine’s, sample by sample',
    async (discipline, model, profile) => {
      const registry = await createRegistry();
      const spec = join(await mkdtemp(join(tmpdir(), 'schedlab-partitions-')), 'model.json');
      await writeFile(spec, JSON.stringify({ kind: 'model', model, jobs: 400 }));
      const workload = await openWorkload(spec, { seed: 3 });
      const machine = machineFor(workload, {});
      const P = machine.processors;
      const small = Math.floor(P / 4);
      const specs = partitionSpecs(
        [
          { name: 'small', discipline, first: 0, last: small - 1 },
          { name: 'big', discipline, first: small, last: P - 1 },
        ],
        registry,
        machine,
      );
      const partitioned = new PartitionMetrics(specs);
      // What the partitions' collectors were fed at the current instant, summed.
      const fed = { busy: 0, queued: 0, running: 0, preempted: 0 };
      partitioned.metrics.forEach((m, k) => {
        const sample = m.sample.bind(m);
        m.sample = (s: OccupancySample) => {
          if (k === 0) fed.busy = fed.queued = fed.running = fed.preempted = 0;
          fed.busy += s.busyProcessors;
          fed.queued += s.queued;
          fed.running += s.running;
          fed.preempted += s.preempted;
          sample(s);
        };
      });
      const mismatches: unknown[] = [];
      let samples = 0;
      const engine = {
        sample(o: OccupancySample) {
          samples++;
          const whole = {
            busy: o.busyProcessors,
            queued: o.queued,
            running: o.running,
            preempted: o.preempted,
          };
          if (JSON.stringify(whole) !== JSON.stringify(fed))
            mismatches.push({ now: o.now, whole, fed: { ...fed } });
        },
      };
      // Jobs too wide for the big partition would not find one under size routing.
      async function* fitting(): AsyncGenerator<Job> {
        for await (const job of workload.jobs) if ((job.minSize ?? job.size) <= P - small) yield job;
      }
      const result = await simulate(fitting(), {
        machine,
        partitions: specs,
        route: 'size',
        profile: registry.profile(profile),
        observers: [partitioned, engine],
      });
      expect(result.status).toBe('completed');
      expect(samples).toBeGreaterThan(100);
      expect(mismatches.slice(0, 3)).toEqual([]);
      const summaries = partitioned.metrics.map((m) => m.summary());
      expect(summaries.map((s) => s.discipline)).toEqual(['small', 'big']);
      expect(summaries[0]!.jobs.finished + summaries[1]!.jobs.finished).toBe(result.ended);
      for (const s of summaries) expect(s.utilisation.processors).toBeLessThanOrEqual(1);
    },
  );
});
