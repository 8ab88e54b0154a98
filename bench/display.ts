import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/**
 * A virtual display (Debian's Xvfb) for a headed Chromium in the phone benches. Headless Chromium
 * presents a frame only when its display compositor draws one, and it skipped drawing the frames
 * after a tap (a trace shows "Draw skipped" until a later frame), so a tap's event timing waited
 * for an unrelated frame: the Give tap read 456–568 ms headless and 104–256 ms headed on the same
 * build (docs/decisions/146-phone-benches-on-a-display.md). A phone, like a headed browser, shows
 * a frame each time the page changes.
 */
export interface VirtualDisplay {
  /** The environment a browser needs to draw on it (DISPLAY). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

const XVFB = process.env.XVFB_PATH || '/usr/bin/Xvfb';

/** Starts Xvfb (installing it first where missing); null when BENCH_HEADLESS=1 asks for none. */
export async function virtualDisplay(): Promise<VirtualDisplay | null> {
  if (process.env.BENCH_HEADLESS === '1') return null;
  execFileSync('bash', ['scripts/ensure-xvfb.sh'], { stdio: 'inherit' });
  // -displayfd: Xvfb picks a free display number and writes it to fd 3 once it accepts clients.
  const xvfb: ChildProcess = spawn(
    XVFB,
    ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const number = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error('Xvfb did not start within 10 s')), 10_000);
    xvfb.stdio[3]!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) {
        clearTimeout(timer);
        resolve(text.trim());
      }
    });
    xvfb.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited (${code})`));
    });
  });
  return {
    env: { DISPLAY: `:${number}` },
    async stop() {
      if (xvfb.exitCode !== null) return;
      xvfb.kill('SIGTERM');
      await once(xvfb, 'exit');
    },
  };
}
