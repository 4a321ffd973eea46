import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Write `text` to `path` whole or not at all: into a temporary file beside it, then renamed into
 * place, so a crash or a full disk never leaves half a file where a reader expects a whole one.
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const partial = `${path}.partial`;
  await writeFile(partial, text);
  await rename(partial, path);
}
