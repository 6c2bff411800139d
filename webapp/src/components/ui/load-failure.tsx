import { Component, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { forgetFailedLoad, isLoadFailure } from '@/lib/lazy-component';

import { Button } from './button';
import { Icon } from './icon';
import { ErrorState } from './states';

function subscribeToConnection(changed: () => void): () => void {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}

/** Whether the browser says it is online, as it changes. */
function useOnline(): boolean {
  return useSyncExternalStore(subscribeToConnection, () => navigator.onLine, () => true);
}

/**
 * A part of the app whose code did not load: offline, that it will be tried again when the connection
 * is back (and it is); otherwise that it could not load. Either way a button tries again at once.
 */
export function LoadFailed({ onRetry, compact }: { onRetry: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <div data-testid="load-failed">
      <RetryWhenOnline onRetry={onRetry} />
      <ErrorState
        compact={compact}
        title={online ? undefined : t('common.offline')}
        description={online ? undefined : t('common.offlineHint')}
        onRetry={onRetry}
      />
    </div>
  );
}

interface LoadFailureBoundaryProps {
  children: ReactNode;
  /** A change of it (the page's address) tries a failed part again. */
  resetKey?: unknown;
  compact?: boolean;
  /** Shows nothing in the part's place (a part the page reads well without); still tries again. */
  silent?: boolean;
}

interface LoadFailureBoundaryState {
  /** What the part threw; undefined while it renders. */
  error: unknown;
  resetKey: unknown;
}

/**
 * Catches a lazily loaded part whose code did not load (lib/lazy-component) and shows LoadFailed in its
 * place, or nothing when silent, until it is tried again: the button, the connection coming back, or
 * a change of resetKey. Any other error goes on to the boundary above.
 */
export class LoadFailureBoundary extends Component<LoadFailureBoundaryProps, LoadFailureBoundaryState> {
  state: LoadFailureBoundaryState = { error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<LoadFailureBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: LoadFailureBoundaryProps, state: LoadFailureBoundaryState): Partial<LoadFailureBoundaryState> | null {
    return props.resetKey !== state.resetKey ? { error: undefined, resetKey: props.resetKey } : null;
  }

  componentDidCatch(error: unknown): void {
    forgetFailedLoad(error);
  }

  retry = () => this.setState({ error: undefined });

  render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    // Not this boundary's kind of failure: thrown on, to the boundary above.
    if (!isLoadFailure(error)) throw error instanceof Error ? error : new Error('A part of the page failed', { cause: error });
    if (this.props.silent) return <RetryWhenOnline onRetry={this.retry} />;
    return <LoadFailed onRetry={this.retry} compact={this.props.compact} />;
  }
}

/** Tries again when the browser is back online. */
function RetryWhenOnline({ onRetry }: { onRetry: () => void }) {
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return null;
}

/**
 * The app's last net, in place of the whole app: a part that did not load (LoadFailed), or anything
 * else that broke a screen, said in the visitor's language with the ways on (reload, home). Never the
 * error's own text: it is for developers, in English.
 */
export function AppFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <main id="main" className="main container" tabIndex={-1}>
      {isLoadFailure(error) ? (
        <LoadFailed onRetry={onRetry} />
      ) : (
        <div className="empty-state empty-state--error" role="alert">
          <span className="empty-state__icon" aria-hidden="true">
            <Icon name="alert" size={40} />
          </span>
          <p className="empty-state__title">{t('common.brokeTitle')}</p>
          <p className="empty-state__text">{t('common.brokeHint')}</p>
          <div className="empty-state__action button-row">
            <Button variant="secondary" size="sm" onClick={() => window.location.reload()} icon={<Icon name="refresh" size={16} />}>
              {t('common.reload')}
            </Button>
            <a className="btn btn--ghost btn--sm" href="/">
              {t('notFound.home')}
            </a>
          </div>
        </div>
      )}
    </main>
  );
}
