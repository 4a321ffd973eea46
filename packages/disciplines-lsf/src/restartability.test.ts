import {
  builtinProfiles,
  type DisciplineDefinition,
  defineDiscipline,
  type OperationEvent,
  type Scheduler,
} from '@js/core';
import { checkRun } from '@js/core/testing';
import { modelWorkload } from '@js/workloads';
import { describe, expect, it } from 'vitest';
import { lsfPlugin } from './index.ts';

/**
 * The paper's restartability claim (seed 000 §3): job state, as the information cache shows it,
 * is all a discipline needs, so a discipline rebuilt from the cache alone mid-run reaches the same
 * decisions. Each LSF discipline runs twice on the same jobs: once as is, once thrown away and
 * created afresh before every 7th decision round (the feedback order reads acquired times from the cache). The
 * two runs must apply the same operations at the same times.
 */
function rebuiltEvery(definition: DisciplineDefinition, rounds: number): DisciplineDefinition {
  return defineDiscipline({
    ...definition,
    name: `${definition.name}-rebuilt`,
    create: (options, env) => {
      let inner: Scheduler = definition.create(options, env);
      let round = 0;
      return {
        schedule(ctx) {
          if (++round % rounds === 0) inner = definition.create(options, env);
          inner.schedule(ctx);
        },
      };
    },
  });
}

const operations = async (
  definition: DisciplineDefinition,
  knowledge: { demand: boolean; speedup: boolean },
) => {
  const log: string[] = [];
  const w = modelWorkload('parsons-sevcik-97', { jobs: 80, seed: 5, load: 0.3 });
  const run = await checkRun(definition, { nodes: w.processors }, [...w.jobs], {
    profile: builtinProfiles.find((p) => p.name === 'lsf-now-97')!,
    knowledge,
    observers: [
      {
        operation: (e: OperationEvent) =>
          log.push(`${e.time} ${e.job.id} ${e.operation} ${e.processors.join(',')}`),
      },
    ],
  });
  expect(run.violations).toEqual([]);
  return log;
};

describe('restartability: a discipline rebuilt from the cache alone decides the same', () => {
  const cases = [
    { demand: false, speedup: false },
    { demand: true, speedup: true },
  ];
  it.each(lsfPlugin.disciplines.flatMap((d) => cases.map((k) => [d.name, k, d] as const)))(
    '%s, knowledge %j',
    async (_, knowledge, definition) => {
      const plain = await operations(definition, knowledge);
      const rebuilt = await operations(rebuiltEvery(definition, 7), knowledge);
      expect(plain.length).toBeGreaterThan(0);
      expect(rebuilt).toEqual(plain);
    },
  );
});
