import {
  ConfigError,
  type Job,
  type JobOutcome,
  type OccupancySample,
  parseOptions,
  type RunInfo,
  type RunObserver,
  type RunStatus,
} from '@js/core';
import { CompensatedSum } from '../distribution/compensated-sum.ts';
import { Distribution } from '../distribution/distribution.ts';
import { resourceRequirement } from '../job-record/resource-requirement.ts';
import { boundedSlowdown, slowdown } from '../job-record/slowdown.ts';
import { OccupancyIntegral } from '../occupancy/occupancy-integral.ts';
import { type MeasurementProgress, MeasurementWindow } from './measurement-window.ts';
import {
  type ResolvedRunMetricsOptions,
  type RunMetricsOptions,
  runMetricsOptionsSchema,
} from './options.ts';
import type { RunSummary, SummaryInput } from './run-summary.ts';

/** A run observer that keeps streaming figures and, once the run has ended, sums them up. */
export interface RunMetrics extends RunObserver {
  /** Start the run: remember the machine's resources for utilisation and resource-weighted figures. */
  begin(info: RunInfo): void;
  submitted(job: Job, now: number): void;
  /** Add an occupancy change to the time-weighted utilisation and queue-length integrals. */
  sample(occupancy: OccupancySample): void;
  /** Count a departure and, if the job is in the measured window, add its wait, response and slowdowns. */
  jobEnded(outcome: JobOutcome): void;
  /** Close the run with its end time and status (a saturated run keeps partial figures). */
  end(now: number, status: RunStatus): void;
  /** Where the measurement window stands (for a saturation rule, or a progress display). */
  progress(): MeasurementProgress;
  /** The run's figures; only after `end`. */
  summary(input?: SummaryInput): RunSummary;
}

/**
 * Metrics of one run in memory that does not grow with the number of jobs: counters, exact sums,
 * quantile sketches, and the measured jobs still in the system (only when a window is set).
 */
export function createRunMetrics(options?: RunMetricsOptions): RunMetrics {
  return new RunMetricsCollector(parseOptions('metrics', runMetricsOptionsSchema, options));
}

class RunMetricsCollector implements RunMetrics {
  readonly #options: ResolvedRunMetricsOptions;
  readonly #window: MeasurementWindow;
  readonly #wait: Distribution;
  readonly #response: Distribution;
  readonly #slowdown: Distribution;
  readonly #boundedSlowdown: Distribution;
  readonly #partitionSize: Distribution;
  readonly #weightedResponse = new CompensatedSum();
  readonly #weight = new CompensatedSum();
  readonly #resourceWeightedResponse = new CompensatedSum();
  readonly #resourceWeight = new CompensatedSum();
  #info: RunInfo | undefined;
  #occupancy: OccupancyIntegral | undefined;
  #submitted = 0;
  #maxQueued = 0;
  #finished = 0;
  #killed = 0;
  #firstSubmit = Number.POSITIVE_INFINITY;
  #lastEnd = Number.NEGATIVE_INFINITY;
  #ended: { readonly now: number; readonly status: RunStatus } | undefined;

  constructor(options: ResolvedRunMetricsOptions) {
    this.#options = options;
    this.#window = new MeasurementWindow(options.warmUpJobs, options.measuredJobs);
    const alpha = options.quantileAccuracy;
    this.#wait = new Distribution(alpha);
    this.#response = new Distribution(alpha);
    this.#slowdown = new Distribution(alpha);
    this.#boundedSlowdown = new Distribution(alpha);
    this.#partitionSize = new Distribution(alpha);
  }

  begin(info: RunInfo): void {
    this.#info = info;
    this.#occupancy = new OccupancyIntegral(info.resourceNames.length);
  }

