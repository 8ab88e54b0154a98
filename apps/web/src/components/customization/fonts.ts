/**
 * The 15 store fonts, self-hosted from the @fontsource packages (no outside request): each
 * loads its Latin 400 face on first use, as its own small CSS and font file in the build.
 */
const FONT_CSS: Record<string, () => Promise<unknown>> = {
  'alegreya-sans': () => import('@fontsource/alegreya-sans/latin-400.css'),
  'dm-sans': () => import('@fontsource/dm-sans/latin-400.css'),
  nunito: () => import('@fontsource/nunito/latin-400.css'),
  oswald: () => import('@fontsource/oswald/latin-400.css'),
  rubik: () => import('@fontsource/rubik/latin-400.css'),
  comfortaa: () => import('@fontsource/comfortaa/latin-400.css'),
  saira: () => import('@fontsource/saira/latin-400.css'),
  'space-mono': () => import('@fontsource/space-mono/latin-400.css'),
  urbanist: () => import('@fontsource/urbanist/latin-400.css'),
  kalam: () => import('@fontsource/kalam/latin-400.css'),
  'shantell-sans': () => import('@fontsource/shantell-sans/latin-400.css'),
  sofia: () => import('@fontsource/sofia/latin-400.css'),
  anton: () => import('@fontsource/anton/latin-400.css'),
  'julius-sans-one': () => import('@fontsource/julius-sans-one/latin-400.css'),
  'playwrite-in': () => import('@fontsource/playwrite-in/latin-400.css'),
};

const loading = new Map<string, Promise<unknown>>();

/** Starts loading a font's face (once); an unknown id or a failed load leaves the default font. */
export function loadFont(fontId: string): Promise<unknown> {
  const load = FONT_CSS[fontId];
  if (!load) return Promise.resolve();
  let p = loading.get(fontId);
  if (!p) {
    p = load().catch(() => loading.delete(fontId));
    loading.set(fontId, p);
  }
  return p;
}
