import { deserialize, serialize } from 'node:v8';
import type { Registry, RunResult } from '@js/core';
import type { RunSummary } from '@js/metrics';
import { openWorkload, type WorkloadSpecInput } from '@js/workloads';
import { createRegistry } from '../registry/builtins.ts';
import { type RunSettings, runDiscipline } from './execute.ts';

/** The settings of a planned run that are plain data (a plan crosses to a worker process). */
export type PlanSettings = Omit<RunSettings, 'registry' | 'seed' | 'out' | 'progress' | 'observers'>;

/** One run as plain data: the discipline, the workload spec, the seed and the settings. */
export interface RunPlan {
  readonly discipline: string;
  readonly workload: WorkloadSpecInput;
  readonly seed: number;
  readonly settings?: PlanSettings;
}

/** What a planned run gives back: its figures and the engine's result (status, counters). */
export interface PlanReport {
  readonly summary: RunSummary;
  readonly result: RunResult;
}

/** Runs plans as they come, at most `workers` at a time, each report in its own promise. */
export interface Runner {
  run(plan: RunPlan): Promise<PlanReport>;
  /** Stop the workers (after the last report was awaited, or after a failure). */
  close(): Promise<void>;
}

/** A plan and the plugins its worker loads (the built-ins always). */
export interface PlanTask {
  readonly plan: RunPlan;
  readonly plugins: readonly string[];
}

/** Run one plan with a registry; the one path for both the main process and the workers. */
export async function executePlan(registry: Registry, plan: RunPlan): Promise<PlanReport> {
  const workload = await openWorkload(plan.workload, { seed: plan.seed });
  const report = await runDiscipline(plan.discipline, workload, {
    ...plan.settings,
    registry,
    seed: plan.seed,
  });
  return { summary: report.summary, result: report.result };
}

const registries = new Map<string, Promise<Registry>>();

/**
 * The worker processes' entry (`runPlan` of `dist/worker.js`): the report serialised by V8,
 * so that figures JSON cannot carry (NaN, ∞) cross the process boundary exactly.
 */
export async function runPlan(task: PlanTask): Promise<string> {
  const key = JSON.stringify(task.plugins);
  let registry = registries.get(key);
  if (!registry) registries.set(key, (registry = createRegistry(task.plugins)));
  return serialize(await executePlan(await registry, task.plan)).toString('base64');
}

/** A report as {@link runPlan} sends it. */
export const decodeReport = (text: string): PlanReport =>
  deserialize(Buffer.from(text, 'base64')) as PlanReport;
