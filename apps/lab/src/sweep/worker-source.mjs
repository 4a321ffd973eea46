// The worker module when schedlab runs from source (`--import tsx`). Node 20 does not carry the
// hooks that `--import tsx` registers into worker threads (the thread inherits the flag, not the
// hooks), so the thread registers them itself before loading the TypeScript. `--conditions`
// needs nothing: worker threads inherit it with the rest of execArgv.
import { register } from 'tsx/esm/api';

register();
const { runCell } = await import('./run-cell.ts');
export default runCell;
