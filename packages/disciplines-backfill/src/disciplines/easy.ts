import { defineDiscipline } from '@js/core';
import * as z from 'zod';
import { easyBackfill } from './easy-backfill.ts';

/**
 * EASY backfilling (Lifka 1995; K-resource form: Leinberger et al., seed 001 §2, FCFS/FF-EASY).
 *
 * 1. Start jobs in arrival order while they fit.
 * 2. The first that does not fit (the head) gets a reservation at the *shadow time*: the
 *    earliest time enough of every resource is free, releasing running jobs at their estimated
 *    ends. What is free then beyond the head's needs is the *extra*.
 * 3. A later job may start now if it fits now and either ends (by estimate) by the shadow time,
 *    or uses only the extra (which it then consumes).
 *
 * Tie rules: every running job whose estimated end equals the shadow time counts toward the
 * extra; a running job past its estimate is taken to end now.
 *
 * Unknown estimates (Infinity: SWF field 9 = -1, models without user estimates): a job of
 * unknown estimate never ends by a finite shadow time, so it backfills only into the extra. If the
 * head can start only after a running job of unknown estimate ends, the shadow time is unknown
 * (Infinity) and no reservation is declared: such jobs do not end together "at Infinity", and one
 * may end at any moment, so no job is known to end by the shadow time, and the extra is only what
 * is free *now* beyond the head's needs (more becomes free as jobs end, never less). Taking the
 * Infinity literally instead (every job "ends by" it, every unknown end ties) would let any job
 * that fits start and starve the head. With finite estimates none of this arises.
 *
 * Among the later jobs that may start, EASY takes them first fit, in arrival order; `easy-bl` and
 * `easy-bb` (./easy-balanced.ts) differ only in that choice.
 */
export const easy = defineDiscipline({
  name: 'easy',
  summary:
    'EASY backfilling: the queue head gets a reservation; later jobs may start if they do not delay it',
  source: 'Lifka 1995 (EASY); Leinberger, Karypis & Kumar 1999, §2 (FCFS/FF-EASY, K resources)',
  options: z.object({}).strict(),
  create: (_options, { machine }) => easyBackfill(machine),
});
