import { writeFileSync, mkdirSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';

import { NOT_EVERYONE, PERMISSIONS } from '../../packages/domain/src/policy';
import { ROLES } from '../../packages/domain/src/roles';
import { DERIVED_FROM, EARLY_PAGES, SESSION_READ, STAFF_ACTION } from './src/boot/early-reads';
import { BOOT_PLAN_ID, type BootPlan } from './src/boot/plan';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkGroups, firstChunksStayFirst } from './build/chunk-groups';

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

/** Text files worth sending compressed (a phone on 3G: the first chunk is 3.3× smaller as brotli). */
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside each built text file over 1 KB; the server
 * sends the one the browser accepts (@fastify/static's preCompressed), compressed once at build
 * rather than on every request.
 */
function precompressed(): Plugin {
  return {
    name: 'precompressed',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const [file, out] of Object.entries(bundle)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const body = Buffer.from(out.type === 'chunk' ? out.code : out.source);
        if (body.length < 1024) continue;
        const target = path.join(options.dir!, file);
        writeFileSync(
          `${target}.br`,
          brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${target}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/** The roles the permission table grants an action to (`everyone`: each role but NOT_EVERYONE's). */
function rolesFor(action: keyof typeof PERMISSIONS): string[] {
  const rule = PERMISSIONS[action] as Record<string, unknown>;
  const granted = (grant: unknown) => grant !== undefined && grant !== 'none';
  return ROLES.filter(
    (r) => granted(rule[r]) || (granted(rule.everyone) && !NOT_EVERYONE.includes(r)),
  );
}

/** A chunk and the chunks it imports that the first chunk does not already bring, as URLs. */
function chunkUrls(bundle: Rollup.OutputBundle, module: string): string[] {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const first = new Set<string>();
  const addFirst = (file: string) => {
    if (first.has(file)) return;
    first.add(file);
    const c = bundle[file];
    if (c?.type === 'chunk') c.imports.forEach(addFirst);
  };
  chunks.filter((c) => c.isEntry).forEach((c) => addFirst(c.fileName));
  const own = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(`/apps/web/${module}`)));
  if (!own) throw new Error(`boot plan: no chunk for ${module}`);
  const urls = new Set<string>();
  const add = (file: string) => {
    if (first.has(file) || urls.has(`/${file}`)) return;
    urls.add(`/${file}`);
    const c = bundle[file];
    if (c?.type === 'chunk') c.imports.forEach(add);
  };
  add(own.fileName);
  return [...urls];
}

/**
 * Puts the boot script (apps/web/src/boot/boot.ts, its own entry) into index.html, async so it runs
 * as soon as it arrives rather than after the app's first chunk, with its plan: the chunk names it
 * preloads and the reads it starts, as a JSON data block (the content security policy allows no
 * inline script).
 */
function bootPlan(): Plugin {
  return {
    name: 'boot-plan',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle!;
        const words: BootPlan['words'] = {};
        for (const file of Object.keys(bundle)) {
          const m = /^assets\/words-(\w+)-(base|student|staff)-[\w-]+\.js$/.exec(file);
          if (m) (words[m[1]!] ??= {})[m[2] as 'base'] = `/${file}`;
        }
        const plan: BootPlan = {
          words,
          staffRoles: rolesFor(STAFF_ACTION),
          session: SESSION_READ,
          derivedFrom: DERIVED_FROM,
          pages: EARLY_PAGES.map((p) => ({
            path: p.path,
            roles: rolesFor(p.action),
            chunks: chunkUrls(bundle, p.module),
            reads: p.reads.map(({ method, path, query }) => ({ method, path, query })),
          })),
        };
        const boot = Object.values(bundle).find((c) => c.type === 'chunk' && c.name === 'boot');
        if (boot?.type !== 'chunk') throw new Error('boot plan: no boot chunk');
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: `/${boot.fileName}` },
            injectTo: 'head',
          },
          // Its imports, unless the app's own entry already preloads them.
          ...boot.imports
            .filter((file) => !html.includes(`/${file}"`))
            .map((file) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
              injectTo: 'head' as const,
            })),
          {
            tag: 'script',
            attrs: { type: 'application/json', id: BOOT_PLAN_ID },
            children: JSON.stringify(plan).replace(/</g, '\\u003c'),
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/** The service worker's copies of the API's reads: the web empties it at sign-out (clearStored.ts). */
const API_CACHE = 'api-reads';

/**
 * The installable, offline-first app (issue 35): a web manifest and a service worker that keeps
 * the built shell, every chunk (the pages' and the words') and the last answer of a few reads the
 * giving screens need, so /scan opens and gives with no network. The app registers the worker
 * itself (apps/web/src/offline/register-sw.ts), in production builds only.
 */
function offlineApp() {
  return VitePWA({
    registerType: 'autoUpdate',
    injectRegister: false,
    manifest: {
      name: 'Merit Market',
      short_name: 'Merit Market',
      description: 'School rewards and the student store',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      // The logo's first colour (Mantine's grape 6, the theme's primary).
      theme_color: '#be4bdb',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
        {
          src: '/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    workbox: {
      // Not the store's customization fonts: no give needs them.
      globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      navigateFallback: 'index.html',
      // The API, the server's files and the OpenAPI pages are never the app's shell.
      navigateFallbackDenylist: [/^\/api\//, /^\/icons\//, /^\/uploads\//],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      runtimeCaching: [
        {
          // Reads the giving screens and the frame need: the network's answer, else the last one.
          urlPattern: ({ url, request }) =>
            request.method === 'GET' &&
            url.origin === self.location.origin &&
            /^\/api\/v1\/(periods(\/[^/]+)?|activity\/options|school[^/]*(\/.*)?)$/.test(
              url.pathname,
            ),
          handler: 'NetworkFirst',
          method: 'GET',
          options: {
            cacheName: API_CACHE,
            networkTimeoutSeconds: 5,
            expiration: { maxEntries: 200, maxAgeSeconds: 14 * 24 * 3600 },
            cacheableResponse: { statuses: [200] },
            plugins: [
              {
                // The client stamps every GET with ?time=… (no cache in between): kept without it.
                cacheKeyWillBeUsed: async ({ request }: { request: Request }) => {
                  const url = new URL(request.url);
                  url.searchParams.delete('time');
                  return url.href;
                },
              },
            ],
          },
        },
      ],
    },
  });
}

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    releaseFile(),
    compiledCatalogue(),
    offlineApp(),
    bootPlan(),
    precompressed(),
    {
      name: 'first-chunks-stay-first',
      apply: 'build',
      generateBundle: (_, b) => firstChunksStayFirst(b),
    },
  ],
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
      // The boot script is an entry of its own: index.html loads it beside the app (bootPlan).
      input: {
        index: path.resolve(__dirname, 'index.html'),
        boot: path.resolve(__dirname, 'src/boot/boot.ts'),
      },
      output: {
        // Fewer, larger chunks: a phone's browser fetches six files at a time from one server over
        // HTTP/1.1, each paying the network's latency (issue 35): the modules the pages share are
        // gathered into a few chunks (docs/decisions/147-chunks-by-what-the-code-uses.md).
        manualChunks: chunkGroups({
          boot: 'src/boot/boot.ts',
          router: 'src/router/pages.ts',
          early: EARLY_PAGES.map((p) => p.module),
        }),
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
