import { allocate } from '../allocate/allocate.ts';
import { buddyBlockSize } from '../buddy/buddy-block.ts';
import { GangError } from '../errors/gang-error.ts';
import type { SchedulingMatrix } from '../matrix/scheduling-matrix.ts';
import type { JobId, LegalShift } from '../matrix/types.ts';
import { extendJob } from '../multi-slot/extend.ts';
import { relinquishExtraSlots } from '../multi-slot/relinquish.ts';
import { eliminateSlot, eliminateSlots } from '../repack/eliminate-slot.ts';
import { type Fragment, groupAdjacentFragments } from '../repack/property1.ts';
import { gatherIdleFragments } from '../repack/property2.ts';
import { swapShifts } from '../repack/swap.ts';
import { workloadTreeFromMatrix } from '../workload-tree/recompute.ts';
import type { WorkloadTreeChoice } from '../workload-tree/workload-tree.ts';
import type { GangOperation } from './operations.ts';
import type { ReferenceMatrix } from './reference-model.ts';

/** What one operation did, and what it should have done but did not. */
export interface StepReport {
  readonly description: string;
  readonly error: GangError | undefined;
  /** Broken expectations specific to the operation (empty when it behaved). */
  readonly problems: readonly string[];
}

/** Numbering of jobs created during a scenario. */
export interface ScenarioContext {
  nextJob: number;
}

const UNKNOWN_JOB = 'ghost';

const range = (from: number, to: number) => `${from}..${to - 1}`;

function pickJob(matrix: SchedulingMatrix, pick: number): JobId {
  const jobs = [...matrix.jobs()];
  return jobs.length === 0 ? UNKNOWN_JOB : jobs[pick % jobs.length]!.id;
}

/** A slot number, one past the end now and then so that refusals get exercised. */
const pickSlot = (matrix: SchedulingMatrix, pick: number) => pick % (matrix.slots + 1);

/** Every processor of [from, to) is idle in some slot (WLTM), or would be without extra slots (WLTS). */
function hasIdleEverywhere(
  model: ReferenceMatrix,
  from: number,
  to: number,
  by: WorkloadTreeChoice,
): boolean {
  for (let p = from; p < to; p++) {
    const column = model.rows.map((row) => row[p]);
    const idle = column.filter((c) => c === undefined).length;
    const distinct = new Set(column.filter((c) => c !== undefined)).size;
    if ((by === 'WLTM' ? idle : model.rows.length - distinct) === 0) return false;
  }
  return true;
}

function idleIn(matrix: SchedulingMatrix, slot: number, from: number, to: number): boolean {
  for (let p = from; p < to; p++) if (!matrix.isIdle(slot, p)) return false;
  return true;
}

/**
 * Every pair of adjacent idle fragments in different slots: at each boundary x, a slot idle
 * just left of x and another idle at x, each fragment stretched as far as its idle run goes.
 */
function adjacentFragmentPairs(matrix: SchedulingMatrix): [Fragment, Fragment][] {
  const pairs: [Fragment, Fragment][] = [];
  for (let x = 1; x < matrix.processors; x++) {
    for (let a = 0; a < matrix.slots; a++) {
      if (!matrix.isIdle(a, x - 1)) continue;
      let start = x - 1;
      while (start > 0 && matrix.isIdle(a, start - 1)) start--;
      for (let b = 0; b < matrix.slots; b++) {
        if (b === a || !matrix.isIdle(b, x)) continue;
        pairs.push([
          { slot: a, start, end: x },
          { slot: b, start: x, end: matrix.idleRunEnd(b, x, matrix.processors) },
        ]);
      }
    }
  }
  return pairs;
}

/**
 * The block the §3 rule must pick, read off trees recomputed from the cells. By WLTS (BRMMS,
 * §5) jobs give up extra slots only when the new job "cannot be allocated in the existing time
 * slots", so while a block has real idle room (WLTM > 0) only such blocks compete.
 */