  submitted(job: Job, now: number): void {
    const occupancy = this.#begun();
    this.#submitted++;
    if (!this.#window.submitted(job.id)) return;
    if (job.submit < this.#firstSubmit) this.#firstSubmit = job.submit;
    occupancy.open(now);
  }

  sample(occupancy: OccupancySample): void {
    const integral = this.#begun();
    integral.record(occupancy);
    if (integral.isOpen && occupancy.queued > this.#maxQueued) this.#maxQueued = occupancy.queued;
  }

  jobEnded(outcome: JobOutcome): void {
    const occupancy = this.#begun();
    const info = this.#info!;
    if (outcome.ending === 'finished') this.#finished++;
    else this.#killed++;
    if (!this.#window.ended(outcome.job.id)) return;

    const { job, start, end, runTime } = outcome;
    const response = end - job.submit;
    this.#wait.add(start - job.submit);
    this.#response.add(response);
    this.#slowdown.add(slowdown(response, runTime));
    this.#boundedSlowdown.add(boundedSlowdown(response, runTime, this.#options.boundedSlowdownThreshold));
    if (runTime > 0) this.#partitionSize.add(outcome.processorTime / runTime);
    this.#weightedResponse.add(outcome.processorTime * response);
    this.#weight.add(outcome.processorTime);
    const resourceWeight = runTime * resourceRequirement(job, info);
    this.#resourceWeightedResponse.add(resourceWeight * response);
    this.#resourceWeight.add(resourceWeight);
    if (job.submit < this.#firstSubmit) this.#firstSubmit = job.submit;
    if (end > this.#lastEnd) this.#lastEnd = end;
    // The measured period may end here: remember the integrals in case no measured job follows.
    if (this.#window.measuredInSystemIsEmpty) occupancy.mark(end);
  }

  end(now: number, status: RunStatus): void {
    this.#ended = { now, status };
  }

  progress(): MeasurementProgress {
    return this.#window.progress();
  }

  summary(input: SummaryInput = {}): RunSummary {
    const ended = this.#ended;
    if (!ended) throw new ConfigError('metrics: summary() was called before the run ended (no end() yet)');
    const info = this.#info!;
    const occupancy = this.#occupancy!;
    const measured = this.#response.count;
    const periodEndsAtMark = this.#window.measuredInSystemIsEmpty && !Number.isNaN(occupancy.markedAt);
    const means = occupancy.means(periodEndsAtMark ? 'mark' : ended.now);
    const makespan = measured > 0 ? this.#lastEnd - this.#firstSubmit : Number.NaN;
    const resources: Record<string, number> = {};
    info.resourceNames.forEach((name, i) => {
      const capacity = info.resourceCapacities[i] ?? 0;
      resources[name] = capacity > 0 ? means.resourcesInUse[i] / capacity : 0;
    });
    const cleanedByRule = typeof input.cleaned === 'object' ? { ...input.cleaned } : {};
    const cleaned =
      typeof input.cleaned === 'number'
        ? input.cleaned
        : Object.values(cleanedByRule).reduce((a, b) => a + b, 0);
    return {
      discipline: info.discipline,
      status: ended.status,
      jobs: {
        submitted: this.#submitted,
        finished: this.#finished,
        killed: this.#killed,
        inSystem: this.#submitted - this.#finished - this.#killed,
        cleaned,
      },
      cleanedByRule,
      window: {
        warmUpJobs: this.#options.warmUpJobs,
        measuredJobs: this.#options.measuredJobs ?? null,
        jobs: measured,
        start: means.start,
        end: means.end,
      },
      wait: this.#wait.summary(),
      response: this.#response.summary(),
      slowdown: this.#slowdown.summary(),
      boundedSlowdown: this.#boundedSlowdown.summary(),
      partitionSize: this.#partitionSize.summary(),
      boundedSlowdownThreshold: this.#options.boundedSlowdownThreshold,
      quantileAccuracy: this.#options.quantileAccuracy,
      makespan,
      throughput: makespan > 0 ? measured / makespan : Number.NaN,
      weightedResponseTime: this.#weightedResponse.value / this.#weight.value,
      resourceWeightedResponseTime: this.#resourceWeightedResponse.value / this.#resourceWeight.value,
      utilisation: {
        processors: info.processors > 0 ? means.busyProcessors / info.processors : 0,
        resources,
      },
      meanQueueLength: means.queueLength,
      maxQueueLength: this.#maxQueued,
      meanRunningJobs: means.runningJobs,
    };
  }

  #begun(): OccupancyIntegral {
    const occupancy = this.#occupancy;
    if (!occupancy) throw new ConfigError('metrics: the engine must call begin() before any other hook');
    return occupancy;
  }
}
