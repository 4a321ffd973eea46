import { listModels } from '@js/workloads';
import type { Command } from 'commander';
import { z } from 'zod';
import { renderTable } from '../output/table.ts';
import { createRegistry } from '../registry/builtins.ts';

/** One discipline as `list` shows it: options with their defaults from the schema. */
export interface DisciplineListing {
  readonly name: string;
  readonly plugin: string;
  readonly summary: string;
  readonly source: string;
  readonly options: Record<string, { type: string; default?: unknown; description?: string }>;
}

export function listCommand(program: Command): void {
  program
    .command('list')
    .description(
      'list every discipline and workload model (with its source paper and options) and platform profile',
    )
    .option('--json', 'print as JSON')
    .action(async (flags: { json?: boolean }) => {
      const registry = await createRegistry(program.opts().plugin ?? []);
      const disciplines: DisciplineListing[] = registry.disciplines().map(({ definition, plugin }) => ({
        name: definition.name,
        plugin,
        summary: definition.summary,
        source: definition.source,
        options: optionsOf(definition.options),
      }));
      const profiles = registry.profiles();
      const models = listModels().map((m) => ({
        name: m.name,
        summary: m.summary,
        source: m.source,
        load: m.load,
        options: optionsOf(m.options),
      }));
      if (flags.json) {
        console.log(JSON.stringify({ disciplines, models, profiles }, null, 2));
        return;
      }
      console.log(
        renderTable(
          ['discipline', 'summary', 'source', 'options (default)'],
          disciplines.map((d) => [d.name, wrap(d.summary), wrap(d.source), optionLines(d.options)]),
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
          ['platform profile', 'summary'],
          profiles.map((p) => [p.name, wrap(p.summary)]),
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
      {
        type: String(p.type ?? (p.enum ? (p.enum as unknown[]).join('|') : 'value')),
        default: p.default,
        description: p.description as string | undefined,
      },
    ]),
  );
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
