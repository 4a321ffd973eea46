import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '@js/errors';

/** The DejaVu faces a figure uses (regular and bold: axis titles, the summary's best values). */
const faces = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'];

/** Where font packages put DejaVu on Linux (Debian's fonts-dejavu-core, other distributions) and macOS. */
function fontDirectories(): string[] {
  return [
    '/usr/share/fonts/truetype/dejavu',
    '/usr/share/fonts/dejavu',
    '/usr/share/fonts/TTF',
    '/usr/local/share/fonts',
    join(homedir(), '.local/share/fonts'),
    join(homedir(), '.fonts'),
    join(homedir(), 'Library/Fonts'),
  ];
}

/**
 * The font files a headless figure is rendered with, loaded explicitly so that it looks the same
 * on a machine without a desktop: `fonts` when given (each must exist), else the first directory
 * of the usual ones that holds DejaVu Sans. None found is a coded error saying what to install.
 */
export function figureFonts(fonts?: readonly string[]): string[] {
  if (fonts && fonts.length > 0) {
    const missing = fonts.filter((f) => !existsSync(f));
    if (missing.length) throw new ConfigError(`font file ${missing.join(', ')} does not exist (--font)`);
    return [...fonts];
  }
  const directories = fontDirectories();
  for (const dir of directories) {
    const found = faces.map((f) => join(dir, f)).filter((f) => existsSync(f));
    if (found.length) return found;
  }
  throw new ConfigError(
    `no font for figures: DejaVu Sans (${faces[0]}) is in none of ${directories.join(', ')}; install the DejaVu fonts (Debian: fonts-dejavu-core) or pass --font FILE.ttf`,
  );
}
