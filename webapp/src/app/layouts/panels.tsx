import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Icon, type IconName } from '@/components/ui/icon';
import { LoadFailureBoundary } from '@/components/ui/load-failure';
import { usePanelFocus } from '@/components/ui/use-panel-focus';
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
 * Shows the open panel of one set. What each is follows what it looks like:
 *
 * - on a phone a panel is a sheet over the page (the tab bar's and the header's panels alike): a
 *   modal dialog. The focus moves into it and stays there (Tab goes round its controls), the page
 *   behind is inert (no Tab, no screen reader, no tap: a tap outside closes it), and a backdrop dims it;
 * - on a wide screen a panel drops down under its button and covers nothing: a disclosure, a named
 *   region its button expands and controls. The focus moves into it (it sits after the header's
 *   buttons), and a click or the focus going outside it closes it.
 *
 * Either way Escape and its close button close it and give the focus back to its button
 * (components/ui/use-panel-focus).
 */
export function PanelHost({ set, title, render }: PanelHostProps) {
  const { t } = useTranslation();
  const open = usePanelsStore((state) => (state.open?.set === set ? state.open.id : null));
  const close = usePanelsStore((state) => state.close);
  const ref = useRef<HTMLDivElement>(null);
  const modal = set === 'phone';
  usePanelFocus(ref, {
    open: open !== null,
    which: open ?? undefined,
    modal,
    onClose: close,
    opener: () => (open ? document.getElementById(panelToggleDomId(set, open)) : null),
  });

  if (!open) return null;
  const closeAndReturn = () => {
    close();
    focusToggle(set, open);
  };
  const titleId = `${panelDomId(set, open)}-title`;
  return (
    <>
      {modal ? <div className="panel-backdrop" aria-hidden="true" /> : null}
      <div
        ref={ref}
        // A new panel is a new element: its effects (focus, inert page) start again for it.
        key={open}
        id={panelDomId(set, open)}
        className={cx('panel', `panel--${set}`, `panel--${open}`)}
        role={modal ? 'dialog' : 'region'}
        aria-modal={modal ? 'true' : undefined}
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="panel__header">
          <h2 className="panel__title" id={titleId}>
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
    </>
  );
}
