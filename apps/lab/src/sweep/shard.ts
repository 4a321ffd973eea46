import { OptionsError } from '@js/core';
import type { Cell } from './cells.ts';

/** Shard `index` of `count` (0-based, as a Slurm array task numbers itself). */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** `--shard i/n`, with 0 ≤ i < n. */
export function parseShard(value: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index >= count)
    throw new OptionsError('schedlab', [
      { path: '--shard', message: 'expected i/n with 0 ≤ i < n, e.g. 0/4 for the first of four', value },
    ]);
  return { index, count };
}

/**
 * The cells of one shard: in the order of their ids, every n-th from the i-th. It depends on the
 * ids alone (not on the grid's order), and shards differ in size by one cell at most.
 */
export function shardCells(cells: readonly Cell[], shard: Shard | undefined): Cell[] {
  if (!shard) return [...cells];
  const mine = new Set(
    [...cells]
      .map((c) => c.id)
      .sort()
      .filter((_, k) => k % shard.count === shard.index),
  );
  return cells.filter((c) => mine.has(c.id));
}
