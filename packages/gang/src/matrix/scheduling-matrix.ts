import { assertPowerOfTwo } from '../buddy/buddy-block.ts';
import { GangError, type GangErrorCode } from '../errors/gang-error.ts';
import { type ReadonlyWorkloadTree, WorkloadTree } from '../workload-tree/workload-tree.ts';
import { CellRows, IDLE } from './cell-rows.ts';
import { checkSpec, resolveShifts } from './checks.ts';
import { renderForError, renderMatrix } from './render.ts';
import type {
  Entry,
  JobId,
  JobPlacement,
  JobRecord,
  JobSpec,
  LegalShift,
  MatrixEvent,
  MatrixListener,
} from './types.ts';

/**
 * The global scheduling matrix of Zhou et al. §3 (Fig. 1): rows are time slots, columns are
 * the N processors of a logical one-dimensional array. A job holds consecutive processors,
 * and every process of a job sits in the same slot(s): a job present in several slots (§4,
 * "running jobs in multiple time slots") occupies the same processors in each of them.
 *
 * The matrix keeps both workload trees of §5 up to date on every change:
 * - WLTM ("multiple"): a leaf counts the idle cells of its processor — the real workload;
 * - WLTS ("single"): a leaf counts the slots in which its processor would be idle if every
 *   job gave up its extra slots, i.e. slots − distinct jobs on that processor. Extending a
 *   job into an extra slot leaves WLTS intact, exactly as the paper prescribes.
 *
 * Every mutation validates first and then applies, so a thrown GangError leaves the matrix
 * (and both trees) unchanged.
 */
export class SchedulingMatrix {
  readonly #n: number;
  #slots = 0;
  #rows: CellRows;
  /** Records by handle. */
  #records: (JobRecord | undefined)[] = [];
  #byId = new Map<JobId, Entry>();
  #freeHandles: number[] = [];
  /** Placement sequence number by handle, so a slot's jobs can be listed in placement order. */
  #placedAs: number[] = [];
  #placements = 0;
  #wltm: WorkloadTree;
  #wlts: WorkloadTree;
  #listeners = new Set<MatrixListener>();

  /** An N-processor matrix (N a power of two) with `slots` empty slots. */
  constructor(processors: number, slots = 0) {
    assertPowerOfTwo(processors, 'processor count');
    if (!Number.isInteger(slots) || slots < 0) {
      throw new GangError(
        'INVALID_ARGUMENT',
        `initial slot count must be a non-negative integer, got ${slots}`,
      );
    }
    this.#n = processors;
    this.#rows = new CellRows(processors, Math.max(4, slots));
    this.#wltm = new WorkloadTree(processors);
    this.#wlts = new WorkloadTree(processors);
    for (let s = 0; s < slots; s++) this.addSlot();
  }

  get processors(): number {
    return this.#n;
  }

  /** Number of time slots (rows). */
  get slots(): number {
    return this.#slots;
  }

  get jobCount(): number {
    return this.#byId.size;
  }

  /** WLTM: leaves count real idle cells; decides allocation (BRMMS*) and extra slots. */
  get wltm(): ReadonlyWorkloadTree {
    return this.#wltm;
  }

  /** WLTS: leaves ignore extra slots; decides slot deletion (and allocation in BRMMS). */
  get wlts(): ReadonlyWorkloadTree {
    return this.#wlts;
  }

