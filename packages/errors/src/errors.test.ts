import { describe, expect, it } from 'vitest';
// Relative, not '@js/machine' / '@js/gang': both depend on this package, and a dependency back
// would make the workspace graph cyclic (turbo refuses to build one).
import { GangError } from '../../gang/src/index.ts';
import { LedgerError, Machine, MachineSpecError } from '../../machine/src/index.ts';
import { ConfigError, SchedlabError } from './index.ts';

describe('the errors folded into SchedlabError', () => {
  it('LedgerError is a SchedlabError with its own code and keeps its rule', () => {
    const e = new LedgerError('no-over-commit', 'needs 4 processors, only 2 idle');
    expect(e).toBeInstanceOf(SchedlabError);
    expect([e.code, e.rule, e.name, e.message]).toEqual([
      'LEDGER_REFUSAL',
      'no-over-commit',
      'LedgerError',
      'needs 4 processors, only 2 idle',
    ]);
  });
  it('MachineSpecError, as the machine throws it, is a ConfigError', () => {
    let thrown: unknown;
    try {
      new Machine({ nodes: 0 });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(MachineSpecError);
    expect(thrown).toBeInstanceOf(ConfigError);
    expect(thrown).toBeInstanceOf(SchedlabError);
    expect((thrown as SchedlabError).code).toBe('CONFIG_ERROR');
  });
  it('GangError is a SchedlabError whose code is its GangErrorCode', () => {
    const e = new GangError('CELL_OCCUPIED', 'cell taken', 'S0 | J1 .');
    expect(e).toBeInstanceOf(SchedlabError);
    expect([e.code, e.rendering, e.name]).toEqual(['CELL_OCCUPIED', 'S0 | J1 .', 'GangError']);
    expect(e.message).toBe('CELL_OCCUPIED: cell taken\nS0 | J1 .');
  });
});
