import { writeFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The Go server (bin/mishwar serve) listens on :8080 by default; in development
// Vite serves the app and forwards the API and the live channel to it.
const backend = process.env.MISHWAR_BACKEND ?? 'http://localhost:8080';

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
      // The server announces these in each page's HTML (httpapi/web/preload.go): the first render
      // waits for the visitor's language's core translations, a chunk the browser would otherwise
      // discover only after the app's code has run.
      name: 'mishwar-first-paint',
      apply: 'build',
      generateBundle(_options, bundle) {
        const translations: Record<string, string> = {};
        for (const chunk of Object.values(bundle)) {
          const language = chunk.type === 'chunk' ? /[\\/]locales[\\/]([a-z]{2})[\\/]core\.json$/.exec(chunk.facadeModuleId ?? '')?.[1] : undefined;
          if (language) translations[language] = chunk.fileName;
        }
        if (Object.keys(translations).length === 0) this.error('no core translation chunks (src/locales/<lang>/core.json) in the bundle');
        this.emitFile({ type: 'asset', fileName: 'first-paint.json', source: JSON.stringify({ translations }) });
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