  /** Jobs in the order they were placed. */
  *jobs(): IterableIterator<JobPlacement> {
    for (const entry of this.#byId.values()) yield entry.record;
  }

  /** The job's processors and slots, or undefined when it is not (or no longer) in the matrix. */
  job(id: JobId): JobPlacement | undefined {
    return this.#byId.get(id)?.record;
  }

  /** Whether the job holds cells in the matrix: placed and not yet departed. */
  hasJob(id: JobId): boolean {
    return this.#byId.has(id);
  }

  /**
   * The jobs that run in `slot`, in the order they were placed (the order of `jobs()`): what the
   * processors run while that slot has its turn. One pass over the slot's row, not over the jobs.
   */
  jobsInSlot(slot: number): JobId[] {
    this.#checkSlot(slot);
    const handles = this.#rows.handles(slot);
    const placedAs = this.#placedAs;
    handles.sort((a, b) => placedAs[a]! - placedAs[b]!);
    return handles.map((h) => this.#records[h]!.id);
  }

  /** The job in a cell, or undefined when the cell is idle. */
  jobAt(slot: number, processor: number): JobId | undefined {
    this.#checkSlot(slot);
    this.#checkProcessor(processor);
    const h = this.#rows.at(slot, processor);
    return h === IDLE ? undefined : this.#records[h]!.id;
  }

  /** Whether `processor` has no job in `slot`. */
  isIdle(slot: number, processor: number): boolean {
    this.#checkSlot(slot);
    this.#checkProcessor(processor);
    return this.#rows.at(slot, processor) === IDLE;
  }

  /** Whether every processor is idle in `slot`, so the slot can be deleted as it is. */
  isSlotEmpty(slot: number): boolean {
    this.#checkSlot(slot);
    return this.#rows.busy(slot) === 0;
  }

  /** Number of busy cells in a slot. */
  busyCells(slot: number): number {
    this.#checkSlot(slot);
    return this.#rows.busy(slot);
  }

  /** First processor in [from, limit) that is busy in `slot`, or `limit`: where an idle run ends. */
  idleRunEnd(slot: number, from: number, limit: number): number {
    return this.#rows.idleRunEnd(slot, from, limit);
  }

  /**
   * Whether no job instance of `slot` straddles the boundary between processors x − 1 and x.
   * Swapping two slots' contents between boundaries that are clean in both slots moves whole
   * job instances only — the legal shifts behind Property 1 (§3).
   */
  isCleanCut(slot: number, x: number): boolean {
    if (x <= 0 || x >= this.#n) return true;
    const a = this.#rows.at(slot, x - 1);
    return a === IDLE || a !== this.#rows.at(slot, x);
  }

  /** Appends an empty slot and returns its index. */
  addSlot(): number {
    const slot = this.#slots++;
    this.#rows.openRow(slot);
    this.#wltm.addToAll(1);
    this.#wlts.addToAll(1);
    this.#emit({ kind: 'addSlot', slot });
    return slot;
  }

  /** Deletes an empty slot; later slots move up by one. */
  deleteSlot(slot: number): void {
    this.#checkSlot(slot);
    if (this.#rows.busy(slot) !== 0) {
      this.#fail(
        'SLOT_NOT_EMPTY',
        `slot ${slot} still holds ${this.#rows.busy(slot)} busy cells; re-pack first`,
      );
    }
    this.#rows.deleteRow(slot, this.#slots);
    this.#slots--;
    for (const { record } of this.#byId.values()) {
      const slots = record.slots;
      for (let i = 0; i < slots.length; i++) if (slots[i]! > slot) slots[i]!--;
    }
    this.#wltm.addToAll(-1);
    this.#wlts.addToAll(-1);
    this.#emit({ kind: 'deleteSlot', slot });
  }

  /** Places a new job in one slot on processors [start, start + width). */
  place(spec: JobSpec, slot: number): void {
    const { id, start, width, size } = checkSpec(spec, this.#n, (code, detail) => this.#fail(code, detail));
    if (this.#byId.has(id)) this.#fail('DUPLICATE_JOB', `job ${String(id)} is already in the matrix`);
    this.#checkSlot(slot);
    this.#checkFree(slot, start, width, `cannot place job ${String(id)}`);
    const handle = this.#freeHandles.pop() ?? this.#records.length;
    const record: JobRecord = { id, start, width, size, slots: [slot] };
    this.#records[handle] = record;
    this.#placedAs[handle] = this.#placements++;
    this.#byId.set(id, { record, handle });
    this.#write(slot, record, handle);
    this.#wltm.addToRange(start, start + width, -1);
    this.#wlts.addToRange(start, start + width, -1);
    this.#emit({ kind: 'place', job: id, start, width, size, slot });
  }

  /** Gives a running job an extra slot (§4) on its own processors, which must be idle there. */
  extend(id: JobId, slot: number): void {
    const { record, handle } = this.#entry(id);
    this.#checkSlot(slot);
    if (record.slots.includes(slot)) {
      this.#fail('CELL_OCCUPIED', `cannot extend job ${String(id)} into slot ${slot}: it already runs there`);
    }
    this.#checkFree(slot, record.start, record.width, `cannot extend job ${String(id)}`);
    this.#write(slot, record, handle);
    record.slots.push(slot);
    // §5: extra slots change only WLTM; WLTS still sees the job in a single slot.
    this.#wltm.addToRange(record.start, record.start + record.width, -1);
    this.#emit({ kind: 'extend', job: id, slot });
  }

  /** A job gives up one of its slots; it must keep at least one. */
  relinquish(id: JobId, slot: number): void {
    const { record } = this.#entry(id);
    this.#checkSlot(slot);
    const index = record.slots.indexOf(slot);
    if (index < 0) {
      this.#fail(
        'INVALID_ARGUMENT',
        `job ${String(id)} does not run in slot ${slot} (it runs in ${record.slots})`,
      );
    }
    if (record.slots.length === 1) {
      this.#fail('LAST_SLOT_OF_JOB', `job ${String(id)} runs only in slot ${slot}; use depart to remove it`);
    }
    this.#write(slot, record, IDLE);
    record.slots.splice(index, 1);
    this.#wltm.addToRange(record.start, record.start + record.width, 1);
    this.#emit({ kind: 'relinquish', job: id, slot });
  }

  /** Removes a finished job from every slot it runs in; returns those slots. */
  depart(id: JobId): readonly number[] {
    const { record, handle } = this.#entry(id);
    const slots = record.slots;
    for (const slot of slots) this.#write(slot, record, IDLE);
    this.#wltm.addToRange(record.start, record.start + record.width, slots.length);
    this.#wlts.addToRange(record.start, record.start + record.width, 1);
    this.#byId.delete(id);
    this.#records[handle] = undefined;
    this.#freeHandles.push(handle);
    this.#emit({ kind: 'depart', job: id, slots: [...slots] });
    return [...slots];
  }

  /** One legal shift (§3): all processes of the job move from `from` to `to`, same processors. */
  legalShift(id: JobId, from: number, to: number): void {
    this.repack([{ job: id, from, to }]);
  }

  /**
   * Re-packing (§3): a set of legal shifts applied at once. Each moves a whole job instance
   * to another slot on the same processors; together they must leave no cell with two jobs.
   * "At once" matters: exchanging two overlapping jobs between two slots is legal — it only
   * reorders execution within a round — though neither shift alone has free target cells.
   * Column contents are only permuted, so neither workload tree changes.
   */
  repack(shifts: readonly LegalShift[]): void {
    if (shifts.length === 0) return;
    const { records, handles, indices } = resolveShifts(
      shifts,
      (job) => this.#byId.get(job),
      (slot) => this.#checkSlot(slot),
      (code, detail) => this.#fail(code, detail),
    );
    for (let i = 0; i < shifts.length; i++) this.#write(shifts[i]!.from, records[i]!, IDLE);
    for (let i = 0; i < shifts.length; i++) {
      const record = records[i]!;
      for (let p = record.start; p < record.start + record.width; p++) {
        const occupant = this.#rows.at(shifts[i]!.to, p);
        if (occupant === IDLE) continue;
        let movedHere = false;
        for (let j = 0; j < i; j++) movedHere ||= handles[j] === occupant && shifts[j]!.to === shifts[i]!.to;
        // Undo: clear the targets written so far, then put every moved instance back.
        for (let j = 0; j < i; j++) this.#write(shifts[j]!.to, records[j]!, IDLE);
        for (let j = 0; j < shifts.length; j++) this.#write(shifts[j]!.from, records[j]!, handles[j]!);
        const other = String(this.#records[occupant]!.id);
        const why = movedHere
          ? `job ${other} is shifted onto processor ${p} there too`
          : `processor ${p} there is held by job ${other}`;
        this.#fail(
          'ILLEGAL_SHIFT',
          `cannot shift job ${String(record.id)} from slot ${shifts[i]!.from} to slot ${shifts[i]!.to}: ${why}`,
        );
      }
      this.#write(shifts[i]!.to, record, handles[i]!);
    }
    for (let i = 0; i < shifts.length; i++) records[i]!.slots[indices[i]!] = shifts[i]!.to;
    this.#emit({ kind: 'repack', shifts: shifts.map(({ job, from, to }) => ({ job, from, to })) });
  }

  /** Calls `listener` after every change; returns a function that stops it. */
  subscribe(listener: MatrixListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** An independent copy (listeners are not copied): for what-if planning and tests. */
  clone(): SchedulingMatrix {
    const copy = new SchedulingMatrix(this.#n);
    copy.#slots = this.#slots;
    copy.#rows = this.#rows.clone();
    copy.#records = this.#records.map((r) => (r === undefined ? undefined : { ...r, slots: [...r.slots] }));
    for (const { record, handle } of this.#byId.values()) {
      copy.#byId.set(record.id, { record: copy.#records[handle]!, handle });
    }
    copy.#freeHandles = [...this.#freeHandles];
    copy.#placedAs = [...this.#placedAs];
    copy.#placements = this.#placements;
    copy.#wltm = this.#wltm.clone();
    copy.#wlts = this.#wlts.clone();
    return copy;
  }

  /** Rows of job ids, '.' for idle (see renderMatrix). */
  toString(): string {
    return renderMatrix(this);
  }

  #write(slot: number, record: JobRecord, value: number): void {
    this.#rows.write(slot, record.start, record.width, value);
  }

  #checkFree(slot: number, start: number, width: number, what: string): void {
    for (let p = start; p < start + width; p++) {
      const h = this.#rows.at(slot, p);
      if (h !== IDLE) {
        this.#fail(
          'CELL_OCCUPIED',
          `${what} in slot ${slot}: processor ${p} is held by job ${String(this.#records[h]!.id)}`,
        );
      }
    }
  }

  #entry(id: JobId): Entry {
    const entry = this.#byId.get(id);
    if (entry === undefined) this.#fail('UNKNOWN_JOB', `no job ${String(id)} in the matrix`);
    return entry;
  }

  #checkSlot(slot: number): void {
    if (!Number.isInteger(slot) || slot < 0 || slot >= this.#slots) {
      this.#fail('UNKNOWN_SLOT', `no slot ${slot}: the matrix has slots 0..${this.#slots - 1}`);
    }
  }

  #checkProcessor(p: number): void {
    if (!Number.isInteger(p) || p < 0 || p >= this.#n) {
      this.#fail('INVALID_ARGUMENT', `no processor ${p}: the matrix has processors 0..${this.#n - 1}`);
    }
  }

  #emit(event: MatrixEvent): void {
    for (const listener of this.#listeners) listener(event);
  }

  #fail(code: GangErrorCode, detail: string): never {
    throw new GangError(code, detail, renderForError(this));
  }
}
