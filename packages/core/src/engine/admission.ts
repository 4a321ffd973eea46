import type { Machine } from '@js/machine';
import { ConfigError, InputError } from '../errors/errors.ts';
import { type Job, maxProcessors, minProcessors } from '../job/job.ts';
import { JobViewImpl } from './job-view.ts';
import { type Route, routeOf } from './partitions.ts';
import { SimJob } from './sim-job.ts';
import type { World } from './world.ts';

/**
 * Check a job from the workload before it enters the run: its fields, its order in the
 * stream, and that the machine can ever hold it. The checks run once per job, so they build no
 * message unless one fails: an optimising compiler may convert a message's numbers to strings
 * ahead of the branch, and each such string lands in the engine's number-string cache, where it
 * outlives the young generation and slows every scavenge.
 */
export function admit(
  record: Job,
  demand: ArrayLike<number>,
  machine: Machine,
  lastSubmit: number,
  inSystem: { has(id: number): boolean },
): void {
  const problem = problemOf(record, demand, machine, lastSubmit, inSystem);
  if (problem) refuse(problem, record, demand, machine, lastSubmit);
}

/** What is wrong with a job, if anything. */
type Problem =
  | 'submit'
  | 'order'
  | 'size'
  | 'runtime'
  | 'estimate'
  | 'id'
  | 'duplicate'
  | 'processors'
  | 'amount'
  | 'capacity'
  | undefined;

function problemOf(
  record: Job,
  demand: ArrayLike<number>,
  machine: Machine,
  lastSubmit: number,
  inSystem: { has(id: number): boolean },
): Problem {
  if (!(record.submit >= 0) || !Number.isFinite(record.submit)) return 'submit';
  if (record.submit < lastSubmit) return 'order';
  if (!Number.isInteger(record.size) || record.size < 1) return 'size';
  if (!(record.runtime > 0) || !Number.isFinite(record.runtime)) return 'runtime';
  if (!(record.estimate > 0)) return 'estimate';
  // The ledger records job ids per processor in 32-bit integers, -1 for none.
  if (!Number.isInteger(record.id) || record.id < 0 || record.id > 0x7fffffff) return 'id';
  if (inSystem.has(record.id)) return 'duplicate';
  const min = minProcessors(record);
  if (min > machine.processors || min > record.size || record.size > maxProcessors(record))
    return 'processors';
  for (let r = 0; r < demand.length; r++) {
    // A NaN or negative amount would poison the ledger: every later demand would "fit".
    if (!(demand[r]! >= 0) || !Number.isFinite(demand[r]!)) return 'amount';
    if (demand[r]! > machine.capacities[r]!) return 'capacity';
  }
  return undefined;
}

/** Throw the coded, located error that names what is wrong with the job. */
function refuse(
  problem: NonNullable<Problem>,
  record: Job,
  demand: ArrayLike<number>,
  machine: Machine,
  lastSubmit: number,
): never {
  const bad = (field: string, detail: string): never => {
    throw new InputError(`workload job ${record.id}`, undefined, field, detail);
  };
  switch (problem) {
    case 'submit':
      return bad('submit', `submit time ${record.submit} must be a finite number ≥ 0`);
    case 'order':
      return bad(
        'submit',
        `submit time ${record.submit} is before the previous job's ${lastSubmit}: jobs must come in submit order`,
      );
    case 'size':
      return bad('size', `size ${record.size} must be a positive integer`);
    case 'runtime':
      return bad('runtime', `runtime ${record.runtime} must be positive and finite`);
    case 'estimate':
      return bad('estimate', `estimate ${record.estimate} must be positive (Infinity when unknown)`);
    case 'id':
      return bad('id', `job id ${record.id} must be an integer from 0 to 2147483647`);
    case 'duplicate':
      return bad('id', `job id ${record.id} is already in the system`);
    case 'processors':
      throw new ConfigError(
        `workload job ${record.id}: needs ${minProcessors(record)}..${maxProcessors(record)} processors (size ${record.size}) on a machine of ${machine.processors}: ` +
          'clean the workload (cleaning rule widerThanMachine) or use a larger machine',
      );
  }
  const r = Array.from(demand).findIndex((amount) => !(amount >= 0) || !Number.isFinite(amount));
  if (problem === 'amount')
    return bad(`resources.${machine.resourceNames[r]}`, `amount ${demand[r]} must be a finite number ≥ 0`);
  const over = Array.from(demand).findIndex((amount, i) => amount > machine.capacities[i]!);
  throw new ConfigError(
    `workload job ${record.id}: needs ${demand[over]} of '${machine.resourceNames[over]}', capacity ${machine.capacities[over]}`,
  );
}

/**
 * Admit a job read from the workload: check it and route it to its discipline. It is in the
 * system (by id) from now, but no discipline sees it before it arrives.
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
  w.byId.set(job.id, entry);
  return job;
}
