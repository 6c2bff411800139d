import type { ReactNode } from 'react';

/**
 * A wide table's frame, scrolled sideways on a narrow screen: a named region in the tab order, so a
 * keyboard can reach it and scroll it with the arrow keys (a table of text has nothing else to focus).
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
