import { InputError } from '@js/core';
import { describe, expect, it } from 'vitest';
import { headerProcessors, parseSwfHeader } from './header.ts';

describe('parseSwfHeader', () => {
  const lines = [
    '; Version: 2.2',
    '; Computer: IBM SP2',
    '; Information: http://www.tc.cornell.edu/',
    ';              http://www.cs.huji.ac.il/labs/parallel/workload/',
    '; MaxJobs: 79302',
    '; UnixStartTime: 835823160',
    '; TimeZone: -18000',
    '; TimeZoneString: US/Eastern',
    '; StartTime: Wed Jun 26 17:06:00 EDT 1996',
    '; MaxNodes: 338 (batch partition; 512 total)',
    '; MaxProcs: 338',
    '; Queue:  1 DSI      ',
    '; Queue:  2 astro    ',
    ';',
    '; Note: THIS IS A CLEANED VERSION OF THE LOG!',
  ];
  const header = parseSwfHeader(lines);

  it('keeps every raw line verbatim, trailing spaces included', () => {
    expect(header.lines).toEqual(lines);
  });

  it('parses the known keys, taking the leading integer of annotated values', () => {
    expect(header).toMatchObject({
      version: '2.2',
      computer: 'IBM SP2',
      maxJobs: 79302,
      unixStartTime: 835823160,
      timeZone: -18000,
      timeZoneString: 'US/Eastern',
      startTime: 'Wed Jun 26 17:06:00 EDT 1996',
      maxNodes: 338,
      maxProcs: 338,
    });
  });

  it('lists every Key: value entry in order, repeated keys included', () => {
    expect(header.entries.filter((e) => e.key === 'Queue').map((e) => e.value)).toEqual(['1 DSI', '2 astro']);
    expect(header.entries.map((e) => e.key)).toContain('Note');
  });

  it('takes the machine size from MaxProcs, else MaxNodes, else none', () => {
    expect(headerProcessors(parseSwfHeader(['; MaxNodes: 64', '; MaxProcs: 256']))).toBe(256);
    expect(headerProcessors(parseSwfHeader(['; MaxNodes: 64']))).toBe(64);
    expect(headerProcessors(parseSwfHeader(['; MaxProcs: -1', '; MaxNodes: 32']))).toBe(32);
    expect(headerProcessors(parseSwfHeader(['; Computer: x']))).toBeUndefined();
  });

  it('without a source, ignores a value whose first word is not an integer', () => {
    expect(parseSwfHeader(['; MaxProcs: unknown']).maxProcs).toBeUndefined();
  });

  // Blank lines may come between header lines, so each carries its own file line.
  const from = { source: 'x.swf', lineNumbers: [1, 3, 4], lenient: false };

  it.each([
    ['1e400', "'1e400' is out of range (not a finite number)"],
    ['12.5', "'12.5' is not an integer"],
    ['99999999999999999999', "'99999999999999999999' is too large to be exact (above 2^53)"],
    ['128x', "'128x' is not a decimal number"],
  ])('refuses MaxProcs: %s at its line, never reading its leading digits', (value, problem) => {
    const lines = ['; Version: 2', `; MaxProcs: ${value}`, '; MaxNodes: 64'];
    expect(() => parseSwfHeader(lines, from)).toThrow(InputError);
    expect(() => parseSwfHeader(lines, from)).toThrow(`x.swf:3 (field header MaxProcs): ${problem}`);
    // Lenient: the value is ignored and the machine size comes from MaxNodes.
    const lenient = parseSwfHeader(lines, { ...from, lenient: true });
    expect(lenient.maxProcs).toBeUndefined();
    expect(headerProcessors(lenient)).toBe(64);
  });
});
