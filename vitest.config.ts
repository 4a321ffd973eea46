export { default } from './tooling/vitest.preset.ts';
