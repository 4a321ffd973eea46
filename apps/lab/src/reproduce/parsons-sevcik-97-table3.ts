/** Table 3's disciplines, in its row order. */
export const disciplines = [
  'lsf-rtc',
  'lsf-rtc-ad',
  'lsf-rtc-adsubset',
  'lsf-preempt',
  'lsf-preempt-ad',
  'lsf-mig',
  'lsf-mig-ad',
  'lsf-mig-adsubset',
  'lsf-mall-ad',
  'lsf-mall-adsubset',
] as const;
export type Discipline = (typeof disciplines)[number];
/** §5's four knowledge cases, in Table 3's column order. */
export const cases = ['none', 'demand', 'speedup', 'both'] as const;
export type Case = (typeof cases)[number];

/** Table 3 of the paper: MRT and makespan, s; a string where the paper gives a bound (did not finish). */
export const table3: Record<Discipline, Record<Case, readonly [number | string, number | string]>> = {
  'lsf-rtc': { none: [5853, 147951], demand: [4040, 140342], speedup: [5279, 130361], both: [5627, 143507] },
  'lsf-rtc-ad': {
    none: [10611, 129093],
    demand: [8713, 126531],
    speedup: [8034, 91003],
    both: [8946, 126917],
  },
  'lsf-rtc-adsubset': {
    none: [8264, 76637],
    demand: [8410, 81767],
    speedup: [8039, 73324],
    both: [8074, 75340],
  },
  'lsf-preempt': {
    none: [5793, 145440],
    demand: [5039, 143686],
    speedup: [5280, 130314],
    both: [5028, 143631],
  },
  'lsf-preempt-ad': {
    none: ['> 2293', '> 219105 (2)'],
    demand: [1078, 127204],
    speedup: [2207, 172768],
    both: [821, 111489],
  },
  'lsf-mig': { none: [678, 83985], demand: [662, 81836], speedup: [690, 82214], both: [660, 82708] },
  'lsf-mig-ad': {
    none: [769, 88488],
    demand: [858, 103876],
    speedup: [784, 86080],
    both: ['> 1342', '> 192031 (1)'],
  },
  'lsf-mig-adsubset': {
    none: [770, 90789],
    demand: [854, 106065],
    speedup: [769, 85828],
    both: ['> 1347', '> 193772 (1)'],
  },
  'lsf-mall-ad': { none: [667, 77534], demand: [632, 78760], speedup: [666, 78215], both: [650, 78840] },
  'lsf-mall-adsubset': {
    none: [681, 78537],
    demand: [680, 79191],
    speedup: [680, 76481],
    both: [644, 78065],
  },
};
