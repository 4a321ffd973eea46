import type { Job } from '@js/core';
import { InputError } from '@js/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jobFromSwfRecord, swfRecordOfJob } from './mapping.ts';
import { SwfParser } from './parser.ts';
import { parseSwf } from './reader.ts';

const header = ['; Version: 2.2', '; MaxProcs: 128', '; MaxNodes: 64', ';'];
const line1 = '    1        0     10    100    4  90.50  1024    8    600   2048  1  3  4  5  2  1 -1  -1';
const line2 = '    2        5     -1     50    2     -1    -1   -1     -1     -1  0 -1 -1 -1 -1 -1 -1  -1';
const text = `${header.join('\n')}\n${line1}\n${line2}\n`;

const jobsOf = (input: string, name = 'test.swf', lenient = false): Job[] => [
  ...parseSwf(input, { name, lenient }).jobs,
];

/** Calls `f` and returns the InputError it throws (fails the test when it throws nothing else). */
function inputErrorOf(f: () => unknown): InputError {
  try {
    f();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return error as InputError;
  }
  throw new Error('expected an InputError');
}

describe('SWF job lines', () => {
  it('reads the header and maps the fields to a Job', () => {
    const trace = parseSwf(text);
    expect(trace.header.lines).toEqual(header);
    expect(trace.header.maxProcs).toBe(128);
    const [job] = [...trace.jobs];
    expect(job).toEqual({
      id: 1,
      submit: 0,
      size: 8, // requested processors (field 8), not the 4 allocated
      runtime: 100,
      estimate: 600,
      resources: { memory: 2048 * 8 }, // field 10 is per processor; a demand is per job
      user: 3,
      group: 4,
      queue: 2,
      partition: 1,
      swf: [1, 0, 10, 100, 4, 90.5, 1024, 8, 600, 2048, 1, 3, 4, 5, 2, 1, -1, -1],
    });
  });

  it('falls back to allocated processors when none were requested, and maps -1 to unknown', () => {
    const [, job] = jobsOf(text);
    expect(job).toMatchObject({ id: 2, size: 2, estimate: Number.POSITIVE_INFINITY });
    expect(job!.resources).toBeUndefined();
    expect(job!.user).toBeUndefined();
    expect(job!.queue).toBeUndefined();
  });

  it('reads numbers exactly like Number() does, decimals and exponents included', () => {
    const values = ['0.03', '7.38', '552.21', '1e3', '-0', '123456789012345678', '0.1234567890123456789'];
    for (const v of values) {
      const fields = Array.from({ length: 18 }, () => '-1');
      fields[5] = v;
      fields[1] = '0';
      const [job] = jobsOf(fields.join(' '));
      expect(job!.swf![5]).toBe(Number(v) || 0);
    }
  });

  it('accepts tabs, CRLF line ends, blank lines and a last line without a newline', () => {
    const messy = `${header.join('\r\n')}\r\n\r\n${line1.replaceAll(' ', '\t')}\r\n   \n${line2}`;
    const trace = parseSwf(messy);
    expect(trace.header.lines).toEqual(header);
    expect([...trace.jobs]).toEqual(jobsOf(text));
  });

  it('gives the same jobs however the bytes are cut into chunks', () => {
    const bytes = Buffer.from(text);
    const whole = jobsOf(text);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 12 }),
        (cuts) => {
          const parser = new SwfParser('chunks', false);
          const out: Job[] = [];
          let at = 0;
          for (const cut of [...cuts].sort((a, b) => a - b)) {
            parser.feed(bytes.subarray(at, cut), out);
            at = cut;
          }
          parser.feed(bytes.subarray(at), out);
          parser.end(out);
          expect(out).toEqual(whole);
          expect(parser.header?.lines).toEqual(header);
        },
      ),
    );
  });

  it('counts comment lines after the first job instead of keeping them', () => {
    const trace = parseSwf(`${text}; late comment\n`);
    expect([...trace.jobs]).toHaveLength(2);
    expect(trace.report()).toMatchObject({ commentsAfterHeader: 1, jobs: 2, lines: 7 });
  });
});

