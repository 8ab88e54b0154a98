import { RELEASE_CHECK_INTERVAL_MS, RELEASE_RELOAD_DELAY_MS } from '@app/domain';
import {
  api,
  isFailure,
  readStored,
  STORAGE_KEYS,
  writeStored,
  type ApiResult,
  type ReleaseResponse,
} from '../api';

export interface ReleaseCheckDeps {
  now: () => number;
  fetchRelease: () => Promise<ApiResult<ReleaseResponse>>;
  read: (key: string) => string | null;
  write: (key: string, value: string) => void;
  reloadLater: (delayMs: number) => void;
}

const browserDeps: ReleaseCheckDeps = {
  now: () => Date.now(),
  fetchRelease: () => api.release.get(),
  read: readStored,
  write: writeStored,
  reloadLater: (ms) => void setTimeout(() => globalThis.location.reload(), ms),
};

/**
 * One release check: skipped when the last one was under an hour ago; a release that differs
 * from the stored one is stored and the page reloads after 5 s; the first value is just stored.
 * Returns what happened, for tests.
 */
export async function checkRelease(
  deps: ReleaseCheckDeps = browserDeps,
): Promise<'skipped' | 'stored' | 'same' | 'reload' | 'failed'> {
  const last = Number(deps.read(STORAGE_KEYS.lastReleaseCheck) ?? 0);
  if (last && deps.now() - last < RELEASE_CHECK_INTERVAL_MS) return 'skipped';
  deps.write(STORAGE_KEYS.lastReleaseCheck, String(deps.now()));

  const r = await deps.fetchRelease();
  if (isFailure(r) || typeof r.release !== 'string' || !r.release) return 'failed';
  const stored = deps.read(STORAGE_KEYS.release);
  if (stored === r.release) return 'same';
  deps.write(STORAGE_KEYS.release, r.release);
  if (stored === null) return 'stored';
  deps.reloadLater(RELEASE_RELOAD_DELAY_MS);
  return 'reload';
}
