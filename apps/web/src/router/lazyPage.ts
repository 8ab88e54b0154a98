import { lazy, type ComponentType } from 'react';
import { CHUNK_TIMEOUT_MS } from '@app/domain';
import { report } from '../api';

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

/**
 * A lazy route chunk. A chunk that fails to load (usually a deploy replaced it) forces one
 * reload; the sessionStorage flag stops a reload loop when the chunk is really broken.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
    try {
      const mod = await withTimeout(load(), CHUNK_TIMEOUT_MS);
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
}
