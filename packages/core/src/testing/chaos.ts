import * as z from 'zod';
import type { CapabilitiesInput } from '../discipline/capabilities.ts';
import { type DisciplineDefinition, defineDiscipline } from '../discipline/define.ts';
import type { SchedulingContext } from '../engine/context.ts';
import type { JobView } from '../engine/job-view.ts';
import { InvariantViolation } from '../errors/errors.ts';

/** What a chaos run saw: refusals by rule, and any operation that should have been refused but was not. */
export interface ChaosReport {
  readonly refused: Map<string, number>;
  readonly accepted: Map<string, number>;
  /** Sentences: an illegal operation accepted, or a refusal that does not name discipline, time and rule. */
  readonly faults: string[];
}

type Draw = () => number;

/**
 * A discipline that tries random operations, legal and illegal, and checks that every refusal
 * is a typed {@link InvariantViolation} naming the discipline, the job, the time and the rule,
 * and that an operation beyond its capabilities is always refused. After the chaos of a round
 * it starts, resumes and restarts what it legally can, so every run ends with all jobs done.
 * The run's {@link InvariantChecker} catches anything illegal the engine let through.
 */
export function chaosDiscipline(
  name: string,
  capabilities: CapabilitiesInput,
  report?: ChaosReport,
): DisciplineDefinition {
  const caps = { sizing: 'rigid', preemption: 'none', ...capabilities };
  const level = ['none', 'suspend', 'checkpoint', 'resize'].indexOf(caps.preemption);
  return defineDiscipline({
    name,
    summary: `random operations for a ${caps.sizing}, ${caps.preemption}-preemption discipline (tests only)`,
    source: 'schedlab testing',
    options: z.object({ timers: z.number().int().nonnegative().default(40) }).strict(),
    capabilities,
    create: (options, env) => {
      const rng = env.random.stream('chaos');
      const draw: Draw = () => rng.next();
      let timers = options.timers;
      const pick = <T>(list: readonly T[]): T | undefined =>
        list.length ? list[Math.floor(draw() * list.length)] : undefined;
      const attempt = (
        ctx: SchedulingContext,
        op: string,
        mustRefuse: boolean,
        act: () => void,
        job?: JobView,
        among: readonly JobView[] = job ? [job] : [],
      ) => {
        try {
          act();
          if (report) report.accepted.set(op, (report.accepted.get(op) ?? 0) + 1);
          if (mustRefuse)
            report?.faults.push(
              `time ${ctx.now}: ${op} of job ${job?.id} beyond the capabilities was accepted`,
            );
        } catch (error) {
          if (!(error instanceof InvariantViolation)) throw error;
          if (report) report.refused.set(error.rule, (report.refused.get(error.rule) ?? 0) + 1);
          const named = error.discipline === name && error.time === ctx.now && error.rule.length > 0;
          const namesJob =
            among.length === 0 || among.some((j) => j.id === error.jobId) || error.rule === 'known-job';
          if (!named || !namesJob)
            report?.faults.push(`time ${ctx.now}: refusal of ${op} not located: ${error.message}`);
        }
      };
      const count = (job: JobView): number =>
        caps.sizing === 'rigid'
          ? job.size
          : job.minSize + Math.floor(draw() * (job.maxSize - job.minSize + 1));

      return {
        schedule(ctx) {
          const { jobs } = ctx;
          // The constant-time count of residents agrees with the list, whatever the operations did.
          for (let p = 0; p < ctx.machine.spec.processors; p++)
            if (ctx.machine.residentCount(p) !== ctx.machine.residents(p).length)
              report?.faults.push(
                `time ${ctx.now}: processor ${p} counts ${ctx.machine.residentCount(p)} residents but lists ${ctx.machine.residents(p).length}`,
              );
          // Chaos: a handful of random operations on random jobs, some of them illegal.
          const rounds = Math.floor(draw() * 4);
          for (let i = 0; i < rounds; i++) {
            const all = [...jobs.pending, ...jobs.running, ...jobs.suspended, ...jobs.checkpointed];
            const job = pick(all);
            if (!job) break;
            const kind = Math.floor(draw() * 9);
            if (kind === 0)
              attempt(ctx, 'start', false, () => ctx.start(job, { processors: count(job) }), job);
            else if (kind === 1) {
              const ids = Array.from({ length: count(job) }, () =>
                Math.floor(draw() * ctx.machine.spec.processors),
              );
              attempt(ctx, 'start-on', false, () => ctx.start(job, { processors: ids }), job);
            } else if (kind === 2) attempt(ctx, 'suspend', level < 1, () => ctx.suspend(job), job);
            else if (kind === 3) attempt(ctx, 'resume', level < 1, () => ctx.resume(job), job);
            else if (kind === 4) attempt(ctx, 'checkpoint', level < 2, () => ctx.checkpoint(job), job);
            else if (kind === 5) {
              const target = Math.max(1, Math.floor(draw() * (job.maxSize + 2)));
              attempt(ctx, 'resize', level < 3, () => ctx.resize(job, target), job);
            } else if (kind === 6) {
              const out = jobs.running.filter(() => draw() < 0.5);
              const into = jobs.suspended.filter(() => draw() < 0.5);
              // Now and then a job named twice, or on both sides.
              if (draw() < 0.1 && out.length + into.length > 0)
                (draw() < 0.5 ? out : into).push((out[0] ?? into[0])!);
              if (out.length + into.length > 0) {
                attempt(
                  ctx,
                  'switch',
                  level < 1,
                  () => ctx.switch({ suspend: out, resume: into }),
                  out[0] ?? into[0],
                  [...out, ...into],
                );
              }
            } else if (kind === 7) {
              const ids = Array.from({ length: job.size }, () =>
                Math.floor(draw() * ctx.machine.spec.processors),
              );
              attempt(ctx, 'place', level < 1, () => ctx.place(job, { processors: ids }), job);
            } else {
              attempt(ctx, 'timer-in-past', false, () => ctx.setTimer(ctx.now - 1));
            }
          }
          // Then what is legal, so every job gets done: resume in place, restart, start in order.
          for (const job of jobs.suspended) {
            if (!job.inOverhead && job.processors.every((p) => ctx.machine.runningJob(p) === -1)) {
              attempt(ctx, 'resume-legal', false, () => ctx.resume(job), job);
            }
          }
          for (const job of [...jobs.checkpointed, ...jobs.pending]) {
            if (job.state === 'pending' || (job.state === 'checkpointed' && !job.inOverhead)) {
              const size = job.state === 'checkpointed' ? job.lastProcessors : job.size;
              if (ctx.machine.fits(size, job.demand)) {
                attempt(ctx, 'start-legal', false, () => ctx.start(job), job);
              }
            }
          }
          if (timers > 0 && draw() < 0.5) {
            timers--;
            ctx.setTimer(ctx.now + 1 + Math.floor(draw() * 20), 'chaos');
          }
        },
      };
    },
  });
}

/** One chaos discipline per capability class. */
export const chaosDisciplines = (report?: ChaosReport): DisciplineDefinition[] => [
  chaosDiscipline('chaos-rigid', { sizing: 'rigid', preemption: 'none' }, report),
  chaosDiscipline('chaos-moldable', { sizing: 'moldable', preemption: 'none' }, report),
  chaosDiscipline('chaos-suspend', { sizing: 'rigid', preemption: 'suspend' }, report),
  chaosDiscipline('chaos-checkpoint', { sizing: 'moldable', preemption: 'checkpoint' }, report),
  chaosDiscipline('chaos-malleable', { sizing: 'malleable', preemption: 'resize' }, report),
];
