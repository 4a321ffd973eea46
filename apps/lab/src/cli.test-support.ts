import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** The repository root, where `pnpm schedlab` runs. */
export const root = fileURLToPath(new URL('../../../', import.meta.url));
const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));

/** A test fixture of the app (plugins that misbehave, probes). */
export const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

/** A trace beside the repository (`../shared/traces`), never copied into it. */
export const trace = (name: string) =>
  fileURLToPath(new URL(`../../../../shared/traces/${name}`, import.meta.url));

/** The app as `pnpm schedlab` runs it (from source, a process of its own): exit code and output. */
export function schedlab(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return schedlabWithInput(undefined, ...args);
}

/** The same, with `input` piped to its standard input (`-w -`). */
export async function schedlabWithInput(
  input: Uint8Array | undefined,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const running = promisify(execFile)(
      process.execPath,
      ['--conditions=@js/source', '--import', 'tsx', cli, ...args],
      { cwd: root, maxBuffer: 1 << 26 },
    );
    running.child.stdin?.end(input);
    const { stdout, stderr } = await running;
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/**
 * A small SWF trace of rigid jobs, `[id, submit, runtime, size]` each (the request is the size and
 * the estimate the runtime), on a machine of `processors`.
 */
export function swfTrace(processors: number, jobs: readonly (readonly number[])[]): string {
  const line = ([id, submit, runtime, size]: readonly number[]) =>
    [id, submit, -1, runtime, size, -1, -1, size, runtime, -1, 1, -1, -1, -1, -1, -1, -1, -1].join(' ');
  return [`; MaxProcs: ${processors}`, ...jobs.map(line), ''].join('\n');
}
