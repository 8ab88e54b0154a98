import { vi } from 'vitest';

/** A tiny browser stand-in for node tests: localStorage, location and a scripted fetch. */
export function installBrowserShims(pathname = '/classes') {
  const store = new Map<string, string>();
  const localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, String(v)),
    removeItem: (k: string) => void store.delete(k),
    clear: () => store.clear(),
  };
  const location = { pathname, assign: vi.fn() };
  vi.stubGlobal('localStorage', localStorage);
  vi.stubGlobal('location', location);
  return { store, location };
}

export interface Scripted {
  status: number;
  text: string;
}

export function stubFetch(reply: Scripted | (() => Promise<never>)) {
  const fn = vi.fn(async (_url: string, _init?: RequestInit) => {
    if (typeof reply === 'function') return reply();
    return {
      status: reply.status,
      ok: reply.status >= 200 && reply.status < 300,
      text: async () => reply.text,
    };
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}
