import { mkdir, writeFile } from 'node:fs/promises';
import inspector from 'node:inspector';
import path from 'node:path';

/**
 * With BENCH_CPU_PROFILE=<dir>: starts V8's sampling profiler in this process and returns what
 * stops it and writes `<dir>/<name>.cpuprofile` (open it in Chrome's DevTools, or summarize it with
 * `node --import tsx bench/profile-summary.ts <file>`). Without it, nothing.
 */
export async function startProfile(): Promise<((name: string) => Promise<void>) | null> {
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir) return null;
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<{ profile: object }>((resolve, reject) =>
      session.post(method, params ?? {}, (err, res) =>
        err ? reject(err) : resolve(res as { profile: object }),
      ),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  return async (name) => {
    const { profile } = await post('Profiler.stop');
    session.disconnect();
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
  };
}
