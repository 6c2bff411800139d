#!/usr/bin/env node
// Part of `npm run build`, after `vite build`: renders the first screens (src/app/first-screens.tsx)
// with the app's own components, through Vite's server-side module loader (the same aliases, JSON and
// JSX handling as the build), and adds them to dist/first-paint.json as "screens". The Go server
// writes a page's screen into its HTML (httpapi/web/screens.go).

import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { createServer } from 'vite';

const webapp = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const manifestPath = join(webapp, 'dist', 'first-paint.json');

const server = await createServer({
  root: webapp,
  configFile: join(webapp, 'vite.config.ts'),
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  const { renderFirstScreens } = await server.ssrLoadModule('/src/app/first-screens.tsx');
  const screens = renderFirstScreens();
  for (const [language, byName] of Object.entries(screens)) {
    for (const [name, screen] of Object.entries(byName)) {
      if (!screen.html.trim()) throw new Error(`first screen ${language}/${name} rendered nothing`);
    }
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  writeFileSync(manifestPath, JSON.stringify({ ...manifest, screens }));
  console.log(`first screens: ${Object.entries(screens).map(([language, byName]) => `${language} (${Object.keys(byName).join(', ')})`).join('; ')}`);
} finally {
  await server.close();
}
