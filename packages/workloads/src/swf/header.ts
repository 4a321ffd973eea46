import { InputError, readNumber } from '@js/core';
/**
 * The `;` comment header of an SWF file. The raw lines are kept verbatim so a writer can
 * reproduce them exactly; the keys a simulator needs are parsed as well.
 */
export interface SwfHeader {
  /** Every comment line before the first job line, verbatim (including the leading `;`). */
  readonly lines: readonly string[];
  /** Every `Key: value` comment, in file order (keys such as `Note` or `Queue` repeat). */
  readonly entries: readonly { readonly key: string; readonly value: string }[];
  readonly version?: string;
  readonly computer?: string;
  readonly installation?: string;
  readonly preemption?: string;
  readonly timeZoneString?: string;
  readonly startTime?: string;
  readonly endTime?: string;
  readonly allowOveruse?: string;
  readonly maxJobs?: number;
  readonly maxRecords?: number;
  readonly unixStartTime?: number;
  readonly timeZone?: number;
  readonly maxNodes?: number;
  readonly maxProcs?: number;
  readonly maxRuntime?: number;
  readonly maxMemory?: number;
  readonly maxQueues?: number;
  readonly maxPartitions?: number;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const textKeys = {
  Version: 'version',
  Computer: 'computer',
  Installation: 'installation',
  Preemption: 'preemption',
  TimeZoneString: 'timeZoneString',
  StartTime: 'startTime',
  EndTime: 'endTime',
  AllowOveruse: 'allowOveruse',
} as const satisfies Record<string, keyof SwfHeader>;

const numberKeys = {
  MaxJobs: 'maxJobs',
  MaxRecords: 'maxRecords',
  UnixStartTime: 'unixStartTime',
  TimeZone: 'timeZone',
  MaxNodes: 'maxNodes',
  MaxProcs: 'maxProcs',
  MaxRuntime: 'maxRuntime',
  MaxMemory: 'maxMemory',
  MaxQueues: 'maxQueues',
  MaxPartitions: 'maxPartitions',
} as const satisfies Record<string, keyof SwfHeader>;

const entryPattern = /^;\s*([A-Za-z][A-Za-z0-9]*)\s*:\s*(.*?)\s*$/;
// Values are not always bare integers: CTC writes `MaxNodes: 338 (batch partition; 512 total)`,
// so the leading integer is the value and the rest is commentary.

/** Where header lines come from, for located errors. */
export interface HeaderSource {
  readonly source: string;
  /** The file line of each header line. */
  readonly lineNumbers: readonly number[];
  /** Ignore a numeric value that is not an integer instead of refusing the file. */
  readonly lenient: boolean;
}

/**
 * Build a header from its raw comment lines. The first occurrence of a known key wins. A numeric
 * key's value is its first word, read strictly as an integer (`; MaxProcs: 128` or `; MaxNodes:
 * 100 nodes`); anything else (`1e400`, `12.5`, `many`) is an InputError at its line, or ignored
 * under `lenient`, never misread as its leading digits.
 */
export function parseSwfHeader(lines: readonly string[], from?: HeaderSource): SwfHeader {
  const header: Mutable<SwfHeader> = { lines: [...lines], entries: [] };
  const entries: { key: string; value: string }[] = [];
  lines.forEach((line, index) => {
    const match = entryPattern.exec(line);
    if (!match) return;
    const [, key, value] = match as unknown as [string, string, string];
    entries.push({ key, value });
    if (Object.hasOwn(textKeys, key)) {
      const prop = textKeys[key as keyof typeof textKeys];
      header[prop] ??= value;
    } else if (Object.hasOwn(numberKeys, key)) {
      const prop = numberKeys[key as keyof typeof numberKeys];
      if (header[prop] !== undefined) return;
      const read = readNumber(value.split(/\s/, 1)[0]!, { integer: true });
      if (read.ok) header[prop] = read.value;
      else if (from && !from.lenient)
        throw new InputError(
          from.source,
          from.lineNumbers[index],
          `header ${key}`,
          `${read.problem}; expected an integer (or use --lenient to ignore it)`,
        );
    }
  });
  header.entries = entries;
  return header;
}

/** The machine size a trace describes: `MaxProcs`, else `MaxNodes` (older logs count nodes only). */
export const headerProcessors = (header: SwfHeader): number | undefined =>
  positive(header.maxProcs) ?? positive(header.maxNodes);

const positive = (n: number | undefined): number | undefined => (n !== undefined && n > 0 ? n : undefined);
