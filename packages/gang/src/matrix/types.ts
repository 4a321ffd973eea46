/** The vocabulary of the scheduling matrix (Zhou et al. §3): jobs, placements, shifts and change events. */

/**
 * A job's identity. Drawn with `String(id)`, so keep ids short; 7 and '7' are different
 * jobs that draw alike, so do not mix the two kinds in one matrix.
 */
export type JobId = string | number;

/** Where a job runs. Records are live views: read them, do not keep them across mutations. */
export interface JobPlacement {
  readonly id: JobId;
  /** First processor held. */
  readonly start: number;
  /** Number of consecutive processors held (the buddy block size when placed by `allocate`). */
  readonly width: number;
  /** Number of processes (≤ width; the rest is the buddy system's internal fragmentation). */
  readonly size: number;
  /** Slots the job runs in, in the order it gained them: the first is its home slot. */
  readonly slots: readonly number[];
}

/** A new job to place: `width` processors from `start`, `size` of them used (default all). */
export interface JobSpec {
  readonly id: JobId;
  readonly start: number;
  readonly width: number;
  readonly size?: number;
}

/** Moving one instance of a job (all its processes at once) from slot `from` to slot `to`. */
export interface LegalShift {
  readonly job: JobId;
  readonly from: number;
  readonly to: number;
}

/** Every change to a matrix, in the order applied; `slot` numbers are those at the time. */
export type MatrixEvent =
  | {
      readonly kind: 'place';
      readonly job: JobId;
      readonly start: number;
      readonly width: number;
      readonly size: number;
      readonly slot: number;
    }
  | { readonly kind: 'extend'; readonly job: JobId; readonly slot: number }
  | { readonly kind: 'relinquish'; readonly job: JobId; readonly slot: number }
  | { readonly kind: 'depart'; readonly job: JobId; readonly slots: readonly number[] }
  | { readonly kind: 'repack'; readonly shifts: readonly LegalShift[] }
  | { readonly kind: 'addSlot'; readonly slot: number }
  | { readonly kind: 'deleteSlot'; readonly slot: number };

/** Receives each change to a matrix right after it is applied (see `SchedulingMatrix.subscribe`). */
export type MatrixListener = (event: MatrixEvent) => void;

/** Ids must render as one token that is not the idle mark, so drawings can be read back. */
export const isValidJobId = (id: unknown): id is JobId =>
  (typeof id === 'number' && Number.isFinite(id)) ||
  (typeof id === 'string' && id.length > 0 && id !== '.' && !/\s/.test(id));

/** A job's record as the matrix keeps it (internal). */
export interface JobRecord {
  readonly id: JobId;
  readonly start: number;
  readonly width: number;
  readonly size: number;
  slots: number[];
}

/** A job's record and the small integer that stands for it in the cells. */
export interface Entry {
  readonly record: JobRecord;
  readonly handle: number;
}