describe('malformed SWF lines', () => {
  // header lines 1–4, line1 at 5, line2 at 6, the bad line at 7
  const withBad = (bad: string): string =>
    `${text}${bad}\n${line2.replace('    2        5', '    3        9')}\n`;

  it('names file, line and the first missing field when a line is short', () => {
    const short = line2.replace(/\s+-1\s*$/, '');
    const error = inputErrorOf(() => jobsOf(withBad(short), 'short.swf'));
    expect(error).toMatchObject({ source: 'short.swf', line: 7, field: 'think time', code: 'INPUT_ERROR' });
    expect(error.message).toContain('short.swf:7');
    expect(error.message).toContain('17 fields');
  });

  it('names file, line and field when a line has extra fields', () => {
    const error = inputErrorOf(() => jobsOf(withBad(`${line2} 7 8`), 'long.swf'));
    expect(error).toMatchObject({ source: 'long.swf', line: 7, field: 'think time' });
    expect(error.message).toContain('20 fields');
  });

  it.each([
    [0, 'job number'],
    [3, 'run time'],
    [4, 'allocated processors'],
    [8, 'requested time'],
    [17, 'think time'],
  ])('names field %i (%s) when it is not a number', (index, name) => {
    const fields = line2.trim().split(/\s+/);
    fields[index] = index === 17 ? '12x' : 'abc';
    const error = inputErrorOf(() => jobsOf(withBad(fields.join(' ')), 'nan.swf'));
    expect(error).toMatchObject({ source: 'nan.swf', line: 7, field: name });
    expect(error.message).toContain(`field ${index + 1}: '${fields[index]}' is not a decimal number`);
  });

  it.each(['0x10', 'Infinity', '1e', '.', '-', '+-1', '1.2.3'])('rejects %s as a number', (token) => {
    const fields = line2.trim().split(/\s+/);
    fields[6] = token;
    expect(inputErrorOf(() => jobsOf(withBad(fields.join(' ')))).field).toBe('used memory');
  });

  it.each([
    ['1e400', "field 4: '1e400' is out of range (not a finite number)"],
    ['-1e999', "field 4: '-1e999' is out of range (not a finite number)"],
    ['0x10', "field 4: '0x10' is not a decimal number"],
    ['1e5e5', "field 4: '1e5e5' is not a decimal number"],
  ])('refuses a run time of %s at its line and field, never as Infinity or 16', (runtime, problem) => {
    const fields = line1.trim().split(/\s+/);
    fields[3] = runtime;
    const error = inputErrorOf(() => jobsOf(`${header.join('\n')}\n${fields.join(' ')}\n`, 'big.swf'));
    expect(error).toMatchObject({ source: 'big.swf', line: 5, field: 'run time' });
    expect(error.message).toContain(problem);
  });

  it('rejects a submit time earlier than the previous one, naming the line', () => {
    const early = line2.replace('    2        5', '    3        4');
    const error = inputErrorOf(() => jobsOf(withBad(early), 'order.swf'));
    expect(error).toMatchObject({ line: 7, field: 'submit time' });
    expect(error.message).toMatch(/earlier than 5 on line 6/);
  });

  it('rejects an unknown submit time', () => {
    const unknown = line2.replace('    2        5', '    3       -1');
    expect(inputErrorOf(() => jobsOf(withBad(unknown))).field).toBe('submit time');
  });

  it('hands out the jobs before a bad line, then throws', () => {
    const seen: number[] = [];
    expect(() => {
      for (const job of parseSwf(withBad('1 2 3')).jobs) seen.push(job.id);
    }).toThrow(InputError);
    expect(seen).toEqual([1, 2]);
  });

  it('lenient reading skips bad lines, counts them and lists the first line numbers', () => {
    const bad = ['1 2 3', `${line2} 9`, line2.replace('50', 'fifty'), '4 3 2 1'];
    const good = (id: number, submit: number) =>
      line2.replace('    2        5', `    ${id}        ${submit}`);
    const input = [
      text.trimEnd(),
      ...bad, // lines 7–10
      good(3, 10),
      line2.replace('    2        5', '    4        1'), // line 12: submit goes back in time
      ...bad, // 13–16
      good(5, 20),
    ].join('\n');
    const trace = parseSwf(input, { lenient: true });
    expect([...trace.jobs].map((j) => j.id)).toEqual([1, 2, 3, 5]);
    const report = trace.report();
    expect(report.skippedLines).toBe(9);
    expect(report.firstSkipped.map((s) => s.line)).toEqual([7, 8, 9, 10, 12]);
    expect(report.firstSkipped[2]).toMatchObject({ field: 'run time' });
    expect(report.jobs).toBe(4);
  });
});

describe('memory: per processor in SWF, per job in a Job', () => {
  it('round-trips a job built in code through its SWF record', () => {
    const job = { id: 7, submit: 5, size: 4, runtime: 10, estimate: 20, resources: { memory: 4096 } };
    const record = swfRecordOfJob(job);
    expect(record[9]).toBe(1024);
    expect(jobFromSwfRecord(record).resources).toEqual({ memory: 4096 });
  });
});
