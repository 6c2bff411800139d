import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

import { cx } from '@/utils/cx';

interface TabsProps<K extends string> {
  label: string;
  tabs: ReadonlyArray<{ key: K; label: string }>;
  value: K;
  onChange: (key: K) => void;
  children: ReactNode;
}

/** WAI-ARIA tabs: arrow keys move between tabs (mirrored in right-to-left). */
export function Tabs<K extends string>({ label, tabs, value, onChange, children }: TabsProps<K>) {
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (event.key !== forward && event.key !== backward) return;
    event.preventDefault();
    const index = tabs.findIndex((tab) => tab.key === value);
    const step = event.key === forward ? 1 : -1;
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (!next) return;
    onChange(next.key);
    listRef.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(`${id}-tab-${next.key}`)}`)?.focus();
  };

  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label} ref={listRef} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            id={`${id}-tab-${tab.key}`}
            type="button"
            role="tab"
            className={cx('tabs__tab', tab.key === value && 'tabs__tab--active')}
            aria-selected={tab.key === value}
            aria-controls={`${id}-panel`}
            tabIndex={tab.key === value ? 0 : -1}
            onClick={() => onChange(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div className="tabs__panel" role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${value}`}>
        {children}
      </div>
    </div>
  );
}
