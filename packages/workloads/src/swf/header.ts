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
const leadingInteger = /^[+-]?\d+/;

/** Build a header from its raw comment lines. The first occurrence of a known key wins. */
export function parseSwfHeader(lines: readonly string[]): SwfHeader {
  const header: Mutable<SwfHeader> = { lines: [...lines], entries: [] };
  const entries: { key: string; value: string }[] = [];
  for (const line of lines) {
    const match = entryPattern.exec(line);
    if (!match) continue;
    const [, key, value] = match as unknown as [string, string, string];
    entries.push({ key, value });
    if (Object.hasOwn(textKeys, key)) {
      const prop = textKeys[key as keyof typeof textKeys];
      header[prop] ??= value;
    } else if (Object.hasOwn(numberKeys, key)) {
      const prop = numberKeys[key as keyof typeof numberKeys];
      const number = leadingInteger.exec(value);
      if (number && header[prop] === undefined) header[prop] = Number(number[0]);
    }
  }
  header.entries = entries;
  return header;
}

/** The machine size a trace describes: `MaxProcs`, else `MaxNodes` (older logs count nodes only). */
export const headerProcessors = (header: SwfHeader): number | undefined =>
  positive(header.maxProcs) ?? positive(header.maxNodes);

const positive = (n: number | undefined): number | undefined => (n !== undefined && n > 0 ? n : undefined);
