import * as z from 'zod';

/**
 * The parameter tables of the Lublin–Feitelson 1999 model (U. Lublin and D. G. Feitelson, "The
 * workload on parallel supercomputers: modeling the characteristics of rigid jobs", JPDC 63(11),
 * 2003; reference code m_lublin99.c), exactly as `shared/traces/MODELS.md` §Lublin–Feitelson 1999
 * lists them. One table per job stream: batch, interactive, and typeless (INCLUDE_JOBS_TYPE = 0).
 */
export interface LublinTable {
  // Sizes (calc_number_of_nodes): serial, power-of-two rounding, two-stage uniform log2(size).
  readonly serialProb: number;
  readonly pow2Prob: number;
  readonly uLow: number;
  readonly uMed: number;
  /** 2^uHi is the largest size: 7 ↔ 128 nodes (batch, typeless), 5.5 for interactive jobs. */
  readonly uHi: number;
  readonly uProb: number;
  // Runtimes (time_from_nodes): ln(runtime) hyper-gamma, p = pa·nodes + pb.
  readonly a1: number;
  readonly b1: number;
  readonly a2: number;
  readonly b2: number;
  readonly pa: number;
  readonly pb: number;
  // Arrivals (arrive_init, calc_next_arrive): ln(gap) ~ gamma(aarr·arar, barr); daily cycle gamma(anum, bnum).
  readonly aarr: number;
  readonly arar: number;
  readonly barr: number;
  readonly anum: number;
  readonly bnum: number;
}

/** The model's parameters per job stream (batch, interactive, typeless), as the reference code m_lublin99.c sets them. */
export const lublinTables: Readonly<Record<'batch' | 'interactive' | 'typeless', LublinTable>> = {
  batch: {
    serialProb: 0.2927,
    pow2Prob: 0.6686,
    uLow: 1.2,
    uMed: 5,
    uHi: 7,
    uProb: 0.875,
    a1: 6.57,
    b1: 0.823,
    a2: 639.1,
    b2: 0.0156,
    pa: -0.003,
    pb: 0.6986,
    aarr: 6.0415,
    arar: 1.0519,
    barr: 0.8531,
    anum: 6.1271,
    bnum: 5.274,
  },
  interactive: {
    serialProb: 0.1541,
    pow2Prob: 0.625,
    uLow: 1,
    uMed: 3,
    uHi: 5.5,
    uProb: 0.705,
    a1: 3.8351,
    b1: 0.6605,
    a2: 7.073,
    b2: 0.6856,
    pa: -0.0118,
    pb: 0.9156,
    aarr: 6.551,
    arar: 0.9797,
    barr: 0.6621,
    anum: 8.9186,
    bnum: 3.668,
  },
  typeless: {
    serialProb: 0.244,
    pow2Prob: 0.576,
    uLow: 0.8,
    uMed: 4.5,
    uHi: 7,
    uProb: 0.86,
    a1: 4.2,
    b1: 0.94,
    a2: 312,
    b2: 0.03,
    pa: -0.0054,
    pb: 0.78,
    aarr: 10.2303,
    arar: 1.0225,
    barr: 0.4871,
    anum: 8.1737,
    bnum: 3.9631,
  },
};

/** Constants of the reference code (MODELS.md). */
export const lublinConstants = {
  /** ln(runtime) draws above this are redrawn: runtime ≤ e^12 ≈ 162,754 s (`TOO_MUCH_TIME`). */
  runtimeLogCap: 12,
  /** ln(gap) draws above this are redrawn (`TOO_MUCH_ARRIVE_TIME`). */
  interarrivalLogCap: 13,
  /** The day in 48 buckets of 1800 s (`BUCKETS`, `SECONDS_IN_BUCKET`). */
  buckets: 48,
  secondsInBucket: 1800,
  /** First gamma index of the daily-cycle weights (`CYCLIC_DAY_START`). */
  cyclicDayStart: 11,
} as const;

const positive = (value: number, what: string) => z.number().positive().default(value).describe(what);

/**
 * The schema of one stream's table: every entry optional, defaulting to the published value. The
 * size range follows the machine: by default UHi and UMed move by log2(processors/128) together,
 * which reproduces the reference sample for 256 nodes (MODELS.md: mean size 22.1, mean ln(runtime)
 * 5.68); ULow stays (small jobs stay small) unless it would pass UMed.
 */
export function lublinTableSchema(t: LublinTable, stream: string) {
  return z
    .strictObject({
      serialProb: z
        .number()
        .min(0)
        .max(1)
        .default(t.serialProb)
        .describe(`P(size = 1), ${stream} (SerialProb)`),
      pow2Prob: z
        .number()
        .min(0)
        .max(1)
        .default(t.pow2Prob)
        .describe(`P(log2 size rounded to a whole power of two), ${stream} (Pow2Prob)`),
      uLow: z.number().default(t.uLow).describe(`low end of log2(size), ${stream} (ULow)`),
      uMed: z
        .number()
        .optional()
        .describe(
          `middle of the two-stage uniform, ${stream} (UMed = ${t.uMed} on 128 nodes); default keeps UHi − UMed = ${t.uHi - t.uMed}`,
        ),
      uHi: z
        .number()
        .optional()
        .describe(
          `high end of log2(size), ${stream} (UHi = ${t.uHi} on 128 nodes); default ${t.uHi} + log2(processors/128)`,
        ),
      uProb: z
        .number()
        .min(0)
        .max(1)
        .default(t.uProb)
        .describe(`P(first stage [ULow, UMed]), ${stream} (Uprob)`),
      a1: positive(t.a1, `shape of the first ln(runtime) gamma, ${stream}`),
      b1: positive(t.b1, `scale of the first ln(runtime) gamma, ${stream}`),
      a2: positive(t.a2, `shape of the second ln(runtime) gamma, ${stream}`),
      b2: positive(t.b2, `scale of the second ln(runtime) gamma, ${stream}`),
      pa: z.number().default(t.pa).describe(`slope of p = pa·nodes + pb, ${stream}`),
      pb: z.number().default(t.pb).describe(`intercept of p = pa·nodes + pb, ${stream}`),
      aarr: positive(t.aarr, `AARR: ln(gap) gamma shape before ARAR, ${stream} (Zeng–Sodan W1: 10.33)`),
      arar: positive(t.arar, `ARAR: factor on AARR, ${stream}`),
      barr: positive(t.barr, `BARR: ln(gap) gamma scale, ${stream}`),
      anum: positive(t.anum, `ANUM: daily-cycle gamma shape, ${stream}`),
      bnum: positive(t.bnum, `BNUM: daily-cycle gamma scale, ${stream}`),
    })
    .refine((p) => p.serialProb + p.pow2Prob <= 1, {
      message: 'serialProb + pow2Prob must be ≤ 1',
      path: ['pow2Prob'],
    })
    .prefault({});
}

export type LublinTableOptions = z.output<ReturnType<typeof lublinTableSchema>>;

/** The size range of a stream on a machine of `processors`, with the defaults described above. */
export function effectiveSizeRange(
  table: LublinTable,
  options: { readonly uLow: number; readonly uMed?: number | undefined; readonly uHi?: number | undefined },
  processors: number,
): { uLow: number; uMed: number; uHi: number } {
  const uHi = options.uHi ?? table.uHi + Math.log2(processors / 128);
  const uMed = options.uMed ?? uHi - (table.uHi - table.uMed);
  return { uLow: Math.min(options.uLow, uMed), uMed, uHi };
}
