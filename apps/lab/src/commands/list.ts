import { type Capabilities, type PlatformProfile, stopRules } from '@js/core';
import { listModels } from '@js/workloads';
import type { Command } from 'commander';
import * as z from 'zod';
import { renderTable } from '../output/table.ts';
import { createRegistry } from '../registry/builtins.ts';

/** One discipline as `list` shows it: options with their defaults from the schema. */
export interface DisciplineListing {
  readonly name: string;
  readonly plugin: string;
  readonly summary: string;
  readonly source: string;
  /** What it may do to a job: sizing (rigid, moldable, malleable) and preemption level. */
  readonly capabilities: Capabilities;
  readonly options: Record<string, { type: string; default?: unknown; description?: string }>;
}

/** The values of a platform profile `list` shows, in this order (seconds, or a fraction for resizeRelative). */
const profileValues = [
  'dispatch',
  'suspend',
  'resume',
  'checkpoint',
  'restart',
  'resize',
  'resizeRelative',
  'decisionInterval',
  'minRunBeforeSuspend',
  'minRunBeforeReallocation',
  'multiprogrammingLimit',
] as const satisfies readonly (keyof PlatformProfile)[];

/**
 * A platform profile as `list --json` shows it: every value, `multiprogrammingLimit` null when
 * unlimited (JSON has no infinity).
 */
export type ProfileListing = Omit<PlatformProfile, 'multiprogrammingLimit'> & {
  readonly multiprogrammingLimit: number | null;
};

function profileListing(p: PlatformProfile): ProfileListing {
  return {
    name: p.name,
    summary: p.summary,
    ...Object.fromEntries(profileValues.map((k) => [k, p[k]])),
    multiprogrammingLimit: Number.isFinite(p.multiprogrammingLimit) ? p.multiprogrammingLimit : null,
    source: p.source,
  } as ProfileListing;
}

export function listCommand(program: Command): void {
  program
    .command('list')
    .description(
      'list every discipline (capabilities, options), workload model, platform profile, contention model and stop rule, with its source',
    )
    .option('--json', 'print as JSON')
    .action(async (flags: { json?: boolean }) => {
      const registry = await createRegistry(program.opts().plugin ?? []);
      const disciplines: DisciplineListing[] = registry.disciplines().map(({ definition, plugin }) => ({
        name: definition.name,
        plugin,
        summary: definition.summary,
        source: definition.source,
        capabilities: definition.capabilities,
        options: optionsOf(definition.options),
      }));
      const profiles = registry.profiles().map(profileListing);
      const contention = registry
        .contentionModels()
        .map((c) => ({ name: c.name, summary: c.summary, source: c.source }));
      const stops = stopRules.map((r) => ({ ...r }));
      const models = listModels().map((m) => ({
        name: m.name,
        summary: m.summary,
        source: m.source,
        load: m.load,
        options: optionsOf(m.options),
      }));
      if (flags.json) {
        console.log(JSON.stringify({ disciplines, models, profiles, contention, stopRules: stops }, null, 2));
        return;
      }
      console.log(
        renderTable(
          ['discipline', 'summary', 'source', 'capabilities', 'options (default)'],
          disciplines.map((d) => [
            d.name,
            wrap(d.summary, 40),
            wrap(d.source, 40),
            `sizing: ${d.capabilities.sizing}\npreemption: ${d.capabilities.preemption}`,
            optionLines(d.options),
          ]),
        ),
      );
      console.log(
        renderTable(
          ['workload model', 'summary', 'source', 'offered load', 'options (default)'],
          models.map((m) => [
            m.name,
            wrap(m.summary, 40),
            wrap(m.source, 40),
            wrap(m.load, 32),
            optionLines(m.options),
          ]),
        ),
      );
      console.log(
        renderTable(
          ['platform profile', 'summary', 'values (times in s)', 'source'],
          profiles.map((p) => [
            p.name,
            wrap(p.summary, 40),
            profileValues
              .map((k) => `${k}: ${k === 'multiprogrammingLimit' && p[k] === null ? 'unlimited' : p[k]}`)
              .join('\n'),
            wrap(p.source, 40),
          ]),
        ),
      );
      console.log(
        renderTable(
          ['contention model', 'summary', 'source'],
          contention.map((c) => [c.name, wrap(c.summary), wrap(c.source)]),
        ),
      );
      console.log(
        renderTable(
          ['stop rule (--stop)', 'summary', 'source'],
          stops.map((r) => [r.syntax, wrap(r.summary), wrap(r.source)]),
        ),
      );
    });
}

function optionsOf(schema: z.ZodObject): DisciplineListing['options'] {
  const json = z.toJSONSchema(schema, { io: 'input' }) as {
    properties?: Record<string, Record<string, unknown>>;
  };
  return Object.fromEntries(
    Object.entries(json.properties ?? {}).map(([k, p]) => [
      k,
      { type: typeOf(p), default: p.default, description: p.description as string | undefined },
    ]),
  );
}

/** An option's type as `list` prints it: a JSON type, or the values an enum or a union of them allows. */
function typeOf(p: Record<string, unknown>): string {
  if ('const' in p) return String(p.const);
  if (Array.isArray(p.enum)) return p.enum.join('|');
  if (Array.isArray(p.anyOf)) return (p.anyOf as Record<string, unknown>[]).map(typeOf).join('|');
  return p.type === undefined ? 'value' : String(p.type);
}

function optionLines(options: DisciplineListing['options']): string {
  return (
    Object.entries(options)
      .map(([k, o]) => `${k}: ${o.type}${o.default === undefined ? '' : ` (${JSON.stringify(o.default)})`}`)
      .join('\n') || '–'
  );
}

function wrap(text: string, width = 48): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}
