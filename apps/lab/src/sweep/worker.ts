/** The module a sweep's worker threads load (built as `dist/sweep-worker.js`): one cell per task. */
export { runCell as default } from './run-cell.ts';
