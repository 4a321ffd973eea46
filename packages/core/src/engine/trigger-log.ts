import type { Operation, TimerHandle, Trigger } from './context.ts';
import type { JobView } from './job-view.ts';

const ARRIVAL = 0;
const COMPLETION = 1;
const KILLED = 2;
const OVERHEAD_END = 3;
const TIMER = 4;

/**
 * What woke a discipline, kept as columns the engine reuses from round to round. The trigger
 * objects a discipline reads are built from them only when it reads `ctx.triggers` (a
 * discipline that never does, and the engine at every event, build none), into a fresh array
 * per round that the engine never touches again: a discipline that keeps it sees no later round.
 */
export class TriggerLog {
  #kinds: number[] = [];
  /** The job of each trigger (undefined for a timer). */
  #jobs: (JobView | undefined)[] = [];
  /** The operation of an overhead's end, or the timer's handle. */
  #details: (Operation | TimerHandle | undefined)[] = [];
  size = 0;

  arrival(job: JobView): void {
    this.#add(ARRIVAL, job, undefined);
  }

  left(job: JobView, ending: 'finished' | 'killed'): void {
    this.#add(ending === 'finished' ? COMPLETION : KILLED, job, undefined);
  }

  overheadEnd(job: JobView, operation: Operation): void {
    this.#add(OVERHEAD_END, job, operation);
  }

  timer(handle: TimerHandle): void {
    this.#add(TIMER, undefined, handle);
  }

  /** The triggers as a discipline sees them: new objects in a new array. */
  triggers(): Trigger[] {
    const out: Trigger[] = new Array(this.size);
    for (let i = 0; i < this.size; i++) {
      const job = this.#jobs[i]!;
      switch (this.#kinds[i]) {
        case ARRIVAL:
          out[i] = { kind: 'arrival', job };
          break;
        case COMPLETION:
          out[i] = { kind: 'completion', job };
          break;
        case KILLED:
          out[i] = { kind: 'killed', job };
          break;
        case OVERHEAD_END:
          out[i] = { kind: 'overhead-end', job, operation: this.#details[i] as Operation };
          break;
        default: {
          const timer = this.#details[i] as TimerHandle;
          out[i] = { kind: 'timer', tag: timer.tag, timer };
        }
      }
    }
    return out;
  }

  /** Forget every trigger (and the jobs they name, so none is kept alive). */
  clear(): void {
    for (let i = 0; i < this.size; i++) {
      this.#jobs[i] = undefined;
      this.#details[i] = undefined;
    }
    this.size = 0;
  }

  #add(kind: number, job: JobView | undefined, detail: Operation | TimerHandle | undefined): void {
    const i = this.size++;
    this.#kinds[i] = kind;
    this.#jobs[i] = job;
    this.#details[i] = detail;
  }
}
