import { spawnSync } from 'node:child_process';
import { link, mkdir, mkdtemp, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import { atomicStream, writeFileAtomic } from './atomic.ts';
import { checkOutputPath } from './paths.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'schedlab-atomic-'));
});

/** Let the stream hand its writes to the file. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('atomicStream', () => {
  it('writes to a temporary file beside the target and renames it into place on commit', async () => {
    const path = join(dir, 'out.csv');
    await writeFile(path, 'earlier\n');
    const out = atomicStream(path);
    expect(out.temporary.startsWith(`${path}.`)).toBe(true);
    expect(out.temporary.endsWith('.partial')).toBe(true);
    out.stream.write('a,b\n');
    out.stream.write('1,2\n');
    await settle();
    // Written as it comes, but to the temporary file only.
    expect(await readFile(out.temporary, 'utf8')).toBe('a,b\n1,2\n');
    expect(await readFile(path, 'utf8')).toBe('earlier\n');
    await out.commit();
    expect(await readFile(path, 'utf8')).toBe('a,b\n1,2\n');
    expect(await readdir(dir)).toEqual(['out.csv']);
  });

  it('removes the temporary files of the target left by processes that are gone, and no others', async () => {
    // A run killed outright (out of memory) left its partial file; a live run's stays, and so do
    // the files of other targets and files that only look alike.
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    const path = join(dir, 'out.json');
    const names = {
      stale: `out.json.${gone}-0a1b2c3d.partial`,
      live: `out.json.${process.ppid}-0a1b2c3d.partial`,
      otherTarget: `out.json.gz.${gone}-0a1b2c3d.partial`,
      lookalike: `out.json.${gone}-notahex!.partial`,
    };
    for (const name of Object.values(names)) await writeFile(join(dir, name), 'x');
    const out = atomicStream(path);
    const left = await readdir(dir);
    expect(left).not.toContain(names.stale);
    expect(left).toEqual(
      expect.arrayContaining([
        names.live,
        names.otherTarget,
        names.lookalike,
        out.temporary.slice(dir.length + 1),
      ]),
    );
    await out.abort();
    // The other target's turn comes when it is written (from the listing made at the first write).
    const other = atomicStream(join(dir, 'out.json.gz'));
    expect(await readdir(dir)).not.toContain(names.otherTarget);
    await other.abort();
  });

  it('abort removes the temporary file and leaves the target as it was; commit is then refused', async () => {
    const path = join(dir, 'out.json');
    await writeFile(path, '{"earlier":true}');
    const out = atomicStream(path);
    out.stream.write('{"jobs":[');
    await settle();
    await out.abort();
    await out.abort(); // idempotent
    expect(await readFile(path, 'utf8')).toBe('{"earlier":true}');
    expect(await readdir(dir)).toEqual(['out.json']);
    await expect(out.commit()).rejects.toThrow(/aborted/);
  });

  it('never writes the target partially: it holds the old bytes until the whole new file replaces it', async () => {
    const path = join(dir, 'big.swf');
    const earlier = Buffer.from('; earlier\n1 0 -1 10 1 -1 -1 1 10 -1 1 1 1 -1 1 -1 -1 -1\n');
    await writeFile(path, earlier);
    const out = atomicStream(path);
    const line = `${'x'.repeat(999)}\n`;
    for (let chunk = 0; chunk < 50; chunk++) {
      out.stream.write(line.repeat(100));
      await settle();
      expect((await readFile(path)).equals(earlier)).toBe(true);
    }
    await out.commit();
    const written = await readFile(path, 'utf8');
    expect(written.length).toBe(50 * 100 * 1000);
    expect(written).toBe(line.repeat(5000));
  });

  it('a target ending in .gz is gzip-compressed on the way', async () => {
    const path = join(dir, 'w.swf.gz');
    const out = atomicStream(path);
    out.stream.write('; MaxProcs: 8\n');
    await out.commit();
    expect(gunzipSync(await readFile(path)).toString()).toBe('; MaxProcs: 8\n');
    expect(await readdir(dir)).toEqual(['w.swf.gz']);
  });

  it('a missing directory fails at once, creating nothing', () => {
    expect(() => atomicStream(join(dir, 'missing', 'out.csv'))).toThrow(/ENOENT/);
  });

  it('a commit that cannot rename removes the temporary file and rethrows', async () => {
    // A non-empty directory at the target: the rename fails.
    const path = join(dir, 'taken.csv');
    await mkdir(path);
    await writeFile(join(path, 'inside'), 'x');
    const out = atomicStream(path);
    out.stream.write('a\n');
    await expect(out.commit()).rejects.toThrow();
    expect((await readdir(dir)).sort()).toEqual(['taken.csv']);
    expect(await readdir(path)).toEqual(['inside']);
  });
});

describe('writeFileAtomic', () => {
  it('replaces a file whole and leaves no temporary file; creates the directory', async () => {
    const path = join(dir, 'sub', 'r.json');
    await writeFileAtomic(path, '{"a":1}');
    await writeFileAtomic(path, '{"a":2}');
    expect(await readFile(path, 'utf8')).toBe('{"a":2}');
    expect(await readdir(join(dir, 'sub'))).toEqual(['r.json']);
  });
});

describe('checkOutputPath', () => {
  const check = (path: string, inputs: string[] = []) =>
    checkOutputPath(path, {
      option: '--out',
      formats: ['.swf', '.json', '.csv'],
      inputs,
      sideFiles: [`${path}.counters.json`],
    });

  it('accepts a new file in an existing directory, and an existing file that is no input', async () => {
    expect(() => check(join(dir, 'new.csv'))).not.toThrow();
    await writeFile(join(dir, 'old.swf'), 'x');
    expect(() => check(join(dir, 'old.swf'), [join(dir, 'other.swf')])).not.toThrow();
  });

  it('refuses an unknown ending, naming the ones known', () => {
    expect(() => check(join(dir, 'out.txt'))).toThrow(
      expect.objectContaining({
        code: 'CONFIG_ERROR',
        message: expect.stringMatching(/\.swf, \.json, \.csv/),
      }),
    );
    expect(() => check(join(dir, 'out'))).toThrow(/unknown format/);
  });

  it('refuses a missing directory (without creating it) and a directory as the output', async () => {
    expect(() => check(join(dir, 'nowhere', 'out.csv'))).toThrow(/directory .*nowhere does not exist/);
    expect(await readdir(dir)).toEqual([]);
    await mkdir(join(dir, 'd.json'));
    expect(() => check(join(dir, 'd.json'))).toThrow(/is a directory/);
  });

  it('refuses an input, by another name too (symbolic or hard link), or as the side file', async () => {
    const input = join(dir, 'w.json');
    await writeFile(input, '{"kind":"model"}');
    await symlink(input, join(dir, 'sym.json'));
    await link(input, join(dir, 'hard.json'));
    for (const out of [input, join(dir, 'sym.json'), join(dir, 'hard.json'), join(dir, '.', 'w.json')])
      expect(() => check(out, [input])).toThrow(
        expect.objectContaining({ code: 'CONFIG_ERROR', message: expect.stringContaining(input) }),
      );
    await writeFile(join(dir, 'x.csv.counters.json'), 'x');
    expect(() => check(join(dir, 'x.csv'), [join(dir, 'x.csv.counters.json')])).toThrow(/is the input/);
  });
});
