import { Writable } from 'node:stream';
import type { Job, TraitKnowledge } from '@js/core';
import { describe, expect, it } from 'vitest';
import { parseSwf } from '../swf/reader.ts';
import { downey97TraitKnowledge } from './downey-97/model.ts';
import { feitelson96TraitKnowledge } from './feitelson96/model.ts';
import { multicoreTraitKnowledge } from './multicore/model.ts';
import { modelTraitsLine, parseModelTraitLines, writeModelWorkload } from './output.ts';
import { parsonsSevcik97TraitKnowledge } from './parsons-sevcik-97/model.ts';
import { workloadModels } from './registry.ts';
import { sevcik94TraitKnowledge } from './sevcik-94/model.ts';
import { type ModelWorkloadSettings, modelWorkload } from './workload.ts';

class Collect extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

async function written(
  model: string,
  settings: ModelWorkloadSettings,
): Promise<{ swf: string; traits: string }> {
  const swf = new Collect();
  const traits = new Collect();
  await writeModelWorkload(modelWorkload(model, settings), { swf, traits });
  return { swf: swf.text, traits: traits.text };
}

const sorted = (o: object | undefined): string[] => Object.keys(o ?? {}).sort();

// Every registered model with its defaults, plus the options that add traits (Feitelson repeats)
// and wrappers around models that have traits of their own.
const cases: [string, ModelWorkloadSettings][] = [
  ...workloadModels.map((m): [string, ModelWorkloadSettings] => [m.name, {}]),
  ['feitelson96', { options: { repeats: true } }],
  ['zeng-sodan-multicore', { options: { base: 'sevcik-94', baseOptions: {} } }],
  ['zeng-sodan-multicore', { options: { base: 'feitelson96', baseOptions: { repeats: true } } }],
  ['zeng-sodan-multicore', { options: { base: 'parsons-sevcik-97', baseOptions: {} } }],
  ['k-resource', { options: { base: 'downey97', baseOptions: {} } }],
];

describe('every model declares exactly the traits it emits', () => {
  it.each(cases)('%s %j', (name, settings) => {
    const jobs = [...modelWorkload(name, { ...settings, jobs: 2000 }).jobs];
    const shared = new Set<Readonly<Record<string, TraitKnowledge>>>();
    for (const job of jobs) {
      // Equal key sets: no trait undeclared, no declaration for a trait the job lacks.
      expect(sorted(job.traitKnowledge)).toEqual(sorted(job.traits));
      if (job.traitKnowledge !== undefined) {
        expect(Object.isFrozen(job.traitKnowledge)).toBe(true);
        shared.add(job.traitKnowledge);
      }
    }
    // One shared object per model (per distinct set of traits: a wrapper over Feitelson repeats has two).
    const keySets = new Set(jobs.filter((j) => j.traits).map((j) => sorted(j.traits).join()));
    expect(shared.size).toBe(keySets.size);
  });

  it('the papers’ knowledge: demand, speedup parameters, and what every policy sees', () => {
    expect(sevcik94TraitKnowledge).toEqual({
      work: 'demand',
      alpha: 'demand+speedup',
      beta: 'demand+speedup',
      phi: 'speedup',
      maxParallelism: 'visible',
    });
    expect(parsonsSevcik97TraitKnowledge).toEqual({ demand: 'demand', goodSpeedup: 'speedup' });
    expect(downey97TraitKnowledge).toEqual({ work: 'demand', parallelism: 'speedup', sigma: 'speedup' });
    expect(feitelson96TraitKnowledge).toEqual({ precedingJob: 'visible', thinkTime: 'visible' });
    expect(multicoreTraitKnowledge).toMatchObject({
      slScr: 'speedup',
      slSno: 'speedup',
      slCos: 'speedup',
      jobType: 'visible',
    });
  });

  it('a wrapper merges its declarations with the base model’s', () => {
    const [job] = modelWorkload('zeng-sodan-multicore', {
      options: { base: 'sevcik-94', baseOptions: {} },
      jobs: 1,
    }).jobs as Job[];
    expect(job!.traitKnowledge).toEqual({ ...sevcik94TraitKnowledge, ...multicoreTraitKnowledge });
  });
});

