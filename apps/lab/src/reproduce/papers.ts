import { UnknownNameError } from '@js/core';
import { anastasiadisSevcik97 } from './anastasiadis-sevcik-97.ts';
import { leinberger99, leinberger99SizeMean } from './leinberger99.ts';
import type { Paper } from './paper.ts';
import { parsonsSevcik97 } from './parsons-sevcik-97.ts';
import { parsonsSevcik97Amdahl } from './parsons-sevcik-97-amdahl.ts';
import { zengSodan09 } from './zeng-sodan-09.ts';
import { zengSodan09AllCores, zengSodan09Table5Load } from './zeng-sodan-09-readings.ts';
import { zhou99 } from './zhou-99.ts';

/** The papers `schedlab reproduce` knows, by name. */
export const papers: readonly Paper[] = [
  leinberger99,
  leinberger99SizeMean,
  parsonsSevcik97,
  parsonsSevcik97Amdahl,
  anastasiadisSevcik97,
  zhou99,
  zengSodan09,
  zengSodan09Table5Load,
  zengSodan09AllCores,
];

export function paper(name: string): Paper {
  const found = papers.find((p) => p.name === name);
  if (!found)
    throw UnknownNameError.among(
      'paper',
      name,
      papers.map((p) => p.name),
    );
  return found;
}
