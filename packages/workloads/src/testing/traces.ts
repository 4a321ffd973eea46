/**
 * Test support: the real traces of `shared/traces/` (see its SOURCES.md), found relative to this
 * file — the repository's parent folder holds `shared/`. Not exported from the package.
 */
export const traceUrl = (file: string): URL =>
  new URL(`../../../../../shared/traces/${file}`, import.meta.url);

export const traceFiles = {
  kth: 'KTH-SP2-1996-2.1-cln.swf.gz',
  sdscSp2: 'SDSC-SP2-1998-4.2-cln.swf.gz',
  hpc2n: 'HPC2N-2002-2.2-cln.swf.gz',
  ctc: 'CTC-SP2-1996-3.1-cln.swf.gz',
  lanl: 'LANL-CM5-1994-4.1-cln.swf.gz',
  sdscBlue: 'SDSC-BLUE-2000-4.2-cln.swf.gz',
  llnlAtlas: 'LLNL-Atlas-2006-2.1-cln.swf.gz',
  ricc: 'RICC-2010-2.swf.gz',
} as const;
