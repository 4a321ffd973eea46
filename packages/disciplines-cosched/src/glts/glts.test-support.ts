import type { MatchSearch } from '../matchmaking/index.ts';
import { defineScojoPect } from '../scojo-pect/frame.ts';
import { gltsOptions, matchmakingOf } from './options.ts';
import { gltsPolicy } from './policy.ts';
import type { GroupDecision } from './round.ts';

/** A G-LOMARC-TS discipline that reports each group it starts to `seen`. */
export const observed = (search: MatchSearch, seen: GroupDecision[]) =>
  defineScojoPect({
    name: `observed-${search}`,
    summary: 'test',
    source: 'test',
    options: gltsOptions,
    policy: (o, env) =>
      gltsPolicy(
        {
          ...o,
          matchmaking: matchmakingOf(o, search),
          rEstFactor: o.rEstFactor,
          observe: (d) => seen.push(d),
        },
        env,
      ),
  });
