import type { PluginNames } from '../names.ts';

/** The plugin's entry: the value `schedlab --plugin` looks for, as its default export. */
export function pluginIndexSource(names: PluginNames): string {
  return `import { definePlugin } from '@js/core';
import { ${names.identifier} } from './${names.discipline}';

export { ${names.identifier} } from './${names.discipline}';

/** What \`schedlab --plugin ${names.packageName}\` loads: its default export. */
export default definePlugin({ name: '${names.packageName}', disciplines: [${names.identifier}] });
`;
}
