import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../output/atomic.ts';
import type { RunReport } from './execute.ts';

/**
 * Finished runs kept on disk, so an interrupted sweep loses nothing and a re-run resumes: each
 * report is stored under a key derived from everything that determines it, written to a temporary
 * file and renamed into place (a crash never leaves half a report behind).
 */
export class ResultStore {
  constructor(readonly dir: string) {}

  /** File of the run described by `identity` (discipline, workload, seed, options…). */
  path(discipline: string, identity: unknown): string {
    const key = createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 16);
    return join(this.dir, `${discipline}-${key}.json`);
  }

  async load(path: string): Promise<RunReport | undefined> {
    try {
      return JSON.parse(await readFile(path, 'utf8')) as RunReport;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async save(path: string, report: RunReport): Promise<void> {
    await writeFileAtomic(path, JSON.stringify(report, null, 2));
  }
}
