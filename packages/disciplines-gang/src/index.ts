import { definePlugin } from '@js/core';
import { bcOptions, bcScheme, gangBc } from './disciplines/gang-bc.ts';
import { brScheme, gangBr } from './disciplines/gang-br.ts';
import { brmmsScheme, gangBrmms } from './disciplines/gang-brmms.ts';
import { brmmsStarScheme, gangBrmmsStar } from './disciplines/gang-brmms-star.ts';
import { brmsScheme, gangBrms } from './disciplines/gang-brms.ts';

export type { BuddyPlacement } from './conventional-buddy.ts';
export { defineGangDiscipline, type GangDisciplineInput } from './define-gang.ts';
export { type GangOptions, gangOptions } from './options.ts';
export type { NewSlotTurn } from './rotation.ts';
export type { GangProbe, GangRound, GangScheme } from './scheme.ts';
export { type GangSizeClass, gangSizeClass } from './size-class.ts';
export {
  bcOptions,
  bcScheme,
  brmmsScheme,
  brmmsStarScheme,
  brmsScheme,
  brScheme,
  gangBc,
  gangBr,
  gangBrmms,
  gangBrmmsStar,
  gangBrms,
};

/** Buddy-based gang scheduling (Zhou et al. 1999) as one plugin for the registry. */
export const gangPlugin = definePlugin({
  name: '@js/disciplines-gang',
  disciplines: [gangBc, gangBr, gangBrms, gangBrmmsStar, gangBrmms],
});
