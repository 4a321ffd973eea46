import type { Member } from './job.ts';

/** Running jobs, least delayed first (a job without a prediction counts as the most delayed). */
const byDelay = (a: Member, b: Member) => (a.job.delay ?? Infinity) - (b.job.delay ?? Infinity);
/** Waiting jobs keep FCFS order. */
const bySubmit = (a: Member, b: Member) => a.job.submit - b.job.submit;

/**
 * §4.5 step 2, first half: running candidates in increasing delay, waiting candidates in FCFS order
 * (a case matches only one kind; running ones come first should both be given). Stable, so equal
 * keys keep the caller's order.
 */
export const orderCandidates = (candidates: readonly Member[]): Member[] => [
  ...candidates.filter((c) => c.job.state === 'running').sort(byDelay),
  ...candidates.filter((c) => c.job.state === 'waiting').sort(bySubmit),
];

/** §4.5 step 2, second half: blocks of BLOCK_SIZE jobs. */
export const cutBlocks = <T>(ordered: readonly T[], blockSize: number): T[][] => {
  const blocks: T[][] = [];
  for (let i = 0; i < ordered.length; i += blockSize) blocks.push(ordered.slice(i, i + blockSize));
  return blocks;
};

/**
 * Each block in decreasing remaining runtime (§4.5 step 2), so a window gathers jobs of similar
 * length and the primary does not run long alone after its partners end.
 */
export const sortBlock = (block: readonly Member[]): Member[] =>
  [...block].sort((a, b) => b.job.remaining - a.job.remaining);
