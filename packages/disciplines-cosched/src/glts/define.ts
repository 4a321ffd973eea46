import type { MatchSearch } from '../matchmaking/index.ts';
import { defineScojoPect } from '../scojo-pect/frame.ts';
import { gltsOptions, matchmakingOf } from './options.ts';
import { gltsPolicy } from './policy.ts';

export const gltsSource =
  'Zeng & Sodan, Lookahead Group Matchmaking for Time/Space Sharing on Multi-core Parallel Machines, §4.3–4.7, §5.1 (Table 6)';

/** A G-LOMARC-TS discipline inside Scojo-PECT with one of §5.1's group searches. */
export const defineGlts = (name: string, search: MatchSearch, summary: string) =>
  defineScojoPect({
    name,
    summary,
    source: gltsSource,
    options: gltsOptions,
    policy: (options, env) =>
      gltsPolicy(
        { ...options, matchmaking: matchmakingOf(options, search), rEstFactor: options.rEstFactor },
        env,
      ),
  });
