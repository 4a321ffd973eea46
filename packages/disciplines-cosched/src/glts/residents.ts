import type { JobView, SchedulingContext } from '@js/core';
import type { JobType } from '../scojo-pect/job-type.ts';
import type { JobNote } from '../scojo-pect/virtual-machine.ts';
import type { NodeLayout } from './layout.ts';
import type { PaceBook } from './pace.ts';

/** A started job's Scojo-PECT type, from the frame's note. */
export const typeOf = (ctx: SchedulingContext, job: JobView): JobType => (ctx.notes.get(job) as JobNote).type;

/**
 * Who is resident on each node (running or swapped out), rebuilt once per round and after each
 * start, and how long each node stays held in a type's virtual machine.
 *
 * Under coscheduling two jobs share a node, so a job cannot hold its nodes in the type's profile
 * on its own account as under space sharing: each node is held once, by the resident of the type
 * that stays longest (ties to the lower id), for that resident's remaining time. The profile then
 * frees a node when its last job of the type ends, as the machine does.
 */
export class ResidentIndex {
  #nodes: Map<number, JobView[]> | undefined;
  readonly #nodesOf = new Map<number, number[]>();

  constructor(
    readonly layout: NodeLayout,
    readonly pace: PaceBook,
  ) {}

  readonly #held = new Map<number, number>();

  /** Jobs left (completed or killed): residence is to be read again. */
  invalidate(): void {
    this.#nodes = undefined;
    this.moved();
  }

  /** Jobs were swapped out or in: paces, and so the holds, change; residence does not. */
  moved(): void {
    this.pace.invalidate();
    this.#held.clear();
  }

  /** A job started: it is resident from now on. */
  added(job: JobView): void {
    this.moved();
    if (this.#nodes === undefined) return;
    const own = this.layout.nodesOf(job.processors);
    this.#nodesOf.set(job.id, own);
    for (const n of own) {
      const on = this.#nodes.get(n);
      if (on === undefined) this.#nodes.set(n, [job]);
      else on.push(job);
    }
  }

  /** A resident's nodes (they change only when it starts). */
  nodesOf(ctx: SchedulingContext, job: JobView): readonly number[] {
    this.on(ctx, -1);
    return this.#nodesOf.get(job.id) ?? this.layout.nodesOf(job.processors);
  }

  on(ctx: SchedulingContext, node: number): readonly JobView[] {
    if (this.#nodes === undefined) {
      const nodes = new Map<number, JobView[]>();
      this.#nodesOf.clear();
      for (const list of [ctx.jobs.running, ctx.jobs.suspended])
        for (const job of list) {
          const own = this.layout.nodesOf(job.processors);
          this.#nodesOf.set(job.id, own);
          for (const n of own) {
            const on = nodes.get(n);
            if (on === undefined) nodes.set(n, [job]);
            else on.push(job);
          }
        }
      this.#nodes = nodes;
    }
    return this.#nodes.get(node) ?? [];
  }

  /** Processors a resident holds in its type's profile: its nodes where it stays longest. */
  held(ctx: SchedulingContext, job: JobView): number {
    const known = this.#held.get(job.id);
    if (known !== undefined) return known;
    const type = typeOf(ctx, job);
    let mine: number | undefined;
    let owned = 0;
    for (const node of this.nodesOf(ctx, job)) {
      let owner = true;
      for (const other of this.on(ctx, node)) {
        if (other.id === job.id || typeOf(ctx, other) !== type) continue;
        mine ??= this.pace.wallRemaining(ctx, job);
        const theirs = this.pace.wallRemaining(ctx, other);
        if (theirs > mine || (theirs === mine && other.id < job.id)) owner = false;
      }
      if (owner) owned++;
    }
    this.#held.set(job.id, owned * this.layout.perNode);
    return owned * this.layout.perNode;
  }

  /** Seconds a node stays held in `type`'s profile: its longest resident of the type's remaining time. */
  holdEnd(ctx: SchedulingContext, node: number, type: JobType): number {
    let end = 0;
    for (const job of this.on(ctx, node))
      if (typeOf(ctx, job) === type) end = Math.max(end, this.pace.wallRemaining(ctx, job));
    return end;
  }
}
