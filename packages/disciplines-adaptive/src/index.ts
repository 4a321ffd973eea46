import { definePlugin } from '@js/core';
import { dynEqui } from './disciplines/dyn-equi.ts';

export { dynEqui };

/** The adaptive-partitioning family as one plugin for the registry. */
export const adaptivePlugin = definePlugin({
  name: '@js/disciplines-adaptive',
  disciplines: [dynEqui],
});
