import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

const css = readFileSync(join(process.cwd(), 'src/features/admin-catalogue/components/admin-catalogue.css'), 'utf8');

// jsdom lays nothing out: what the browser check measured (no closing time cut off at 360, 1024,
// 1366 or 1920 px, in both languages, the card ~334 px wide on a wide screen) rests on this rule.
describe('the office hours editor', () => {
  it('stacks its rows by its own width, not the screen’s', () => {
    expect(css).toMatch(/\.hours-editor\s*\{[^}]*container:\s*hours-editor\s*\/\s*inline-size/);
    const query = /@container hours-editor \(max-width: (\d+)px\)\s*\{\s*\.hours-editor__row/.exec(css);
    // 140 + 2 × 120 px and two 8 px gaps must fit above the width it stacks at.
    expect(Number(query?.[1])).toBeGreaterThanOrEqual(140 + 2 * 120 + 2 * 8);
    expect(css).not.toMatch(/@media[^{]*\{\s*\.hours-editor__row/);
  });
});
