/** How far a run has got through its measurement window. */
export interface MeasurementProgress {
  /** Measured jobs submitted so far. */
  readonly measuredSubmitted: number;
  /** Measured jobs that have left the system. */
  readonly measuredEnded: number;
  /** Jobs submitted after the last measured one (the A&S saturation rule counts these). */
  readonly arrivalsAfterWindow: number;
  /** True once every measured job has been submitted and has left (never, without a window). */
  readonly complete: boolean;
}

/**
 * Which jobs are measured: the submissions numbered warmUpJobs … warmUpJobs + measuredJobs − 1
 * (0-based, in submission order). Only measured jobs still in the system are remembered, so
 * memory follows the jobs in the system. Without a window every job is measured and nothing is
 * remembered.
 */
export class MeasurementWindow {
  readonly #first: number;
  readonly #afterLast: number;
  readonly #everyJob: boolean;
  readonly #inSystem = new Set<number>();
  #submitted = 0;
  #measuredSubmitted = 0;
  #measuredEnded = 0;

  constructor(warmUpJobs: number, measuredJobs: number | undefined) {
    this.#first = warmUpJobs;
    this.#afterLast = measuredJobs === undefined ? Number.POSITIVE_INFINITY : warmUpJobs + measuredJobs;
    this.#everyJob = warmUpJobs === 0 && measuredJobs === undefined;
  }

  /** Count a submission; true when this job is measured. */
  submitted(jobId: number): boolean {
    const index = this.#submitted++;
    if (index < this.#first || index >= this.#afterLast) return false;
    this.#measuredSubmitted++;
    if (!this.#everyJob) this.#inSystem.add(jobId);
    return true;
  }

  /** Count a departure; true when the job was measured. */
  ended(jobId: number): boolean {
    if (this.#everyJob) {
      this.#measuredEnded++;
      return true;
    }
    if (!this.#inSystem.delete(jobId)) return false;
    this.#measuredEnded++;
    return true;
  }

  /** No measured job is in the system now (none yet, or all of them have left). */
  get measuredInSystemIsEmpty(): boolean {
    return this.#measuredEnded >= this.#measuredSubmitted;
  }

  /** Measured jobs submitted and left so far, arrivals after the window, and whether the window is complete. */
  progress(): MeasurementProgress {
    const arrivalsAfterWindow = Math.max(0, this.#submitted - this.#afterLast);
    return {
      measuredSubmitted: this.#measuredSubmitted,
      measuredEnded: this.#measuredEnded,
      arrivalsAfterWindow,
      complete: this.#submitted >= this.#afterLast && this.measuredInSystemIsEmpty,
    };
  }
}
