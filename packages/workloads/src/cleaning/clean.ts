import { ConfigError, type Job, parseOptions } from '@js/core';
import {
  type CleaningRuleName,
  type CleaningRules,
  type CleaningRulesInput,
  cleaningRulesSchema,
} from './rules.ts';

/** What cleaning did: jobs in and out, and how many jobs each rule dropped or changed. */
export interface CleaningReport {
  readonly jobsIn: number;
  readonly jobsOut: number;
  /** The action each rule took. */
  readonly rules: CleaningRules;
  /** Jobs each rule dropped or changed. */
  readonly counts: Readonly<Record<CleaningRuleName, number>>;
}

/**
 * Applies the cleaning rules one job at a time (so it works on any stream) and counts what
 * each rule did. `processors` is the machine size that `widerThanMachine` compares with.
 */
export class Cleaner {
  readonly rules: CleaningRules;
  readonly #processors: number;
  readonly #counts: Record<CleaningRuleName, number> = {
    nonPositiveRuntime: 0,
    nonPositiveSize: 0,
    widerThanMachine: 0,
    unknownEstimate: 0,
    runtimeAboveRequest: 0,
  };
  #in = 0;
  #out = 0;

  constructor(processors: number, rules?: CleaningRulesInput) {
    if (!Number.isInteger(processors) || processors < 1) {
      throw new ConfigError(
        `cleaning needs the machine's processors as a positive integer, got ${processors}`,
      );
    }
    this.#processors = processors;
    this.rules = parseOptions('cleaning', cleaningRulesSchema, rules);
  }

  /** The cleaned job, or undefined when a rule dropped it. */
  apply(job: Job): Job | undefined {
    this.#in++;
    const rules = this.rules;
    const counts = this.#counts;
    let out = job;
    if (out.runtime <= 0) {
      counts.nonPositiveRuntime++;
      if (rules.nonPositiveRuntime === 'drop') return undefined;
      out = { ...out, runtime: 1 };
    }
    if (out.size <= 0) {
      counts.nonPositiveSize++;
      return undefined;
    }
    if (out.size > this.#processors) {
      counts.widerThanMachine++;
      if (rules.widerThanMachine === 'drop') return undefined;
      out = { ...out, size: this.#processors };
    }
    if (out.estimate === Number.POSITIVE_INFINITY) {
      counts.unknownEstimate++;
      if (rules.unknownEstimate === 'runtime') out = { ...out, estimate: out.runtime };
    }
    if (out.runtime > out.estimate) {
      counts.runtimeAboveRequest++;
      if (rules.runtimeAboveRequest === 'clip-runtime') out = { ...out, runtime: out.estimate };
      else if (rules.runtimeAboveRequest === 'raise-estimate') out = { ...out, estimate: out.runtime };
    }
    this.#out++;
    return out;
  }

  /** Jobs in and out so far, the rules in force and how many jobs each rule dropped or changed. */
  report(): CleaningReport {
    return { jobsIn: this.#in, jobsOut: this.#out, rules: this.rules, counts: { ...this.#counts } };
  }
}

/** A cleaned stream (of the same kind as its input) and the running report. */
export interface CleanedJobs<Jobs> {
  readonly jobs: Jobs;
  /** Counts so far; final once `jobs` is exhausted. */
  report(): CleaningReport;
}

/** Clean a stream of jobs lazily; the result is async exactly when the input is. */
export function cleanJobs(
  jobs: AsyncIterable<Job>,
  processors: number,
  rules?: CleaningRulesInput,
): CleanedJobs<AsyncIterable<Job>>;
export function cleanJobs(
  jobs: Iterable<Job>,
  processors: number,
  rules?: CleaningRulesInput,
): CleanedJobs<Iterable<Job>>;
export function cleanJobs(
  jobs: AsyncIterable<Job> | Iterable<Job>,
  processors: number,
  rules?: CleaningRulesInput,
): CleanedJobs<AsyncIterable<Job> | Iterable<Job>>;
export function cleanJobs(
  jobs: AsyncIterable<Job> | Iterable<Job>,
  processors: number,
  rules?: CleaningRulesInput,
): CleanedJobs<AsyncIterable<Job> | Iterable<Job>> {
  const cleaner = new Cleaner(processors, rules);
  const report = (): CleaningReport => cleaner.report();
  if (Symbol.asyncIterator in jobs) {
    return {
      jobs: {
        async *[Symbol.asyncIterator]() {
          for await (const job of jobs) {
            const cleaned = cleaner.apply(job);
            if (cleaned) yield cleaned;
          }
        },
      },
      report,
    };
  }
  return {
    jobs: {
      *[Symbol.iterator]() {
        for (const job of jobs) {
          const cleaned = cleaner.apply(job);
          if (cleaned) yield cleaned;
        }
      },
    },
    report,
  };
}
