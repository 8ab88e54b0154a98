import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Writes dist/release.json; the server serves it at GET release and the app reloads when it changes. */
function releaseFile(): Plugin {
  const release = process.env.RELEASE ?? new Date().toISOString();
  return {
    name: 'release-file',
    apply: 'build',
    define: { __RELEASE__: JSON.stringify(release) },
    closeBundle() {
      const dist = path.resolve(__dirname, 'dist');
      mkdirSync(dist, { recursive: true });
      writeFileSync(path.join(dist, 'release.json'), JSON.stringify({ release }));
    },
  } as Plugin;
}

export default defineConfig({
  plugins: [react(), releaseFile()],
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      treeshake: {
        // @app/domain's modules only declare (schemas, tables, functions). Said so, Rollup leaves out
        // the zod schemas no page of a chunk uses instead of keeping every `z.object(…)` call in the
        // first chunk (zod alone was 25 KB gzip of the student home).
        moduleSideEffects: (id, external) => external || !id.includes('/packages/domain/'),
      },
    },
  },
});
