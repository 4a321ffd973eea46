import { SchedlabError } from '@js/errors';

/** Why an allocation was refused; the engine turns this into a typed invariant error. */
export class LedgerError extends SchedlabError {
  readonly code = 'LEDGER_REFUSAL';
  constructor(
    /** The invariant the refused change would have broken, as the engine names it (e.g. 'no-over-commit'). */
    readonly rule: string,
    message: string,
  ) {
    super(message);
  }
}
