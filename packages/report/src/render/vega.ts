import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Spec } from 'vega';
import { compile } from 'vega-lite';
import type { Chart } from '../specs/chart.ts';

/**
 * A chart compiled from Vega-Lite to Vega here, in Node: the browser then needs only Vega's
 * runtime (no Vega-Lite compiler inlined, no compile at open), and headless figures render the
 * very same Vega spec.
 */
export function toVega(chart: Chart): Spec {
  return compile(chart.spec).spec as Spec;
}

/** Vega's browser bundle (minified, UMD: defines `vega`), read from the installed package. */
export function vegaRuntime(): string {
  // The package exports only its module entry; the bundle lies beside it in `build/`.
  const entry = createRequire(import.meta.url).resolve('vega');
  return readFileSync(join(dirname(entry), 'vega.min.js'), 'utf8');
}
