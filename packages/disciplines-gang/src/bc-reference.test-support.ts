import type { Job } from '@js/core';
import type { BuddyPlacement } from './conventional-buddy.ts';

/**
 * An independent conventional buddy gang scheduler (BC) for checking `gang-bc` against: a plain
 * loop over quanta, written from the rules alone, with no scheduling matrix, workload tree,
 * engine or timer. It was first written apart from the discipline (as a separate program, from
 * the paper and these rules only) and agreed with it on every job of 40 job sets of the zhou-99
 * model; this is that program's logic.
 *
 * The rules (whole-quantum runtimes, processors a power of two):
 * - A job takes an aligned buddy block of the smallest power of two ≥ its size, all idle in one
 *   slot: 'block-first', the lowest block idle in some slot (its first such slot); 'slot-first',
 *   the first slot holding an idle block (its lowest). None: a new slot at the end, block 0.
 * - Slots run in turn, one quantum each; a job runs one quantum per turn of its slot and leaves
 *   at the end of the quantum that completes it.
 * - While the matrix holds jobs, a boundary falls every quantum; a job arriving to an empty
 *   matrix starts a boundary at once, one arriving otherwise waits for the next boundary.
 * - At a boundary: the jobs that arrived are placed, oldest first; slots without jobs are
 *   deleted (one is always kept); the turn passes to the first surviving slot after the one that
 *   just ran (in row order, cyclically), or to the first slot after a time with no jobs.
 *
 * Returns each job's end time by id, and the figures of §2 from the first arrival to the last
 * departure: n_a (time-averaged slots), n_l (most slots) and r_a (busy processors of the running
 * slot, time-averaged, over the processors).
 */
export function referenceBc(
  jobs: readonly Job[],
  processors: number,
  quantum: number,
  placement: BuddyPlacement = 'block-first',
): { ends: Map<number, number>; n_a: number; n_l: number; r_a: number } {
  interface Cell {
    readonly job: Job;
    readonly start: number;
    readonly width: number;
    done: number;
  }
  type Slot = Cell[];
  const queue = [...jobs].sort((a, b) => a.submit - b.submit || a.id - b.id);
  const ends = new Map<number, number>();
  let slots: Slot[] = [[]];
  let next = 0;
  let inMatrix = 0;
  let running = -1;
  const first = queue[0]?.submit ?? 0;
  let now = first;
  let slotTime = 0;
  let busyTime = 0;
  let n_l = 1;

  const idle = (slot: Slot, start: number, width: number) =>
    slot.every((c) => c.start + c.width <= start || start + width <= c.start);
  const find = (width: number): [number, number] | undefined => {
    const blocks = Array.from({ length: processors / width }, (_, b) => b * width);
    if (placement === 'block-first') {
      for (const start of blocks)
        for (let s = 0; s < slots.length; s++) if (idle(slots[s]!, start, width)) return [s, start];
    } else {
      for (let s = 0; s < slots.length; s++)
        for (const start of blocks) if (idle(slots[s]!, start, width)) return [s, start];
    }
    return undefined;
  };
  const place = (job: Job) => {
    let width = 1;
    while (width < job.size) width *= 2;
    let found = find(width);
    if (found === undefined) {
      slots.push([]);
      found = [slots.length - 1, 0];
    }
    slots[found[0]]!.push({ job, start: found[1], width, done: 0 });
    inMatrix++;
  };

  while (next < queue.length || inMatrix > 0) {
    if (inMatrix === 0) {
      // Nothing runs (the kept slot stands empty): the next arrival starts a boundary at once.
      const arrival = Math.max(now, queue[next]!.submit);
      slotTime += slots.length * (arrival - now);
      now = arrival;
      running = -1;
    } else {
      // The running slot's quantum ends: its jobs progress, and those done leave.
      now += quantum;
      const slot = slots[running]!;
      slotTime += slots.length * quantum;
      for (const cell of slot) busyTime += cell.job.size * quantum;
      for (const cell of slot) {
        cell.done += quantum;
        if (cell.done >= cell.job.runtime - 1e-9) {
          ends.set(cell.job.id, now);
          inMatrix--;
        }
      }
      slots[running] = slot.filter((c) => !ends.has(c.job.id));
    }
    while (next < queue.length && queue[next]!.submit <= now) place(queue[next++]!);
    // Delete empty slots (keeping one) and pass the turn on.
    const alive = slots.map((s) => s.length > 0);
    let turn = -1;
    for (let d = 1; d <= slots.length && running >= 0; d++) {
      const s = (running + d) % slots.length;
      if (alive[s]) {
        turn = s;
        break;
      }
    }
    if (running < 0) turn = alive.indexOf(true);
    const kept = slots.filter((_, s) => alive[s]);
    running = turn < 0 ? -1 : alive.slice(0, turn).filter(Boolean).length;
    slots = kept.length > 0 ? kept : [[]];
    n_l = Math.max(n_l, slots.length);
  }
  const elapsed = now - first;
  return { ends, n_a: slotTime / elapsed, n_l, r_a: busyTime / (processors * elapsed) };
}
