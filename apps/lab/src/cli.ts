#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { commands, namedCommand } from './commands/index.ts';

// The built command is a bundle: with --debug, stack traces name the source files instead (its
// source maps; modules loaded from here on, which is every command's own code).
if (process.argv.includes('--debug')) process.setSourceMapsEnabled(true);

const program = new Command('schedlab')
  .description('replay traces and synthetic workloads under parallel-job scheduling disciplines')
  .option(
    '--plugin <module>',
    'load a discipline plugin (package name or file path); repeatable',
    (module: string, previous: string[] = []) => [...previous, module],
  )
  .option('--debug', 'show stack traces')
  // Usage errors found by the argument parser get a code like every other error.
  .configureOutput({
    outputError: (text, write) =>
      write(
        `schedlab: error USAGE: ${text
          .replace(/^error: /, '')
          .trim()
          .replace(/\s*\n\s*/g, ' ')}\n`,
      ),
  });
// Only the named command is defined in full (and loaded); the others stand in the help by summary.
const named = namedCommand(process.argv.slice(2));
for (const [name, entry] of Object.entries(commands)) {
  if (name === named) (await entry.define())(program);
  else program.command(name).description(entry.summary);
}
program.exitOverride();

/**
 * Exit statuses:
 *
 * | status | meaning                                                                            |
 * | ------ | ---------------------------------------------------------------------------------- |
 * | 0      | done                                                                               |
 * | 1      | an error: bad input or options, an unknown name, a broken invariant, a missing file |
 * | 3      | a run stalled (`RUN_STALLED`): its report is printed first, then who waits and why |
 *
 * Usage errors found by the argument parser exit with its status (1). Errors are printed on stderr
 * as `schedlab: error CODE: message`, the code being the error's stable `code`.
 */
try {
  await program.parseAsync();
} catch (error) {
  if (error instanceof CommanderError) process.exit(error.exitCode);
  // Loaded here, not at start-up: `--help` needs nothing of the simulator.
  const { SchedlabError } = await import('@js/core');
  const debug = process.argv.includes('--debug');
  // A SchedlabError (the machine's, the ledger's and gang's included) is a located, user-facing
  // message, not a bug; so is a system error such as a missing file. Anything else gets the hint.
  const known =
    error instanceof SchedlabError || typeof (error as { syscall?: unknown }).syscall === 'string';
  const code = (error as { code?: unknown }).code;
  const message = (error as Error).message;
  // Some messages already start with their code (gang's): print it once.
  const coded =
    typeof code !== 'string'
      ? `error: ${message}`
      : message.startsWith(`${code}:`)
        ? `error ${message}`
        : `error ${code}: ${message}`;
  if (debug) console.error(error);
  else console.error(`schedlab: ${coded}${known ? '' : ' (run with --debug for the stack trace)'}`);
  const exitCode = (error as { exitCode?: unknown }).exitCode;
  const status = error instanceof SchedlabError && typeof exitCode === 'number' ? exitCode : 1;
  // A report may have gone to stdout first (a stalled run's): exit once it is written out.
  process.stdout.write('', () => process.exit(status));
}
