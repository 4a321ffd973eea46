import { chmod } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { writeFileAtomic } from '../output/atomic.ts';

export interface SlurmPlan {
  /** Where the scripts go. */
  readonly out: string;
  /** The sweep file, absolute. */
  readonly file: string;
  /** The merged results directory, absolute; shard i writes `<results>/shard-<i>`. */
  readonly results: string;
  readonly shards: number;
  readonly plugins: readonly string[];
  readonly cells: number;
}

/** Single quotes for the shell: every character literal. */
const quote = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;

/**
 * The command that runs schedlab now (node, its flags, the CLI file), so that the scripts run the
 * same schedlab, from source or built, on nodes sharing this file system; `$SCHEDLAB` overrides it
 * (e.g. `SCHEDLAB=schedlab` where it is installed on the nodes).
 */
function schedlabCommand(): string {
  const here = [process.execPath, ...process.execArgv, resolve(process.argv[1] ?? 'schedlab')];
  return `if [ -n "\${SCHEDLAB:-}" ]; then read -ra schedlab <<<"$SCHEDLAB"; else schedlab=(${here.map(quote).join(' ')}); fi`;
}

/**
 * A Slurm job array of `shards` tasks, task i running `sweep --shard i/n --results <results>/shard-i`
 * with as many workers as the task's CPUs, and a merge job that runs once every task has ended
 * well (`--dependency=afterok`). `submit.sh` submits both. Paths are absolute and the scripts work
 * in this directory, so relative paths and `--import tsx` resolve as they do here.
 */
export async function emitSlurm(plan: SlurmPlan): Promise<{ submit: string; files: string[] }> {
  const n = plan.shards;
  const shardDir = (i: string) => `${plan.results}/shard-${i}`;
  const plugins = plan.plugins.flatMap((p) => [
    '--plugin',
    quote(p.startsWith('.') || isAbsolute(p) ? resolve(p) : p),
  ]);
  const header = (name: string, extra: string[]) =>
    [
      '#!/bin/bash',
      `#SBATCH --job-name=${name}`,
      ...extra,
      `#SBATCH --output=${join(resolve(plan.out), 'logs')}/%x-%A_%a.out`,
      'set -euo pipefail',
      `cd ${quote(process.cwd())}`,
      schedlabCommand(),
    ].join('\n');
  const array = `${header('schedlab-sweep', [`#SBATCH --array=0-${n - 1}`, '#SBATCH --cpus-per-task=1'])}
# Task i runs shard i of ${n} (${plan.cells} cells in all); a re-submitted task resumes its shard.
"\${schedlab[@]}"${plugins.map((p) => ` ${p}`).join('')} sweep ${quote(plan.file)} \\
  --shard "$SLURM_ARRAY_TASK_ID/${n}" \\
  --results ${quote(plan.results)}/shard-"$SLURM_ARRAY_TASK_ID" \\
  --workers "\${SLURM_CPUS_PER_TASK:-1}"
`;
  const shardDirs = Array.from({ length: n }, (_, i) => quote(shardDir(String(i)))).join(' ');
  const merge = `${header('schedlab-merge', [])}
"\${schedlab[@]}" merge ${shardDirs} --out ${quote(plan.results)}
"\${schedlab[@]}" summarize ${quote(plan.results)}
`;
  const out = resolve(plan.out);
  const files = {
    array: join(out, 'sweep.sbatch'),
    merge: join(out, 'merge.sbatch'),
    submit: join(out, 'submit.sh'),
  };
  const submit = `#!/bin/sh
# Submit the sweep's job array, then its merge, which waits for every array task to succeed.
set -eu
mkdir -p ${quote(join(out, 'logs'))}
array=$(sbatch --parsable ${quote(files.array)})
sbatch --dependency=afterok:"\${array%%;*}" ${quote(files.merge)}
`;
  await writeFileAtomic(files.array, array);
  await writeFileAtomic(files.merge, merge);
  await writeFileAtomic(files.submit, submit);
  for (const file of Object.values(files)) await chmod(file, 0o755);
  return { submit: files.submit, files: Object.values(files) };
}
