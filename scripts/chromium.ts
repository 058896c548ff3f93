import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];
export const INSTALL_COMMAND = 'sudo apt-get update && sudo apt-get install -y chromium';

function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv;
  return CANDIDATES.find((candidate) => fs.existsSync(candidate));
}

/**
 * Finds a Chromium for the end-to-end tests. Playwright cannot download its own browser here, so we use the
 * system one: when running as root on Debian with none installed, it is installed with apt-get; otherwise
 * the exact command to run is given.
 */
export function ensureChromium(): { ok: true; path: string } | { ok: false; message: string } {
  const found = findChromium();
  if (found) return { ok: true, path: found };
  const isRoot = process.getuid?.() === 0;
  const hasApt = fs.existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log("\nNo Chromium found: installing Debian's chromium with apt-get (once).");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    // Another apt-get (an unattended upgrade, a second test run) may hold dpkg's lock: wait for it.
    const wait = ['-o', 'DPkg::Lock::Timeout=600'];
    const update = spawnSync('apt-get', [...wait, 'update'], { stdio: 'inherit', env });
    const install =
      update.status === 0
        ? spawnSync(
            'apt-get',
            [...wait, 'install', '-y', '--no-install-recommends', 'chromium', 'fonts-dejavu-core'],
            { stdio: 'inherit', env },
          )
        : update;
    const installed = findChromium();
    if (install.status === 0 && installed) return { ok: true, path: installed };
  }
  return {
    ok: false,
    message:
      `The end-to-end tests need Chromium and none was found (looked at CHROMIUM_PATH and ${CANDIDATES.join(', ')}).\n` +
      `Install it with:\n\n  ${INSTALL_COMMAND}\n\nor set CHROMIUM_PATH to a Chromium or Chrome binary, then run npm test again.`,
  };
}
