/**
 * The module worker processes load (built as `dist/worker.js`): a sweep's cells (the default
 * export) and a reproduction's planned runs (`runPlan`).
 */
export { runPlan } from '../run/runner.ts';
export { runCell as default } from '../sweep/run-cell.ts';

// A parent killed outright (SIGKILL) cannot stop its workers: each notices its channel close and
// leaves, instead of finishing work whose result nobody will read.
process.once('disconnect', () => process.exit(1));
