import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { type Job, OptionsError, UnknownNameError } from '@js/core';
import { afterAll, describe, expect, it } from 'vitest';
import { measureOfferedLoad } from '../arrivals/time-scale.ts';
import { readSwf } from '../swf/reader.ts';
import { writeSwf } from '../swf/writer.ts';
import { openWorkload } from '../workload/open.ts';
import { modelSwfHeader, writeModelWorkload } from './output.ts';
import { listModels, workloadModel, workloadModels } from './registry.ts';
import { atLoad, type ModelWorkload, type ModelWorkloadSettings, modelWorkload } from './workload.ts';

const names = workloadModels.map((m) => m.name);

class Collect extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

async function swfText(w: ModelWorkload): Promise<{ swf: string; traits: string }> {
  const swf = new Collect();
  const traits = new Collect();
  await writeModelWorkload(w, { swf, traits });
  return { swf: swf.text, traits: traits.text };
}

const dir = mkdtempSync(join(tmpdir(), 'schedlab-models-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the model registry', () => {
  it('has every model of the five papers', () => {
    expect(names).toEqual([
      'lublin99',
      'feitelson96',
      'downey97',
      'parsons-sevcik-97',
      'sevcik-94',
      'zhou-99',
      'k-resource',
      'zeng-sodan-multicore',
    ]);
    for (const m of workloadModels) {
      expect(m.summary.length).toBeGreaterThan(20);
      expect(m.source).toMatch(/§|PWA|MODELS/);
      expect(m.load.length).toBeGreaterThan(10);
    }
  });

  it('an unknown name lists the known ones and the closest', () => {
    expect(() => workloadModel('lublin98')).toThrow(UnknownNameError);
    expect(() => workloadModel('lublin98')).toThrow(
      /unknown workload model 'lublin98' \(did you mean 'lublin99'\?\); known: lublin99, /,
    );
  });

  it('lists every model with its options and the papers’ values as defaults', () => {
    const listing = Object.fromEntries(listModels().map((m) => [m.name, m]));
    expect(listing['parsons-sevcik-97']!.defaults).toMatchObject({
      meanDemand: 8000,
      demandCv: 4,
      processorScale: 8,
    });
    expect(listing['sevcik-94']!.defaults).toMatchObject({
      largeJobFraction: 0.125,
      largeJobWork: 101,
      smallJobWork: 1.3,
    });
    expect(listing.lublin99!.defaults).toMatchObject({
      processors: 128,
      typeless: { serialProb: 0.244, a2: 312 },
    });
    expect(listing['zeng-sodan-multicore']!.defaults).toMatchObject({
      maxSl: 1.25,
      selfSl2: 1.12,
    });
    expect(listing['k-resource']!.defaults).toMatchObject({ base: 'feitelson96', k: 4 });
    for (const m of listModels()) expect(Object.keys(m.options.shape)).toContain('processors');
  });
});

describe('every model: determinism', () => {
  it.each(names)(
    '%s: same seed ⇒ byte-identical SWF and traits; another seed ⇒ different bytes',
    async (name) => {
      const settings: ModelWorkloadSettings = { jobs: 3000, seed: 'same' };
      const a = await swfText(modelWorkload(name, settings));
      const b = await swfText(modelWorkload(name, settings));
      expect(a.swf).toBe(b.swf);
      expect(a.traits).toBe(b.traits);
      expect(a.swf.split('\n').filter((l) => l && !l.startsWith(';'))).toHaveLength(3000);
      const c = await swfText(modelWorkload(name, { ...settings, seed: 'other' }));
      expect(c.swf).not.toBe(a.swf);
    },
  );

  it.each(names)('%s: each pass over the jobs regenerates them identically, in submit order', (name) => {
    const w = modelWorkload(name, { jobs: 2000 });
    const first = [...w.jobs];
    const second = [...w.jobs];
    expect(second.map((j) => [j.id, j.submit, j.size, j.runtime])).toEqual(
      first.map((j) => [j.id, j.submit, j.size, j.runtime]),
    );
    expect(first.every((j, i) => j.id === i + 1 && (i === 0 || j.submit >= first[i - 1]!.submit))).toBe(true);
    expect(first.every((j) => j.size >= 1 && j.size <= w.processors && j.runtime > 0)).toBe(true);
  });
});

describe('every model: one named stream per purpose', () => {
  const submits = (jobs: Iterable<Job>): number[] => [...jobs].map((j) => j.submit);

  it('lublin99: a different size law leaves arrival times exactly where they were', () => {
    const base = modelWorkload('lublin99', { options: { jobTypes: false }, jobs: 3000 });
    const other = modelWorkload('lublin99', {
      options: { jobTypes: false, typeless: { serialProb: 0.4, uProb: 0.5 } },
      jobs: 3000,
    });
    expect(submits(other.jobs)).toEqual(submits(base.jobs));
    expect([...other.jobs].map((j) => j.size)).not.toEqual([...base.jobs].map((j) => j.size));
  });

  it('zhou-99: more slot draws leave sizes identical, and arrivals only rescaled by the new rate', () => {
    const base = [...modelWorkload('zhou-99', { jobs: 3000 }).jobs];
    const other = [...modelWorkload('zhou-99', { options: { maxSlots: 60 }, jobs: 3000 }).jobs];
    expect(other.map((j) => j.size)).toEqual(base.map((j) => j.size));
    const ratio = other[0]!.submit / base[0]!.submit;
    for (let i = 0; i < base.length; i += 97)
      expect(other[i]!.submit / base[i]!.submit).toBeCloseTo(ratio, 9);
  });

  it('parsons-sevcik-97: another speedup mix moves neither demands, sizes nor arrivals', () => {
    const key = (j: Job) => [j.submit, j.size, j.minSize, j.traits!.demand];
    const base = [...modelWorkload('parsons-sevcik-97', { jobs: 3000 }).jobs];
    const other = [
      ...modelWorkload('parsons-sevcik-97', { options: { goodSpeedupFraction: 0.2 }, jobs: 3000 }).jobs,
    ];
    expect(other.map(key)).toEqual(base.map(key));
  });

  it('wrappers draw from their own streams: the base jobs are unchanged', () => {
    const base = [
      ...modelWorkload('lublin99', { options: { jobTypes: false, typeless: { aarr: 10.33 } }, jobs: 2000 })
        .jobs,
    ];
    const wrapped = [...modelWorkload('zeng-sodan-multicore', { jobs: 2000 }).jobs];
    expect(wrapped.map((j) => [j.submit, j.runtime, j.traits!.originalSize])).toEqual(
      base.map((j) => [j.submit, j.runtime, j.size]),
    );
  });
});

describe('load', () => {
  it.each([
    ['zhou-99', 0.3],
    ['feitelson96', 0.9],
  ])('%s at load %f: the generated stream carries that load (±3 %)', async (name, load) => {
    const w = modelWorkload(name, { jobs: 200_000, load, seed: 2 });
    expect(w.offeredLoad).toBeCloseTo(load, 12);
    expect(Math.abs((await measureOfferedLoad(w.jobs, w.processors)) / load - 1)).toBeLessThan(0.03);
  });

  it('sevcik-94 at load 0.9: Σ T(1) over P × span (eq. 10) comes out at 0.9 (±3 %)', () => {
    const jobs = [...modelWorkload('sevcik-94', { jobs: 200_000, load: 0.9, seed: 2 }).jobs];
    const load = jobs.reduce((s, j) => s + j.executionTime!(1), 0) / (32 * jobs.at(-1)!.submit);
    expect(Math.abs(load / 0.9 - 1)).toBeLessThan(0.03);
  });

  it('lublin99: atLoad keeps the daily cycle and scales the rush-hour gaps to the load (±6 %: heavy tails)', async () => {
    const own = modelWorkload('lublin99', { options: { jobTypes: false }, jobs: 200_000, seed: 5 });
    const busy = atLoad(own, 0.95);
    expect(busy.offeredLoad).toBeCloseTo(0.95, 12);
    expect(Math.abs((await measureOfferedLoad(busy.jobs, 128)) / 0.95 - 1)).toBeLessThan(0.06);
    // The share of arrivals in each half-hour of the day does not move (±0.004).
    const shares = (w: ModelWorkload): number[] => {
      const counts = new Array<number>(48).fill(0);
      for (const j of w.jobs) counts[Math.floor(j.submit / 1800) % 48]!++;
      return counts.map((c) => c / w.count);
    };
    const before = shares(own);
    shares(busy).forEach((s, k) => {
      expect(Math.abs(s - before[k]!)).toBeLessThan(0.004);
    });
  });

  it('atLoad of atLoad composes; sizes and runtimes never move', () => {
    const w = modelWorkload('downey97', { jobs: 500 });
    const twice = atLoad(atLoad(w, 0.2), 0.5);
    expect(twice.offeredLoad).toBeCloseTo(0.5, 12);
    expect(twice.meanInterarrival).toBeCloseTo((w.meanInterarrival * 0.7) / 0.5, 6);
    expect([...twice.jobs].map((j) => j.runtime)).toEqual([...w.jobs].map((j) => j.runtime));
  });

  it.each([-1, 0, Number.NaN])('load %f is an OptionsError naming load', (load) => {
    const w = modelWorkload('zhou-99', { jobs: 10 });
    expect(() => atLoad(w, load)).toThrow(OptionsError);
    expect(() => atLoad(w, load)).toThrow(/load/);
    expect(() => modelWorkload('zhou-99', { load })).toThrow(
      /invalid options for model workload 'zhou-99': load/,
    );
  });
});

describe('settings', () => {
  it.each([
    [{ jobs: 0 }, /jobs = 0/],
    [{ processors: -4 }, /processors = -4/],
    [{ job: 10 }, /job/],
  ])('%j is rejected', (settings, message) => {
    expect(() => modelWorkload('zhou-99', settings as ModelWorkloadSettings)).toThrow(OptionsError);
    expect(() => modelWorkload('zhou-99', settings as ModelWorkloadSettings)).toThrow(message);
  });

  it('processors overrides the model’s machine size', () => {
    expect(modelWorkload('lublin99', { processors: 64, jobs: 1 }).processors).toBe(64);
    expect(modelWorkload('zeng-sodan-multicore', { processors: 32, jobs: 1 }).processors).toBe(128);
    expect(modelWorkload('k-resource', { processors: 32, jobs: 1 }).resources![0]!.capacity).toBe(32);
  });
});

describe('writing a model as SWF (the `schedlab generate` format)', () => {
  it('writes SWF that reads back with the model’s machine, and a traits side file for extras', async () => {
    const out = join(dir, 'sevcik.swf');
    const w = modelWorkload('sevcik-94', { jobs: 500, seed: 4 });
    const result = await writeModelWorkload(w, { swf: out });
    expect(result).toEqual({ jobs: 500, traitLines: 500, traitsPath: `${out}.traits.jsonl` });
    const trace = await readSwf(out);
    expect(trace.header.maxProcs).toBe(32);
    const read: Job[] = [];
    for await (const j of trace.jobs) read.push(j);
    const jobs = [...w.jobs];
    expect(read.map((j) => [j.id, j.submit, j.size, j.runtime])).toEqual(
      jobs.map((j) => [j.id, j.submit, j.size, j.runtime]),
    );
    const lines = readFileSync(`${out}.traits.jsonl`, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toEqual({
      id: 1,
      minSize: 1,
      maxSize: jobs[0]!.maxSize,
      traits: jobs[0]!.traits,
      traitKnowledge: jobs[0]!.traitKnowledge,
    });
    expect(lines[1]).not.toHaveProperty('traitKnowledge');
  });

  it('no side file when the SWF line says everything (zhou-99)', async () => {
    const out = join(dir, 'zhou.swf');
    writeFileSync(`${out}.traits.jsonl`, 'stale');
    const result = await writeModelWorkload(modelWorkload('zhou-99', { jobs: 50 }), { swf: out });
    expect(result.traitsPath).toBeUndefined();
    expect(result.traitLines).toBe(0);
  });

  it('repeated Feitelson runs fill fields 17 (preceding job) and 18 (think time); Lublin types field 15', async () => {
    const repeats = await swfText(modelWorkload('feitelson96', { options: { repeats: true }, jobs: 2000 }));
    const rows = repeats.swf
      .split('\n')
      .filter((l) => l && !l.startsWith(';'))
      .map((l) => l.split(' ').map(Number));
    expect(rows.some((r) => r[16]! > 0 && r[16]! < r[0]!)).toBe(true);
    const lublin = await swfText(modelWorkload('lublin99', { jobs: 500 }));
    const queues = new Set(
      lublin.swf
        .split('\n')
        .filter((l) => l && !l.startsWith(';'))
        .map((l) => l.split(' ')[14]),
    );
    expect([...queues].sort()).toEqual(['0', '1']);
  });

  it('the header names model, options, seed, load and machine', () => {
    const header = modelSwfHeader(modelWorkload('k-resource', { options: { k: 2 }, jobs: 7, seed: 3 }));
    // Processors are plentiful (16 × P): only the K resources bind.
    expect(header).toContain('; MaxProcs: 2048');
    expect(header).toContain('; Note: resource r1 capacity 128');
    expect(header.join('\n')).toMatch(/model k-resource.*\n.*seed 3, 7 jobs, options \{"base":"feitelson96"/);
  });

  it('writeSwf of the jobs alone gives the same job lines', async () => {
    const w = modelWorkload('downey97', { jobs: 300 });
    const plain = new Collect();
    await writeSwf(plain, { jobs: w.jobs });
    const full = await swfText(w);
    expect(full.swf.endsWith(plain.text)).toBe(true);
  });
});

describe('model workloads in workload specs (run / compare)', () => {
  it('opens { kind: "model" } with the run seed and machine override', async () => {
    const w = await openWorkload(
      { kind: 'model', model: 'zhou-99', jobs: 300, load: 0.7, options: { slot: 10 } },
      { seed: 4, machineProcessors: 64 },
    );
    expect(w).toMatchObject({ name: 'zhou-99', kind: 'model', processors: 64 });
    const jobs = [...(w.jobs as Iterable<Job>)];
    expect(jobs).toHaveLength(300);
    expect(jobs.every((j) => j.size <= 64 && j.runtime % 10 === 0)).toBe(true);
    const direct = modelWorkload('zhou-99', {
      jobs: 300,
      load: 0.7,
      processors: 64,
      seed: 4,
      options: { slot: 10 },
    });
    expect(jobs).toEqual([...direct.jobs]);
    expect(w.report()).toEqual({ name: 'zhou-99', kind: 'model', processors: 64 });
  });

  it('a JSON spec file names a model; K-resource workloads carry their resources', async () => {
    const path = join(dir, 'k.json');
    writeFileSync(
      path,
      JSON.stringify({ kind: 'model', name: 'leinberger', model: 'k-resource', options: { k: 8 }, jobs: 20 }),
    );
    const w = await openWorkload(path);
    expect(w.name).toBe('leinberger');
    expect(w.resources).toHaveLength(8);
  });

  it('bad model specs fail clearly', async () => {
    await expect(openWorkload({ kind: 'model', model: 'downy97' } as never)).rejects.toThrow(
      /did you mean 'downey97'/,
    );
    await expect(
      openWorkload({ kind: 'model', model: 'sevcik-94', options: { workload: 'WK9' } } as never),
    ).rejects.toThrow(/model 'sevcik-94'.*workload = "WK9"/);
  });
});
