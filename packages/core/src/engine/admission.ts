import type { Machine } from '@js/machine';
import { ConfigError, InputError } from '../errors/errors.ts';
import { type Job, maxProcessors, minProcessors } from '../job/job.ts';
import { EventKind, Priority } from './event-queue.ts';
import { JobViewImpl } from './job-view.ts';
import { type Route, routeOf } from './partitions.ts';
import { SimJob } from './sim-job.ts';
import type { World } from './world.ts';

const bad = (record: Job, field: string, detail: string): never => {
  throw new InputError(`workload job ${record.id}`, undefined, field, detail);
};

/**
 * Check a job from the workload before it enters the run: its fields, its order in the
 * stream, and that the machine can ever hold it.
 */
export function admit(
  record: Job,
  demand: ArrayLike<number>,
  machine: Machine,
  lastSubmit: number,
  inSystem: ReadonlyMap<number, unknown>,
): void {
  if (!(record.submit >= 0) || !Number.isFinite(record.submit)) {
    bad(record, 'submit', `submit time ${record.submit} must be a finite number ≥ 0`);
  }
  if (record.submit < lastSubmit) {
    bad(
      record,
      'submit',
      `submit time ${record.submit} is before the previous job's ${lastSubmit}: jobs must come in submit order`,
    );
  }
  if (!Number.isInteger(record.size) || record.size < 1)
    bad(record, 'size', `size ${record.size} must be a positive integer`);
  if (!(record.runtime > 0) || !Number.isFinite(record.runtime)) {
    bad(record, 'runtime', `runtime ${record.runtime} must be positive and finite`);
  }
  if (!(record.estimate > 0))
    bad(record, 'estimate', `estimate ${record.estimate} must be positive (Infinity when unknown)`);
  if (inSystem.has(record.id)) bad(record, 'id', `job id ${record.id} is already in the system`);
  const min = minProcessors(record);
  const max = maxProcessors(record);
  if (min > machine.processors || min > record.size || record.size > max) {
    throw new ConfigError(
      `workload job ${record.id}: needs ${min}..${max} processors (size ${record.size}) on a machine of ${machine.processors}: ` +
        'clean the workload (cleaning rule widerThanMachine) or use a larger machine',
    );
  }
  for (let r = 0; r < demand.length; r++) {
    // A NaN or negative amount would poison the ledger: every later demand would "fit".
    if (!(demand[r]! >= 0) || !Number.isFinite(demand[r]!)) {
      bad(record, `resources.${machine.resourceNames[r]}`, `amount ${demand[r]} must be a finite number ≥ 0`);
    }
    if (demand[r]! > machine.capacities[r]!) {
      throw new ConfigError(
        `workload job ${record.id}: needs ${demand[r]} of '${machine.resourceNames[r]}', capacity ${machine.capacities[r]}`,
      );
    }
  }
}

/**
 * Admit a job read from the workload: check it, route it to its discipline, and queue its
 * arrival. It is in the system (by id) from now, but no discipline sees it before it arrives.
 */
export function enter(w: World, record: Job, arrival: number, lastSubmit: number, route: Route): SimJob {
  const job = new SimJob(record, arrival, w.machine, w.knowledge);
  admit(record, job.demand, w.machine, lastSubmit, w.byId);
  job.owner = routeOf(route, record, w.seats);
  const seat = w.seats[job.owner]!;
  if (job.minSize > seat.owned.length) {
    throw new ConfigError(
      `workload job ${record.id}: needs ${job.minSize} processors; partition '${seat.name}' has ${seat.owned.length}`,
    );
  }
  job.view = new JobViewImpl(job, w);
  const entry = w.freeEntries.length ? w.freeEntries.pop()! : w.table.length;
  w.table[entry] = job;
  job.entry = entry;
  w.byId.set(job.id, job);
  w.queue.push(record.submit, Priority.Arrival, EventKind.Arrival, entry, 0);
  return job;
}
