import type { FieldChange } from '../utils/diff';

import { useSupportT } from './messages';

/** What an event changed on the order's card, line by line: "Paid: EGP 0.00 → EGP 1,234.50". */
export function EventDiff({ changes }: { changes: FieldChange[] }) {
  const { t } = useSupportT();
  if (changes.length === 0) return <p className="muted support-diff-none">{t('diff.none')}</p>;
  return (
    <ul className="support-diff" data-testid="support-diff">
      {changes.map((c) => (
        <li key={c.key} className={`support-diff__${c.kind}`} data-change={c.kind} data-key={c.key}>
          <span className="support-diff__kind">{t(`diff.${c.kind}`)}</span> <strong>{c.label}</strong>{' '}
          {c.kind === 'changed' ? (
            <>
              <del><bdi>{c.before}</bdi></del> <span aria-hidden="true">{t('diff.arrow')}</span>{' '}
              <span className="visually-hidden">{t('diff.to')}</span> <ins><bdi>{c.after}</bdi></ins>
            </>
          ) : c.kind === 'added' ? (
            <ins><bdi>{c.after}</bdi></ins>
          ) : (
            <del><bdi>{c.before}</bdi></del>
          )}
        </li>
      ))}
    </ul>
  );
}
