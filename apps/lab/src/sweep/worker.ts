/** The module a sweep's worker processes load (built as `dist/sweep-worker.js`): one cell per task. */
export { runCell as default } from './run-cell.ts';

// A sweep killed outright (SIGKILL) cannot stop its workers: each notices its channel close and
// leaves, instead of finishing a cell whose result nobody will read.
process.once('disconnect', () => process.exit(1));
