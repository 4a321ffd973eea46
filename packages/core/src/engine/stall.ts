import type { SimJob } from './sim-job.ts';
import type { World } from './world.ts';

/** Why a run stalled: the jobs left waiting and, for each, why none of them could start. */
export interface StallReport {
  readonly waiting: number;
  /** One sentence per job, oldest first, at most ten. */
  readonly jobs: readonly string[];
}

/** Explain a stall from the state the run ended in. */
export function explainStall(w: World): StallReport {
  const left: SimJob[] = [];
  for (const seat of w.seats) {
    for (const job of seat.queue.waiting()) left.push(job);
    for (const job of seat.suspended) left.push(job);
    for (const job of seat.checkpointed) left.push(job);
  }
  left.sort((a, b) => a.arrival - b.arrival);
  const jobs = left.slice(0, 10).map((job) => {
    const seat = w.seats[job.owner]!;
    const size = job.record.size;
    const who = `job ${job.id} (${job.state}, ${size} processor${size === 1 ? '' : 's'}, ${seat.name})`;
    let idle = 0;
    for (const p of seat.owned) if (w.ledger.idle.has(p)) idle++;
    if (job.state === 'suspended') return `${who}: the discipline never resumed it`;
    if (job.minSize > idle) return `${who}: needs ${job.minSize} processors, ${idle} idle`;
    if (!w.ledger.fits(0, job.demand)) return `${who}: its resource demand exceeds what is free`;
    return `${who}: it fits now (${idle} processors idle) but the discipline did not start it`;
  });
  return { waiting: left.length, jobs };
}
