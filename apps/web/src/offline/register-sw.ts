let registered = false;

/**
 * The service worker (issue 35; built by vite-plugin-pwa, apps/web/vite.config.ts) keeps the app's
 * files, words and last answers for reading, so the app opens with no network. Production builds
 * only: the dev server serves none. A new release's worker takes over at once; a page it takes
 * from an older one reloads, so it never asks the new worker for the old release's chunks.
 */
export function registerServiceWorker(): void {
  if (registered || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  registered = true;
  const hadOne = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (hadOne) globalThis.location.reload();
  });
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  // After the page's own files: the worker's copies of the rest come second.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
