/**
 * An independent EASY for cross-checking the engine + `easy` on real traces: a plain loop over
 * arrays with no event queue, no ledger and no shared code, written from the textbook definition
 * with the same tie rules (at an instant: departures, then arrivals, then one scheduling pass;
 * estimated end = max(now, start + estimate); jobs ending at the shadow time all count toward the
 * extra). Processors only (K = 1). Exported from `@js/disciplines-backfill/testing` so other
 * tests (and plugin authors comparing an EASY variant) can cross-check against it.
 */
export interface ReferenceJob {
  readonly id: number;
  readonly submit: number;
  readonly size: number;
  readonly runtime: number;
  readonly estimate: number;
}

/** Start time of every job, by id. */
export function referenceEasy(jobs: readonly ReferenceJob[], processors: number): Map<number, number> {
  const starts = new Map<number, number>();
  const queue: ReferenceJob[] = [];
  let running: { job: ReferenceJob; start: number }[] = [];
  let free = processors;
  let next = 0;
  while (next < jobs.length || queue.length > 0 || running.length > 0) {
    let now = Number.POSITIVE_INFINITY;
    for (const r of running) now = Math.min(now, r.start + r.job.runtime);
    if (next < jobs.length) now = Math.min(now, jobs[next]!.submit);
    const still: typeof running = [];
    for (const r of running) {
      if (r.start + r.job.runtime === now) free += r.job.size;
      else still.push(r);
    }
    running = still;
    while (next < jobs.length && jobs[next]!.submit === now) queue.push(jobs[next++]!);

    const launch = (job: ReferenceJob) => {
      starts.set(job.id, now);
      running.push({ job, start: now });
      free -= job.size;
    };
    while (queue.length > 0 && queue[0]!.size <= free) launch(queue.shift()!);
    if (queue.length === 0) continue;

    const head = queue[0]!;
    const ends = running
      .map((r) => ({ end: Math.max(now, r.start + r.job.estimate), size: r.job.size }))
      .sort((a, b) => a.end - b.end);
    let available = free;
    let shadow = now;
    for (let k = 0; available < head.size; ) {
      shadow = ends[k]!.end;
      while (k < ends.length && ends[k]!.end === shadow) available += ends[k++]!.size;
    }
    let extra = available - head.size;
    const waiting = queue.slice(1);
    queue.length = 1;
    for (const job of waiting) {
      const endsInTime = now + job.estimate <= shadow;
      if (job.size <= free && (endsInTime || job.size <= extra)) {
        if (!endsInTime) extra -= job.size;
        launch(job);
      } else {
        queue.push(job);
      }
    }
  }
  return starts;
}
