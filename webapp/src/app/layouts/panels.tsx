import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Icon, type IconName } from '@/components/ui/icon';
import { LoadFailureBoundary } from '@/components/ui/load-failure';
import { useLanguage } from '@/hooks/use-language';
import {
  isPanelOpen,
  panelDomId,
  panelToggleDomId,
  usePanelsStore,
  type PanelId,
  type PanelSet,
} from '@/stores/panels-store';
import { cx } from '@/utils/cx';
import { formatNumber } from '@/utils/format';

export function focusToggle(set: PanelSet, id: PanelId): void {
  document.getElementById(panelToggleDomId(set, id))?.focus();
}

interface PanelToggleProps {
  set: PanelSet;
  id: PanelId;
  icon: IconName;
  label: string;
  /** A shorter visible label (phone tab bar), which is then the accessible name too. */
  shortLabel?: string;
  showLabel?: boolean;
  badge?: number;
  variant?: 'nav' | 'icon' | 'tab';
}

export function PanelToggle({ set, id, icon, label, shortLabel, showLabel, badge, variant = 'icon' }: PanelToggleProps) {
  const language = useLanguage();
  const name = showLabel ? (shortLabel ?? label) : label;
  const open = usePanelsStore((state) => isPanelOpen(state.open, set, id));
  const toggle = usePanelsStore((state) => state.toggle);
  return (
    <button
      type="button"
      id={panelToggleDomId(set, id)}
      className={cx(variant === 'nav' ? 'nav-button' : variant === 'tab' ? 'tabbar__item' : 'icon-button', open && 'is-open')}
      aria-expanded={open}
      aria-controls={panelDomId(set, id)}
      aria-label={showLabel && !badge ? undefined : name}
      data-count={badge}
      onClick={() => toggle(set, id)}
    >
      <Icon name={icon} size={variant === 'nav' ? 18 : 22} />
      {/* A tab's short word ("Places") is its name: what it says is what a voice user says. */}
      {showLabel ? <span>{shortLabel ?? label}</span> : null}
      {variant === 'nav' ? <Icon name="chevronDown" size={14} className="nav-button__chevron" /> : null}
      {badge ? (
        <span className="counter" aria-label={undefined}>
          {formatNumber(badge, language)}
        </span>
      ) : null}
    </button>
  );
}

interface PanelHostProps {
  set: PanelSet;
  title: (id: PanelId) => string;
  render: (id: PanelId, close: () => void) => ReactNode;
}

/**
 * Shows the open panel of one set. Escape closes it and gives focus back to its
 * toggle; a click outside the panel and its toggle, or the focus moving outside them, closes it too.
 */
export function PanelHost({ set, title, render }: PanelHostProps) {
  const { t } = useTranslation();
  const open = usePanelsStore((state) => (state.open?.set === set ? state.open.id : null));
  const close = usePanelsStore((state) => state.close);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const panel = ref.current;
    const target = panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel;
    target?.focus();

    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close();
      focusToggle(set, open);
    };
    const onPointer = (event: PointerEvent) => {
      const node = event.target as Node | null;
      const toggle = document.getElementById(panelToggleDomId(set, open));
      if (node && !panel?.contains(node) && !toggle?.contains(node)) close();
    };
    // Tab past the panel's last control closes it, as a click outside does: on a phone the panel
    // covers the page, and the focus would otherwise move on behind it, out of sight.
    const onFocus = (event: FocusEvent) => {
      const node = event.target as Node | null;
      const toggle = document.getElementById(panelToggleDomId(set, open));
      if (node && node !== document.body && !panel?.contains(node) && !toggle?.contains(node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open, set, close]);

  if (!open) return null;
  const closeAndReturn = () => {
    close();
    focusToggle(set, open);
  };
  return (
    <div
      ref={ref}
      id={panelDomId(set, open)}
      className={cx('panel', `panel--${set}`, `panel--${open}`)}
      role="dialog"
      aria-modal="false"
      aria-labelledby={`${panelDomId(set, open)}-title`}
      tabIndex={-1}
    >
      <div className="panel__header">
        <h2 className="panel__title" id={`${panelDomId(set, open)}-title`}>
          {title(open)}
        </h2>
        <button type="button" className="icon-button icon-button--sm" onClick={closeAndReturn} aria-label={t('common.close')}>
          <Icon name="close" size={18} />
        </button>
      </div>
      <div className="panel__body">
        {/* A panel whose code did not load (offline) says so inside the panel, not in the page's place. */}
        <LoadFailureBoundary compact resetKey={open}>
          {render(open, close)}
        </LoadFailureBoundary>
      </div>
    </div>
  );
}
