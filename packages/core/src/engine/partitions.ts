import type { Machine } from '@js/machine';
import type { DisciplineDefinition } from '../discipline/define.ts';
import { ConfigError, InputError } from '../errors/errors.ts';
import type { Job } from '../job/job.ts';
import type { PlatformProfile } from './profile.ts';

/**
 * A discipline owning a disjoint set of processors (seed 000 §4: "different disciplines … in
 * different partitions"). Processors `first`..`last`, inclusive.
 */
export interface PartitionSpec {
  readonly name: string;
  readonly discipline: DisciplineDefinition;
  readonly options?: unknown;
  readonly first: number;
  readonly last: number;
}

/**
 * How an arrival finds its partition: by its SWF queue number or partition number (1 = the first
 * partition given), or by size (the first partition, in the order given, with at least the
 * job's requested size, or else its minimum).
 */
export type Route = 'queue' | 'partition' | 'size';

/** Every way an arrival may be routed to a partition, as `--route` accepts them. */
export const routes: readonly Route[] = ['queue', 'partition', 'size'];

/**
 * The disciplines of a run with the processors each owns: every partition named once, each
 * range within the machine, no processor in two partitions (else a ConfigError).
 */
export function seatsFor(o: {
  readonly machine: Machine;
  readonly discipline?: DisciplineDefinition;
  readonly options?: unknown;
  readonly partitions?: readonly PartitionSpec[];
}): { name: string; definition: DisciplineDefinition; options: unknown; processors: Int32Array }[] {
  const P = o.machine.processors;
  if (!o.partitions?.length) {
    if (!o.discipline) throw new ConfigError('a run needs a discipline or partitions');
    return [
      {
        name: o.discipline.name,
        definition: o.discipline,
        options: o.options,
        processors: Int32Array.from({ length: P }, (_, i) => i),
      },
    ];
  }
  const owner = new Map<number, string>();
  const names = new Set<string>();
  return o.partitions.map((part) => {
    if (names.has(part.name)) throw new ConfigError(`partition '${part.name}' is named twice`);
    names.add(part.name);
    if (
      !Number.isInteger(part.first) ||
      !Number.isInteger(part.last) ||
      part.first < 0 ||
      part.last >= P ||
      part.first > part.last
    ) {
      throw new ConfigError(
        `partition '${part.name}': processors ${part.first}-${part.last} are not a range within 0-${P - 1}`,
      );
    }
    for (let p = part.first; p <= part.last; p++) {
      const other = owner.get(p);
      if (other !== undefined)
        throw new ConfigError(`partitions '${other}' and '${part.name}' both hold processor ${p}`);
      owner.set(p, part.name);
    }
    const processors = Int32Array.from({ length: part.last - part.first + 1 }, (_, i) => part.first + i);
    return { name: part.name, definition: part.discipline, options: part.options, processors };
  });
}

/** Index of the partition an arriving job belongs to. */
export function routeOf(
  route: Route,
  job: Job,
  seats: readonly { readonly name: string; readonly owned: Int32Array }[],
): number {
  if (seats.length === 1) return 0;
  if (route === 'size') {
    // Where its requested size fits (a rigid discipline runs it on exactly that many); failing
    // that, where its minimum does (a job with a range can run on fewer).
    const fits = (need: number) => seats.findIndex((s) => s.owned.length >= need);
    const k = fits(job.size);
    if (k >= 0) return k;
    const min = job.minSize ?? job.size;
    const m = fits(min);
    if (m < 0) throw new ConfigError(`workload job ${job.id}: no partition has ${min} processors`);
    return m;
  }
  const n = route === 'queue' ? job.queue : job.partition;
  if (n === undefined || !Number.isInteger(n) || n < 1 || n > seats.length) {
    throw new InputError(
      `workload job ${job.id}`,
      undefined,
      route,
      `${route} number ${n ?? '(none)'} names no partition: ${seats.map((s, i) => `${i + 1} = ${s.name}`).join(', ')}`,
    );
  }
  return n - 1;
}

/**
 * The run's platform: the profile given, as the discipline's options adjust it (a declared
 * `platform`, such as dyn-equi's reconfiguration cost). Costs stay physics, charged by the engine;
 * the options only say which platform the experiment assumes. Disciplines sharing a machine in
 * partitions share one platform, so there none may change it.
 */
export function platformOf(
  seats: readonly {
    readonly name: string;
    readonly definition: DisciplineDefinition;
    readonly options: unknown;
  }[],
  profile: PlatformProfile,
): PlatformProfile {
  let platform = profile;
  for (const seat of seats) {
    const adjusted = seat.definition.platform?.(seat.options as never, platform) ?? platform;
    if (adjusted === platform) continue;
    if (seats.length > 1)
      throw new ConfigError(
        `partition '${seat.name}': discipline '${seat.definition.name}' changes the platform (profile '${profile.name}' becomes '${adjusted.name}') through its options, but partitions share one platform; run it alone or leave those options at their defaults`,
      );
    platform = adjusted;
  }
  return platform;
}
