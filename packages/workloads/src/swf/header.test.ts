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

  it('ignores a value without a leading integer', () => {
    expect(parseSwfHeader(['; MaxProcs: unknown']).maxProcs).toBeUndefined();
  });
});
