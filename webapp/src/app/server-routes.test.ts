// The server decides which addresses are pages of the app (httpapi/web/routes.go): a path it does not
// list answers 404 with a "Page not found" head, even where the app draws a page. These tests keep its
// table and the app's route table (router.tsx) the same, in both directions.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { routes } from './router';

/** Every path the app's route table draws a page (or a redirect) for, in the server's spelling. */
function appPaths(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    const here = route.path === undefined ? parent : `${parent}/${route.path}`.replace(/\/+/g, '/');
    const own = route.index || (route.path !== undefined && route.path !== '*') ? [here === '' ? '/' : here] : [];
    return [...own, ...appPaths(route.children ?? [], here)];
  }).map((path) => path.replace(/:([A-Za-z]+)/g, '{$1}'));
}

const routesGo = readFileSync(join(process.cwd(), '..', 'httpapi', 'web', 'routes.go'), 'utf8');

function goBlock(start: string): string {
  const from = routesGo.indexOf(start);
  if (from < 0) throw new Error(`routes.go has no "${start}"`);
  return routesGo.slice(from, routesGo.indexOf('\n}\n', from));
}

const serverRoutes = [...goBlock('var routes = []route{').matchAll(/pattern:\s*"([^"]+)"/g)].map((m) => m[1] ?? '');
const serverRedirects = [...goBlock('var leftovers = map[string]string{').matchAll(/^\s*"([^"]+)":\s*"[^"]*",/gm)].map((m) => m[1] ?? '');

describe("the server's route table", () => {
  it('is read from routes.go', () => {
    expect(serverRoutes).toContain('/');
    expect(serverRoutes).toContain('/account/order/{id}');
    expect(serverRedirects).toContain('/productss');
  });

  it('lists every page the app draws, so none of them answers 404', () => {
    const known = new Set([...serverRoutes, ...serverRedirects]);
    const missing = appPaths(routes).filter((path) => !known.has(path));
    expect(missing, 'add these to httpapi/web/routes.go (with their titles)').toEqual([]);
  });

  it('lists no page the app does not draw', () => {
    const drawn = new Set(appPaths(routes));
    const extra = [...serverRoutes, ...serverRedirects].filter((path) => !drawn.has(path));
    expect(extra, 'httpapi/web/routes.go answers 200 for these, but the app shows "Page not found"').toEqual([]);
  });
});
