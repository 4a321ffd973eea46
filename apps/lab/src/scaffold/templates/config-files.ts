/**
 * The build, test and release configuration of a scaffolded plugin: ESM and declarations with
 * tsup (the form schedlab's own packages are published in), vitest, strict TypeScript for
 * Node 20, and changesets for versioning.
 */
export const tsupConfig = `import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
});
`;

/** Property runs replay whole simulations: give them more than vitest's default 5 s. */
export const vitestConfig = `import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['src/**/*.test.ts'], testTimeout: 60_000 },
});
`;

export const tsconfig = `${JSON.stringify(
  {
    compilerOptions: {
      target: 'ES2023',
      lib: ['ES2023'],
      module: 'ESNext',
      moduleResolution: 'Bundler',
      types: ['node'],
      strict: true,
      isolatedModules: true,
      verbatimModuleSyntax: true,
      skipLibCheck: true,
      noEmit: true,
    },
    include: ['src', '*.config.ts'],
  },
  null,
  2,
)}\n`;

export const gitignore = 'node_modules/\ndist/\n';

/** Changesets' own defaults, with public access so that a scoped plugin publishes publicly. */
export const changesetConfig = `${JSON.stringify(
  {
    changelog: '@changesets/cli/changelog',
    commit: false,
    fixed: [],
    linked: [],
    access: 'public',
    baseBranch: 'main',
    updateInternalDependencies: 'patch',
    ignore: [],
  },
  null,
  2,
)}\n`;

export const changesetReadme = `# Changesets

Each change that users of this plugin should know about gets a changeset: run \`npm run changeset\`,
pick the bump (patch, minor, major) and describe the change. \`npm run version\` turns the
changesets into a version and a CHANGELOG entry; \`npm run release\` builds, tests and publishes.
`;
