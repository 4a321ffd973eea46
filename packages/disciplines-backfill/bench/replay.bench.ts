import { fileURLToPath } from 'node:url';
import { simulate } from '@js/core';
import { Machine } from '@js/machine';
import { openWorkload } from '@js/workloads';
import { defineBench } from '../../../tooling/bench.ts';
import { conservative, easy } from '../src/index.ts';

/**
 * Trace replays as a user runs them: read the gzip trace, clean it, and schedule it, in one
 * stream. Traces live beside the repository (`../shared/traces`).
 */
const trace = (name: string) => fileURLToPath(new URL(`../../../../shared/traces/${name}`, import.meta.url));

const replay = (discipline: typeof easy, file: string, iterations = 3) => ({
  name: `${discipline.name} on ${file.replace(/\.swf\.gz$/, '')} (parse included)`,
  iterations,
  run: async () => {
    const workload = await openWorkload(trace(file));
    const result = await simulate(workload.jobs, { machine: Machine.flat(workload.processors), discipline });
    return { jobs: result.ended, events: result.events };
  },
});

export default defineBench('replay', [
  replay(easy, 'KTH-SP2-1996-2.1-cln.swf.gz'),
  replay(easy, 'SDSC-SP2-1998-4.2-cln.swf.gz'),
  replay(easy, 'HPC2N-2002-2.2-cln.swf.gz'),
  replay(easy, 'SDSC-BLUE-2000-4.2-cln.swf.gz'),
  replay(easy, 'RICC-2010-2.swf.gz', 2),
  replay(conservative, 'KTH-SP2-1996-2.1-cln.swf.gz'),
  replay(conservative, 'SDSC-SP2-1998-4.2-cln.swf.gz'),
  replay(conservative, 'HPC2N-2002-2.2-cln.swf.gz', 2),
]);
