import type { PluginNames } from '../names.ts';

/** The plugin's README: what it holds and the commands of its life cycle. */
export function readme(names: PluginNames): string {
  const { packageName: pkg, discipline: d } = names;
  return `# ${pkg}

A schedlab discipline plugin. It registers one discipline, \`${d}\`:
first come, first served with first-fit backfilling, where later jobs may pass a head that does not
fit until the head has waited \`headWaitLimit\` seconds (default one day; \`0\` gives plain FCFS).
Edit \`src/${d}.ts\` to make it your own policy: \`schedule(ctx)\` runs once per decision round and
asks for operations (\`ctx.start\`, \`ctx.suspend\`, …) that the engine validates.

## Commands

| command | what it does |
| --- | --- |
| \`npm install\` | install the build and test tools, and \`@js/core\` to build against |
| \`npm run build\` | ESM and type declarations in \`dist/\` (tsup) |
| \`npm test\` | the invariant property over every discipline of the plugin, and hand-built schedules (vitest, fast-check) |
| \`npm run typecheck\` | TypeScript, strict |
| \`npm run changeset\` | record a change for the next release |
| \`npm run version\` | apply the changesets: new version, CHANGELOG |
| \`npm run release\` | build, test and publish |

## Use it

Install it beside schedlab and name it by its package name:

\`\`\`sh
npm install schedlab ${pkg}
npx schedlab --plugin ${pkg} list
npx schedlab --plugin ${pkg} compare -d easy,${d} -w workload.swf
npx schedlab --plugin ${pkg} run -d ${d} --options '{"headWaitLimit": 3600}' -w workload.swf
\`\`\`

\`@js/core\` and \`zod\` are peer dependencies: the schedlab that loads the plugin brings them, so
the plugin and the app share one engine.

## Tests

\`src/${d}.test.ts\` holds every discipline the plugin registers to the invariants schedlab holds
its own to, with the property kit of \`@js/core/testing\`: random machines and job streams
(\`arbScenario\`), each run under the invariant checker (\`checkRun\`) — no processor or resource
over-committed, every job started after it arrived, on its size, given exactly its work, and
finished. A failing case is shrunk and printed as a machine and a job list.
`;
}