// None of the papers' models has user runtime estimates, so none may leak the runtime through
// `estimate`: disciplines see runtimes only when the run's knowledge says 'exact'. The wrappers
// keep their base job's estimate.
describe('the models have no user estimates', () => {
  it.each(cases)(
    '%s %j: every estimate is Infinity (unknown), written as SWF -1 and read back as Infinity',
    async (name, settings) => {
      const jobs = [...modelWorkload(name, { ...settings, jobs: 200 }).jobs];
      expect(jobs.every((j) => j.estimate === Number.POSITIVE_INFINITY)).toBe(true);
      const { swf } = await written(name, { ...settings, jobs: 200 });
      const rows = swf.split('\n').filter((l) => l && !l.startsWith(';'));
      expect(rows.every((l) => l.split(' ')[8] === '-1')).toBe(true);
      const read = [...parseSwf(swf).jobs];
      expect(read).toHaveLength(200);
      expect(read.every((j) => j.estimate === Number.POSITIVE_INFINITY)).toBe(true);
    },
  );
});

describe('the traits side file keeps the declarations', () => {
  it.each(cases.filter(([name]) => name !== 'lublin99' && name !== 'zhou-99'))(
    '%s %j: written once, restored on every record',
    async (name, settings) => {
      const jobs = [...modelWorkload(name, { ...settings, jobs: 1000 }).jobs];
      const { traits } = await written(name, { ...settings, jobs: 1000 });
      const withTraits = jobs.filter((j) => j.traits !== undefined);
      const records = [...parseModelTraitLines(traits)].filter((r) => r.traits !== undefined);
      expect(records.map((r) => [r.id, r.traits, r.traitKnowledge])).toEqual(
        withTraits.map((j) => [j.id, j.traits, j.traitKnowledge]),
      );
      // One field per change of declarations, not one per line.
      const fields = traits.split('\n').filter((l) => l.includes('"traitKnowledge"')).length;
      const changes = withTraits.filter(
        (j, i) => i === 0 || j.traitKnowledge !== withTraits[i - 1]!.traitKnowledge,
      );
      expect(fields).toBe(changes.length);
      if (withTraits.length > 1 && new Set(withTraits.map((j) => j.traitKnowledge)).size === 1)
        expect(fields).toBe(1);
    },
  );

  it('a file without the field (older files) reads with no declarations; a lone line is self-contained', () => {
    const [record] = [...parseModelTraitLines('{"id":3,"traits":{"work":5}}\n')];
    expect(record).toEqual({ id: 3, traits: { work: 5 } });
    const [job] = modelWorkload('downey97', { jobs: 1 }).jobs as Job[];
    expect(JSON.parse(modelTraitsLine(job!)!).traitKnowledge).toEqual(downey97TraitKnowledge);
    expect(JSON.parse(modelTraitsLine(job!, downey97TraitKnowledge)!).traitKnowledge).toBeUndefined();
  });

  it('a job without declarations after declared ones resets them ({}: all hidden)', () => {
    const declared: Job = {
      id: 1,
      submit: 0,
      size: 1,
      runtime: 1,
      estimate: 1,
      traits: { a: 1 },
      traitKnowledge: { a: 'visible' },
    };
    const bare: Job = { id: 2, submit: 0, size: 1, runtime: 1, estimate: 1, traits: { a: 2 } };
    const first = modelTraitsLine(declared)!;
    const second = modelTraitsLine(bare, declared.traitKnowledge)!;
    expect(JSON.parse(second).traitKnowledge).toEqual({});
    const [a, b] = [...parseModelTraitLines([first, second])];
    expect(a!.traitKnowledge).toEqual({ a: 'visible' });
    expect(b!.traitKnowledge).toBeUndefined();
  });
});
