import { SchedlabError } from '@js/errors';

/**
 * The one error type of `@js/gang`. The package stands alone (no dependency on the engine),
 * so its codes are its own, but the class is a SchedlabError so that the CLI and scripts treat
 * it like every other coded error; callers switch on the stable `code`, never on the
 * message. Every operation validates before it mutates, so a thrown GangError always means
 * the matrix and its workload trees are exactly as they were before the call.
 */
export type GangErrorCode =
  /** A processor count or block size that is not a power of two (the buddy system needs one). */
  | 'NOT_POWER_OF_TWO'
  /** A number out of range or not an integer (processor, width, size, slot count…). */
  | 'INVALID_ARGUMENT'
  | 'UNKNOWN_JOB'
  | 'DUPLICATE_JOB'
  | 'UNKNOWN_SLOT'
  /** The target cells of a placement or extension hold another job (or the job itself). */
  | 'CELL_OCCUPIED'
  /** A shift that does not move a whole job instance into free cells on the same processors. */
  | 'ILLEGAL_SHIFT'
  /** Relinquishing the only slot of a job: a running job keeps at least one slot. */
  | 'LAST_SLOT_OF_JOB'
  /** Deleting a slot that still holds jobs. */
  | 'SLOT_NOT_EMPTY'
  /** Property 1 called with a range that is not idle. */
  | 'NOT_IDLE_FRAGMENT'
  /** Property 1 called with fragments that do not touch. */
  | 'FRAGMENTS_NOT_ADJACENT'
  /** Property 2's precondition fails: some processor of the range has no idle slot. */
  | 'NO_IDLE_FRAGMENT'
  /** A textual matrix that cannot be read back. */
  | 'PARSE_ERROR';

/** A coded error from a matrix or workload-tree operation; the matrix is left as it was before the call. */
export class GangError extends SchedlabError {
  /** The matrix as it is (unchanged by the failed call), drawn with slot labels, if known. */
  readonly rendering: string | undefined;

  constructor(
    readonly code: GangErrorCode,
    detail: string,
    rendering?: string,
  ) {
    super(rendering === undefined ? `${code}: ${detail}` : `${code}: ${detail}\n${rendering}`);
    this.rendering = rendering;
  }
}