function expectedBlock(matrix: SchedulingMatrix, width: number, by: WorkloadTreeChoice): number {
  const single = workloadTreeFromMatrix(matrix, 'WLTS').level(width);
  const multiple = workloadTreeFromMatrix(matrix, 'WLTM').level(width);
  const [primary, secondary] = by === 'WLTM' ? [multiple, multiple] : [single, multiple];
  const roomOnly = by === 'WLTS' && multiple.some((v) => v > 0);
  let best = -1;
  for (let i = 0; i < primary.length; i++) {
    if (primary[i] === 0 || (roomOnly && multiple[i] === 0)) continue;
    if (
      best < 0 ||
      primary[i]! > primary[best]! ||
      (primary[i] === primary[best] && secondary[i]! > secondary[best]!)
    ) {
      best = i;
    }
  }
  return best * width;
}

/**
 * Applies one operation, checking what the paper promises about it: allocation follows the
 * workload-tree rule, Property 1 and Property 2 succeed whenever their preconditions hold
 * (and refuse otherwise), elimination removes exactly one slot, "eliminate while possible"
 * leaves no eliminable slot. Refusals must be GangErrors; other exceptions propagate.
 */
export function performOperation(
  matrix: SchedulingMatrix,
  op: GangOperation,
  context: ScenarioContext,
  model: ReferenceMatrix,
): StepReport {
  const problems: string[] = [];
  let description = '';
  const expect = (ok: boolean, what: string) => {
    if (!ok) problems.push(what);
  };
  const attempt = (run: () => void): GangError | undefined => {
    try {
      run();
      return undefined;
    } catch (e) {
      if (e instanceof GangError) return e;
      throw e;
    }
  };
  const N = matrix.processors;
  let error: GangError | undefined;
  switch (op.kind) {
    case 'allocate': {
      const size = 1 + (op.size % N);
      const id = `J${context.nextJob++}`;
      const width = buddyBlockSize(size);
      const slotsBefore = matrix.slots;
      const roomy =
        matrix.slots > 0 &&
        workloadTreeFromMatrix(matrix, 'WLTM')
          .level(width)
          .some((v) => v > 0);
      let start = expectedBlock(matrix, width, op.by);
      const needsSlot = start < 0;
      if (needsSlot) {
        const grown = matrix.clone();
        grown.addSlot();
        start = expectedBlock(grown, width, op.by);
      }
      description = `allocate ${id} (size ${size}, by ${op.by})`;
      error = attempt(() => {
        const a = allocate(matrix, { id, size }, { by: op.by });
        description += ` → slot ${a.slot}, processors ${range(a.start, a.start + a.width)}${a.addedSlot ? ', new slot' : ''}`;
        if (a.relinquished.length)
          description += `, relinquished ${a.relinquished.map((r) => `${String(r.job)}@${r.slot}`)}`;
        expect(a.addedSlot === needsSlot, `addedSlot is ${a.addedSlot}, the trees say ${needsSlot}`);
        expect(
          matrix.slots === slotsBefore + (needsSlot ? 1 : 0),
          `slot count went ${slotsBefore} → ${matrix.slots}`,
        );
        expect(a.start === start, `placed at processor ${a.start}; the §3 rule picks block ${start}`);
        expect(
          !roomy || a.relinquished.length === 0,
          'extra slots were given up though the new job fitted in real idle cells',
        );
        const job = matrix.job(id);
        expect(
          job?.width === width && job.size === size && job.start % width === 0 && job.slots.length === 1,
          `job record ${JSON.stringify(job)} is not a single-slot buddy block of ${width}`,
        );
      });
      expect(error === undefined, `allocation must always succeed, got ${error?.code}`);
      break;
    }
    case 'place': {
      const slot = pickSlot(matrix, op.slot);
      const start = op.start % N;
      const width = 1 + (op.width % N);
      const id = `J${context.nextJob++}`;
      description = `place ${id} in slot ${slot} on processors ${range(start, start + width)}`;
      error = attempt(() => matrix.place({ id, start, width }, slot));
      break;
    }
    case 'depart': {
      const id = pickJob(matrix, op.job);
      description = `depart ${String(id)}`;
      error = attempt(() => matrix.depart(id));
      expect(
        (error === undefined) === (id !== UNKNOWN_JOB),
        `depart of ${String(id)}: ${error?.code ?? 'accepted'}`,
      );
      break;
    }
    case 'extend': {
      const id = pickJob(matrix, op.job);
      const job = matrix.job(id);
      const possible =
        job !== undefined && hasIdleEverywhere(model, job.start, job.start + job.width, 'WLTM');
      const slotsBefore = job ? job.slots.length : 0;
      description = `extendJob ${String(id)}`;
      error = attempt(() => {
        const slot = extendJob(matrix, id);
        description += ` → slot ${slot}`;
        expect(matrix.job(id)!.slots.length === slotsBefore + 1, `job did not gain exactly one slot`);
      });
      expect(
        (error === undefined) === possible,
        `extendJob ${possible ? 'refused' : 'accepted'} (${error?.code})`,
      );
      break;
    }
    case 'extendInto': {
      const id = pickJob(matrix, op.job);
      const slot = pickSlot(matrix, op.slot);
      description = `extend ${String(id)} into slot ${slot}`;
      error = attempt(() => matrix.extend(id, slot));
      break;
    }
    case 'relinquish': {
      const id = pickJob(matrix, op.job);
      const slots = matrix.job(id)?.slots ?? [];
      const pick = op.slot % (slots.length + 1);
      const slot = pick < slots.length ? slots[pick]! : pickSlot(matrix, op.slot);
      description = `relinquish slot ${slot} of ${String(id)}`;
      error = attempt(() => matrix.relinquish(id, slot));
      break;
    }
    case 'relinquishExtras': {
      const id = pickJob(matrix, op.job);
      description = `relinquishExtraSlots ${String(id)}`;
      error = attempt(() => {
        relinquishExtraSlots(matrix, id);
        expect(matrix.job(id)!.slots.length === 1, 'job still has extra slots');
      });
      break;
    }
    case 'legalShift': {
      const id = pickJob(matrix, op.job);
      const slots = matrix.job(id)?.slots ?? [0];
      const from = slots[op.from % slots.length]!;
      const to = pickSlot(matrix, op.to);
      description = `legalShift ${String(id)} ${from} → ${to}`;
      error = attempt(() => matrix.legalShift(id, from, to));
      break;
    }
    case 'repack': {
      const shifts: LegalShift[] = op.shifts.map((s) => {
        const id = pickJob(matrix, s.job);
        const slots = matrix.job(id)?.slots ?? [0];
        return { job: id, from: slots[s.from % slots.length]!, to: pickSlot(matrix, s.to) };
      });
      description = `repack [${shifts.map((s) => `${String(s.job)} ${s.from}→${s.to}`).join(', ')}]`;
      error = attempt(() => matrix.repack(shifts));
      break;
    }
    case 'swap': {
      if (matrix.slots === 0) {
        description = 'swap (no slots: skipped)';
        break;
      }
      const a = op.a % matrix.slots;
      const b = op.b % matrix.slots;
      const from = Math.min(op.from % (N + 1), op.to % (N + 1));
      const to = Math.max(op.from % (N + 1), op.to % (N + 1));
      const shifts = swapShifts(matrix, a, b, from, to);
      description = `swap slots ${a} and ${b} over ${range(from, to)}: [${shifts.map((s) => `${String(s.job)} ${s.from}→${s.to}`).join(', ')}]`;
      error = attempt(() => matrix.repack(shifts));
      const clean = [from, to].every((x) => matrix.isCleanCut(a, x) && matrix.isCleanCut(b, x));
      if (clean && a !== b)
        expect(error === undefined, `an exchange between clean cuts was refused: ${error?.code}`);
      break;
    }
    case 'groupFragments': {
      const pairs = adjacentFragmentPairs(matrix);
      if (pairs.length === 0) {
        description = 'groupAdjacentFragments (no adjacent fragments: skipped)';
        break;
      }
      const [left, right] = pairs[op.pair % pairs.length]!;
      description = `groupAdjacentFragments slot ${left.slot} ${range(left.start, left.end)} + slot ${right.slot} ${range(right.start, right.end)}`;
      error = attempt(() => {
        const slot = groupAdjacentFragments(matrix, left, right);
        description += ` → slot ${slot}`;
        expect(slot === left.slot || slot === right.slot, `result slot ${slot} is neither fragment's slot`);
        expect(
          idleIn(matrix, slot, left.start, right.end),
          `processors ${range(left.start, right.end)} are not idle in slot ${slot}`,
        );
      });
      expect(error === undefined, `Property 1 failed although its precondition holds: ${error?.code}`);
      break;
    }
    case 'groupRaw': {
      const left: Fragment = { slot: pickSlot(matrix, op.left), start: op.start % N, end: op.mid % (N + 1) };
      const right: Fragment = {
        slot: pickSlot(matrix, op.right),
        start: op.mid % (N + 1),
        end: op.end % (N + 1),
      };
      description = `groupAdjacentFragments slot ${left.slot} ${left.start}..${left.end} + slot ${right.slot} ${right.start}..${right.end} (raw)`;
      error = attempt(() => {
        const slot = groupAdjacentFragments(matrix, left, right);
        expect(
          idleIn(matrix, slot, left.start, right.end),
          `processors ${range(left.start, right.end)} are not idle in slot ${slot}`,
        );
      });
      break;
    }
    case 'gather': {
      const a = op.from % N;
      const b = 1 + (op.to % N);
      const [from, to] = a < b ? [a, b] : [b - 1, a + 1];
      const possible = hasIdleEverywhere(model, from, to, 'WLTM');
      description = `gatherIdleFragments ${range(from, to)}`;
      error = attempt(() => {
        const slot = gatherIdleFragments(matrix, from, to);
        description += ` → slot ${slot}`;
        expect(idleIn(matrix, slot, from, to), `processors ${range(from, to)} are not idle in slot ${slot}`);
      });
      expect(
        (error === undefined) === possible,
        `Property 2 ${possible ? 'failed although its precondition holds' : 'ran without its precondition'} (${error?.code})`,
      );
      if (error) expect(error.code === 'NO_IDLE_FRAGMENT', `refused with ${error.code}`);
      break;
    }
    case 'eliminate': {
      const possible = model.rows.length > 0 && hasIdleEverywhere(model, 0, N, op.by);
      const before = new Map(
        [...matrix.jobs()].map((j) => [j.id, { start: j.start, width: j.width, slots: j.slots.length }]),
      );
      const slotsBefore = matrix.slots;
      description = `eliminateSlot by ${op.by}`;
      error = attempt(() => {
        const done = eliminateSlot(matrix, { by: op.by });
        description += ` → deleted slot ${done.slot}`;
        if (done.relinquished.length)
          description += `, relinquished ${done.relinquished.map((r) => `${String(r.job)}@${r.slot}`)}`;
        expect(matrix.slots === slotsBefore - 1, `slot count went ${slotsBefore} → ${matrix.slots}`);
        expect(op.by === 'WLTS' || done.relinquished.length === 0, 'WLTM elimination took slots from jobs');
        for (const [id, was] of before) {
          const now = matrix.job(id);
          const lost = done.relinquished.filter((r) => r.job === id).length;
          expect(
            now !== undefined &&
              now.start === was.start &&
              now.width === was.width &&
              now.slots.length === was.slots - lost,
            `job ${String(id)} changed beyond its relinquished slots: ${JSON.stringify(was)} → ${JSON.stringify(now)}`,
          );
        }
      });
      expect(
        (error === undefined) === possible,
        `eliminateSlot ${possible ? 'refused although the root is non-zero' : 'ran with a zero root'} (${error?.code})`,
      );
      break;
    }
    case 'eliminateAll': {
      description = `eliminateSlots by ${op.by}`;
      error = attempt(() => {
        const n = eliminateSlots(matrix, { by: op.by });
        description += ` → ${n} deleted`;
      });
      expect(error === undefined, `eliminateSlots failed: ${error?.code}`);
      expect(
        model.rows.length === 0 || !hasIdleEverywhere(model, 0, N, op.by),
        'a slot can still be eliminated after eliminating while possible',
      );
      break;
    }
    case 'addSlot':
      description = 'addSlot';
      error = attempt(() => {
        description += ` → slot ${matrix.addSlot()}`;
      });
      break;
    case 'deleteSlot': {
      const slot = pickSlot(matrix, op.slot);
      description = `deleteSlot ${slot}`;
      error = attempt(() => matrix.deleteSlot(slot));
      break;
    }
  }
  if (error) description += ` ✗ ${error.message.split('\n')[0]}`;
  return { description, error, problems };
}
