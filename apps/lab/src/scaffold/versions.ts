import { createRequire } from 'node:module';

/**
 * The tool versions a scaffolded plugin starts with: the ones this workspace builds and tests
 * with (its pnpm catalog and root devDependencies; a test keeps the two equal), so a new plugin
 * begins on a combination known to work together on Node 20.
 */
export const toolVersions = {
  '@changesets/cli': '2.31.1',
  '@types/node': '20.19.43',
  'fast-check': '4.10.2',
  tsup: '8.5.0',
  typescript: '5.9.3',
  vitest: '4.1.12',
  zod: '4.6.7',
} as const;

/**
 * The version of the `@js/core` this schedlab runs with: a plugin built against it declares it as
 * its peer range, so the app and the plugin share one engine and one plugin contract.
 */
export function coreVersion(): string {
  const require = createRequire(import.meta.url);
  return (require('@js/core/package.json') as { version: string }).version;
}
