import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ScaffoldError } from './names.ts';

async function entries(dir: string): Promise<string[] | undefined> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const notEmpty = (dir: string, found: readonly string[]) =>
  new ScaffoldError(
    'TARGET_NOT_EMPTY',
    `--dir ${dir}: the folder is not empty (${found.slice(0, 3).join(', ')}${found.length > 3 ? ', …' : ''}); name a new or empty one`,
  );

/**
 * Write `files` as the folder `dir`, whole or not at all: into a hidden sibling folder first, then
 * renamed into place, so an interrupted or failed scaffold leaves nothing half-written. A folder
 * that exists and holds anything is refused before any file is written (a plugin is never mixed
 * into someone's work); an empty one is replaced.
 */
export async function writeFolder(dir: string, files: ReadonlyMap<string, string>): Promise<void> {
  const found = await entries(dir);
  if (found && found.length > 0) throw notEmpty(dir, found);
  await mkdir(dirname(dir), { recursive: true });
  const staging = join(
    dirname(dir),
    `.${basename(dir)}.${process.pid}-${randomBytes(4).toString('hex')}.partial`,
  );
  try {
    for (const [path, text] of files) {
      const target = join(staging, path);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, text, { flag: 'wx' });
    }
    // rename(2) replaces an empty folder and refuses a non-empty one, which keeps the check
    // above true even if something was written into `dir` meanwhile.
    await rename(staging, dir).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOTEMPTY' || error.code === 'EEXIST')
        throw notEmpty(dir, (await entries(dir)) ?? []);
      throw error;
    });
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
