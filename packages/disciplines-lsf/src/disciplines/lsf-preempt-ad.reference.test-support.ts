import { defineDiscipline, hasRunMinimum, type JobView, type SchedulingContext } from '@js/core';
import { fitsWithin } from '@js/machine';
import { nextQuantum, Wake } from '../policy/reallocation.ts';
import { remainingDemand } from '../policy/service-order.ts';
import { spreadLeftovers } from '../policy/spread.ts';
import { lsfPreemptAd } from './lsf-preempt-ad.ts';

/**
 * LSF-PREEMPT-AD read plainly from its definition (seed 000 §5.1), for tests only: every round the
 * matrix is built afresh, every row is filled to the end with every candidate, and the row holding
 * the least-served job is chosen. No state is kept between rounds but the quantum's timer, no row
 * is passed over, no candidate skipped unread: what `lsf-preempt-ad` does faster must come to the
 * same operations.
 */
export const lsfPreemptAdReference = defineDiscipline({
  name: 'lsf-preempt-ad-reference',
  summary: 'LSF-PREEMPT-AD read plainly (tests only)',
  source: 'Parsons & Sevcik 1997, §5.1',
  options: lsfPreemptAd.options,
  capabilities: { sizing: 'moldable', preemption: 'suspend' },
  create: (opts, { machine, profile }) => {
    const limit = Math.min(profile.multiprogrammingLimit, machine.multiprogrammingLimit);
    const wake = new Wake();
    return {
      schedule(ctx) {
        const { pending, running, suspended } = ctx.jobs;
        const knowsDemand = (pending[0] ?? running[0] ?? suspended[0])?.work !== undefined;
        const standing = new Map<JobView, number>();
        for (const j of [...pending, ...running, ...suspended])
          standing.set(j, knowsDemand ? remainingDemand(j)! : j.acquired);
        const value = (j: JobView) => standing.get(j)!;

        const blocked = suspended.filter((j) => j.inOverhead).flatMap((j) => [...j.processors]);
        const stopped = suspended.filter((j) => !j.inOverhead);
        const keep = running.filter(
          (j) => j.inOverhead || !hasRunMinimum(j.sinceRun, profile.minRunBeforeSuspend, ctx.now),
        );
        const residents = new Map<number, number>();
        for (const j of [...running, ...suspended])
          for (const p of j.processors) residents.set(p, (residents.get(p) ?? 0) + 1);
        const owned = new Set([...ctx.machine.idle.lowest(ctx.machine.idleProcessors), ...residents.keys()]);
        const room = new Set([...owned].filter((p) => (residents.get(p) ?? 0) + 1 <= limit));
        const candidates = [...pending, ...stopped, ...running.filter((j) => !keep.includes(j))].sort(
          (a, b) => value(a) - value(b) || a.arrival - b.arrival,
        );

        // Step 1: the running row, the stopped jobs each in the first row where its processors are
        // uncommitted, and an empty row.
        const stoppedRows: JobView[][] = [];
        for (const job of stopped) {
          const row = stoppedRows.find((r) =>
            r.every((o) => !o.processors.some((p) => job.processors.includes(p))),
          );
          if (row) row.push(job);
          else stoppedRows.push([job]);
        }
        // Steps 2–3: fill every row; choose the one holding the least-served job, the earlier on a tie.
        let chosen: Row | undefined;
        let least = Number.POSITIVE_INFINITY;
        for (const members of [running, ...stoppedRows, []]) {
          const row = fill(ctx, members, keep, blocked, candidates, room);
          if (!row) continue;
          for (const j of [...row.resident, ...row.pending]) {
            if (value(j) < least) {
              least = value(j);
              chosen = row;
            }
          }
        }
        if (chosen) switchTo(ctx, chosen, room, profile.suspend === 0);
        const waits = (j: JobView) => j.state === 'pending' || j.state === 'suspended';
        if ([...pending, ...running, ...suspended].some(waits))
          wake.at(ctx, nextQuantum(ctx.now, opts.quantum), 'quantum');
      },
    };
  },
});

interface Row {
  resident: JobView[];
  pending: JobView[];
  committed: Set<number>;
  open: number;
  reserved: number;
}

function fill(
  ctx: SchedulingContext,
  members: readonly JobView[],
  keep: readonly JobView[],
  blocked: readonly number[],
  candidates: readonly JobView[],
  room: ReadonlySet<number>,
): Row | undefined {
  const row: Row = { resident: [], pending: [], committed: new Set(blocked), open: 0, reserved: 0 };
  const collides = (j: JobView) => j.processors.some((p) => row.committed.has(p));
  for (const j of [...members, ...keep.filter((k) => !members.includes(k))]) {
    if (collides(j)) return undefined;
    row.resident.push(j);
    for (const p of j.processors) row.committed.add(p);
  }
  row.open = [...room].filter((p) => !row.committed.has(p)).length;
  const free = Array.from(ctx.machine.spec.capacities, (_, r) => ctx.machine.free(r));
  for (const j of candidates) {
    if (j.state === 'pending') {
      if (row.open - row.reserved < j.minSize || !fitsWithin(j.demand, free, ctx.machine.spec.capacities))
        continue;
      for (let r = 0; r < j.demand.length; r++) free[r] = free[r]! - j.demand[r]!;
      row.pending.push(j);
      row.reserved += j.minSize;
    } else {
      if (collides(j)) continue;
      const taken = j.processors.filter((p) => room.has(p)).length;
      if (row.open - taken < row.reserved) continue;
      row.resident.push(j);
      for (const p of j.processors) row.committed.add(p);
      row.open -= taken;
    }
  }
  return row;
}

/** Step 4: the row's pending jobs get its open processors, lowest first, and the machine switches to it. */
function switchTo(ctx: SchedulingContext, row: Row, room: ReadonlySet<number>, suspendIsFree: boolean): void {
  const counts = row.pending.map((j) => j.minSize);
  spreadLeftovers(row.pending, counts, row.open - row.reserved);
  const suspend = ctx.jobs.running.filter((j) => !row.resident.includes(j));
  const resume = row.resident.filter((j) => j.state === 'suspended');
  const idle = (ps: readonly number[]) => ps.every((p) => ctx.machine.idle.has(p));
  if (suspendIsFree) {
    if (suspend.length || resume.length) ctx.switch({ suspend, resume });
  } else {
    if (suspend.length) ctx.switch({ suspend });
    for (const j of resume) if (idle(j.processors)) ctx.resume(j);
  }
  const open = [...room].filter((p) => !row.committed.has(p)).sort((a, b) => a - b);
  row.pending.forEach((job, i) => {
    const processors = open.splice(0, counts[i]!);
    if (idle(processors)) ctx.start(job, { processors });
  });
}
