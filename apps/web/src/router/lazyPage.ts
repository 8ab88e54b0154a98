import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_TIMEOUT_MS } from '@app/domain';
import { report } from '../api';
import { ensureStudentWords } from '../i18n/catalogue';

const RELOADED_FLAG = 'chunkReloaded';

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`chunk load timed out after ${ms} ms`)), ms);
    p.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e)),
    );
  });
}

/** A route's page, loaded on first render; `preload()` starts loading it before that. */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => void };

/**
 * A lazy route chunk. A chunk that fails to load (usually a deploy replaced it) forces one
 * reload; the sessionStorage flag stops a reload loop when the chunk is really broken.
 * `preload()` fetches the chunk at once (the app calls it for the URL it opens with, so the chunk
 * arrives while the session is checked rather than after); render uses the same request.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | null = null;
  // A page shows once its chunk and the words of the screens beyond the home are both in.
  const loadOnce = () =>
    (loading ??= Promise.all([load(), ensureStudentWords()]).then(([mod]) => mod));
  const page = lazy(async () => {
    try {
      const mod = await withTimeout(loadOnce(), CHUNK_TIMEOUT_MS);
      sessionStorage.removeItem(RELOADED_FLAG);
      return mod;
    } catch (err) {
      report('chunk load failed', String(err));
      if (!sessionStorage.getItem(RELOADED_FLAG)) {
        sessionStorage.setItem(RELOADED_FLAG, '1');
        globalThis.location.reload();
        return new Promise<never>(() => {}); // the reload replaces the page
      }
      throw err;
    }
  });
  return Object.assign(page, {
    preload: () => {
      // A failed preload is reported (and handled) when the page renders.
      loadOnce().catch(() => undefined);
    },
  });
}
