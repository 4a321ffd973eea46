import { describe, expect, it } from 'vitest';
import { schedlab } from './cli.test-support.ts';

describe('numbers on the command line go through the one strict parser', () => {
  it.each([
    [
      ['--max-time', '0x10'],
      /INVALID_OPTION.*max-time = "0x10": expected a positive number: '0x10' is not a decimal number/,
    ],
    [['--max-queued', '1e400'], /INVALID_OPTION.*max-queued.*'1e400' is out of range/],
    [['--machine', '2.5'], /INVALID_OPTION.*machine.*'2.5' is not an integer/],
    [['--machine', ''], /INVALID_OPTION.*machine.*'' is not a decimal number/],
    [['--resource', 'mem=1e400'], /CONFIG_ERROR.*--resource mem=1e400.*out of range/],
    [['--stop', 'tagged-left:2.5'], /CONFIG_ERROR.*stop rule 'tagged-left:2.5'/],
  ])('%j is refused with a coded error naming the option, before any run', async (args, message) => {
    const r = await schedlab('run', '-d', 'fcfs', ...args);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });

  it('seeds too large to be exact stay distinct instead of collapsing into one double', async () => {
    const mean = async (seed: string) => {
      const r = await schedlab('run', '-d', 'fcfs', '--seed', seed, '--max-time', '200000', '--json');
      expect(r.code, r.stderr).toBe(0);
      return (JSON.parse(r.stdout) as { summary: { wait: { mean: number } } }).summary.wait.mean;
    };
    // As doubles both are 1e20; as seeds they are two different names.
    expect(await mean('99999999999999999999')).not.toBe(await mean('99999999999999999998'));
  });
});
