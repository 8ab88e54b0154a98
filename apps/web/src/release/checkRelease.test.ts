import { describe, expect, it, vi } from 'vitest';
import { RELEASE_CHECK_INTERVAL_MS, RELEASE_RELOAD_DELAY_MS } from '@app/domain';
import { failure } from '../api/failure';
import { checkRelease, type ReleaseCheckDeps } from './checkRelease';

function deps(
  stored: Record<string, string>,
  release: string | null,
  now = 10 * RELEASE_CHECK_INTERVAL_MS,
) {
  const store = new Map(Object.entries(stored));
  const d: ReleaseCheckDeps = {
    now: () => now,
    fetchRelease: vi.fn(async () => (release === null ? failure('x') : { release })),
    read: (k) => store.get(k) ?? null,
    write: (k, v) => void store.set(k, v),
    reloadLater: vi.fn(),
  };
  return { d, store };
}

describe('checkRelease', () => {
  it('skips when the last check was under an hour ago', async () => {
    const now = 10 * RELEASE_CHECK_INTERVAL_MS;
    const { d } = deps({ lastReleaseCheck: String(now - RELEASE_CHECK_INTERVAL_MS + 1) }, 'b', now);
    expect(await checkRelease(d)).toBe('skipped');
    expect(d.fetchRelease).not.toHaveBeenCalled();
  });

  it('stores the first value without reloading', async () => {
    const { d, store } = deps({}, 'a');
    expect(await checkRelease(d)).toBe('stored');
    expect(store.get('release')).toBe('a');
    expect(store.get('lastReleaseCheck')).toBe(String(10 * RELEASE_CHECK_INTERVAL_MS));
    expect(d.reloadLater).not.toHaveBeenCalled();
  });

  it('reloads after 5 s when the release changed', async () => {
    const { d, store } = deps({ release: 'a', lastReleaseCheck: '1' }, 'b');
    expect(await checkRelease(d)).toBe('reload');
    expect(store.get('release')).toBe('b');
    expect(d.reloadLater).toHaveBeenCalledWith(RELEASE_RELOAD_DELAY_MS);
  });

  it('does nothing when the release is the same or the call fails', async () => {
    expect(await checkRelease(deps({ release: 'a' }, 'a').d)).toBe('same');
    const failing = deps({ release: 'a' }, null);
    expect(await checkRelease(failing.d)).toBe('failed');
    expect(failing.d.reloadLater).not.toHaveBeenCalled();
  });
});
