import { writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const require = createRequire(import.meta.url);

/** The built app's ICU parser: none (compiledCatalogue compiles the messages). */
const NO_PARSER = [
  {
    find: '@formatjs/icu-messageformat-parser',
    replacement: require.resolve('@formatjs/icu-messageformat-parser/no-parser.js'),
  },
];

/** An area of the message catalogue (not the server's messages, which the web never formats). */
const CATALOGUE_AREA =
  /\/packages\/domain\/src\/i18n\/(en|es)\/(?!index\.|server\.|basics\.|base\.|student\.|staff\.)[\w-]+\.ts$/;

/**
 * Compiles each area of the message catalogue to ICU syntax trees at build time, so the browser
 * formats messages without the ICU parser (docs/decisions/109-i18n.md). An area module is one
 * object literal of strings (its type import is gone after the TypeScript transform).
 */
function compiledCatalogue(): Plugin {
  return {
    name: 'compiled-catalogue',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!CATALOGUE_AREA.test(id)) return null;
      const m = /export const (\w+) = (\{[\s\S]*\});?\s*(\/\/# sourceMappingURL=.*)?$/.exec(
        code.trim(),
      );
      if (!m) this.error(`${id}: a catalogue area must be one exported object literal`);
      const words = new Function(`return ${m![2]};`)() as Record<string, string>;
      const trees = Object.fromEntries(
        Object.entries(words).map(([key, text]) => {
          const tree = parse(text);
          // A literal stays a string (smaller) unless it holds a character ICU would read.
          const only = tree.length === 1 && tree[0]!.type === 0 ? tree[0]!.value : null;
          if (tree.length === 0) return [key, ''];
          return [key, only !== null && !/[{}'<]/.test(only) ? only : tree];
        }),
      );
      return {
        code: `export const ${m![1]} = JSON.parse(${JSON.stringify(JSON.stringify(trees))});`,
        map: null,
      };
    },
  };
}

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

export default defineConfig(({ command }) => ({
  plugins: [react(), releaseFile(), compiledCatalogue()],
  resolve: {
    // Messages arrive compiled (compiledCatalogue): the built app leaves the ICU parser out.
    alias: command === 'build' ? NO_PARSER : [],
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // A language's words are named for it: words-es-student-<hash>.js.
        chunkFileNames: (chunk) => {
          const words = /\/i18n\/(en|es)\/(base|student|staff)\.ts$/.exec(
            chunk.facadeModuleId ?? '',
          );
          return words
            ? `assets/words-${words[1]}-${words[2]}-[hash].js`
            : 'assets/[name]-[hash].js';
        },
      },
      treeshake: {
        // @app/domain's modules only declare (schemas, tables, functions). Said so, Rollup leaves out
        // the zod schemas no page of a chunk uses instead of keeping every `z.object(…)` call in the
        // first chunk (zod alone was 25 KB gzip of the student home).
        moduleSideEffects: (id, external) => external || !id.includes('/packages/domain/'),
      },
    },
  },
}));
