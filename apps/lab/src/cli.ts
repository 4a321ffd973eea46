#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { compareCommand } from './commands/compare.ts';
import { generateCommand } from './commands/generate.ts';
import { listCommand } from './commands/list.ts';
import { runCommand } from './commands/run.ts';

const program = new Command('schedlab')
  .description('replay traces and synthetic workloads under parallel-job scheduling disciplines')
  .option(
    '--plugin <module>',
    'load a discipline plugin (package name or file path); repeatable',
    (module: string, previous: string[] = []) => [...previous, module],
  )
  .option('--debug', 'show stack traces');
listCommand(program);
runCommand(program);
compareCommand(program);
generateCommand(program);
program.exitOverride();

try {
  await program.parseAsync();
} catch (error) {
  if (error instanceof CommanderError) process.exit(error.exitCode);
  const debug = process.argv.includes('--debug');
  // Our errors (and the machine's) carry a stable code: a user-facing message, not a bug.
  const known = typeof (error as { code?: unknown }).code === 'string';
  if (debug) console.error(error);
  else
    console.error(
      `schedlab: ${(error as Error).message}${known ? '' : ' (run with --debug for the stack trace)'}`,
    );
  process.exit(1);
}
