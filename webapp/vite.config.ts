import { writeFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';

// The Go server (bin/mishwar serve) listens on :8080 by default; in development
// Vite serves the app and forwards the API and the live channel to it.
const backend = process.env.MISHWAR_BACKEND ?? 'http://localhost:8080';

// The module index.html loads: it starts the app after the page's first paint.
const BOOT_MODULE = fileURLToPath(new URL('./src/boot.ts', import.meta.url));

const FIRST_PAINT_FONTS: Record<string, RegExp> = {
  en: /\/(inter|fraunces)-latin-wght-normal-[^/]+\.woff2$/,
  ar: /\/cairo-(arabic|latin)-wght-normal-[^/]+\.woff2$/,
};

export default defineConfig({
  plugins: [
    react(),
    {
      // dist/ is embedded by webapp/embed.go; its committed placeholder must
      // survive a build so `go build` works on a fresh clone too.
      name: 'mishwar-keep-dist-placeholder',
      apply: 'build',
      closeBundle() {
        writeFileSync(fileURLToPath(new URL('./dist/.gitkeep', import.meta.url)), '');
      },
    },
    {
      // The app starts after the page's first paint (src/boot.ts says why): index.html loads the boot
      // module, built as an entry of its own, in place of the app's entry. The entry becomes a
      // modulepreload, and it and the chunks it imports (which Vite preloads) go into an inert
      // template the boot module moves into the head once the first paint is on screen.
      name: 'mishwar-start-after-paint',
      apply: 'build',
      buildStart() {
        this.emitFile({ type: 'chunk', id: BOOT_MODULE, name: 'boot' });
      },
      transformIndexHtml: {
        order: 'post',
        handler(html, ctx) {
          const entry = ctx.chunk?.fileName;
          const tag = `<script type="module" crossorigin src="/${entry}"></script>`;
          if (!entry || !html.includes(tag)) throw new Error(`mishwar-start-after-paint: index.html has no script tag for the entry ${entry}`);
          const boot = Object.values(ctx.bundle ?? {}).find((item) => item.type === 'chunk' && item.facadeModuleId === BOOT_MODULE);
          if (!boot) throw new Error('mishwar-start-after-paint: the build has no boot module');
          const preload = /[ \t]*<link rel="modulepreload"[^>]*>\n?/g;
          const chunks = [...html.matchAll(preload)].map((m) => `      ${m[0].trim().replace('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"')}\n`);
          const later = `<template data-after-first-paint>\n      <link rel="modulepreload" fetchpriority="low" crossorigin href="/${entry}" data-app>\n${chunks.join('')}    </template>`;
          return html.replace(preload, '').replace(tag, `${later}\n    <script type="module" crossorigin src="/${boot.fileName}"></script>`);
        },
      },
    },
    {
      // The server announces these in each page's HTML (httpapi/web/preload.go), files a page's first
      // render waits for that the browser would otherwise discover only after the app's code has run:
      // each language's translation parts, and each lazy route module (src/app/routes/<name>.tsx)
      // with the chunks and styles it imports that the entry does not already load.
      name: 'mishwar-first-paint',
      apply: 'build',
      generateBundle(_options, bundle) {
        const chunks = new Map<string, Rolldown.OutputChunk>();
        for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
        const closure = (start: Rolldown.OutputChunk): Rolldown.OutputChunk[] => {
          const seen = new Map<string, Rolldown.OutputChunk>();
          const walk = (chunk: Rolldown.OutputChunk) => {
            if (seen.has(chunk.fileName)) return;
            seen.set(chunk.fileName, chunk);
            for (const file of chunk.imports) {
              const next = chunks.get(file);
              if (next) walk(next);
            }
          };
          walk(start);
          return [...seen.values()];
        };
        // The app's entry, not the boot module (an entry too, importing nothing).
        const entries = [...chunks.values()].filter((chunk) => chunk.isEntry && chunk.facadeModuleId !== BOOT_MODULE);
        const entry = entries[0];
        if (entries.length !== 1) return this.error(`expected one app entry chunk, found ${entries.map((c) => c.fileName).join(', ') || 'none'}`);
        const loaded = new Set(closure(entry).map((chunk) => chunk.fileName));

        const translations: Record<string, Record<string, string>> = {};
        const modules: Record<string, { scripts: string[]; styles: string[] }> = {};
        for (const chunk of chunks.values()) {
          const id = chunk.facadeModuleId ?? '';
          const part = /[\\/]src[\\/]locales[\\/]([a-z]{2})[\\/]([a-z]+)\.json$/.exec(id);
          if (part?.[1] && part[2]) (translations[part[1]] ??= {})[part[2]] = chunk.fileName;
          const route = /[\\/]src[\\/]app[\\/]routes[\\/]([a-z-]+)\.tsx$/.exec(id);
          if (route?.[1] && chunk.isDynamicEntry) {
            const own = closure(chunk).filter((c) => !loaded.has(c.fileName));
            modules[route[1]] = {
              scripts: own.map((c) => c.fileName),
              styles: [...new Set(own.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))],
            };
          }
        }
        if (!Object.values(translations).some((parts) => parts.core)) this.error('no core translation chunks (src/locales/<lang>/core.json) in the bundle');
        // The fonts a page's first paint draws its text in, per language (styles/index.css: Inter and
        // Fraunces for English, Cairo for Arabic; the subsets the page's letters need).
        const fontFiles = Object.values(bundle).filter((item) => item.type === 'asset' && item.fileName.endsWith('.woff2')).map((item) => item.fileName);
        const fonts: Record<string, string[]> = {};
        for (const [language, pattern] of Object.entries(FIRST_PAINT_FONTS)) {
          fonts[language] = fontFiles.filter((file) => pattern.test(file));
          if (fonts[language].length !== 2) this.error(`expected two first-paint fonts for ${language}, found ${fonts[language].join(', ') || 'none'}`);
        }
        this.emitFile({ type: 'asset', fileName: 'first-paint.json', source: JSON.stringify({ translations, modules, fonts }) });
      },
    },
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    // scripts/check-budget.mjs reads it to measure what the home page downloads, then removes it.
    manifest: true,
    rolldownOptions: {
      output: {
        // React changes less often than the app: a separate hashed file stays cached across releases.
        // Other libraries go with the code that uses them, so a lazy screen's libraries (Leaflet for
        // the map) load with that screen, not with the home page.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  test: {
    globals: true,
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // Form tests type into real inputs through user-event: on a loaded 2-core CI machine that takes
    // seconds, not milliseconds. Generous limits keep a slow run from looking like a broken one.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
