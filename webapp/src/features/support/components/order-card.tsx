import type { Field } from '../api/support';

/**
 * Lines of the card that say a whole sentence (a cancelled order's "Cancelled by the traveller on …
 * — the business kept …") and take the card's full width, set apart, instead of one narrow cell.
 */
const SENTENCES = new Set(['cancelled']);

/** The order's state at one version, line by line, as the server says it in the page's language. */
export function OrderCard({ fields, testId = 'support-card' }: { fields: Field[]; testId?: string }) {
  return (
    <dl className="support-card" data-testid={testId}>
      {fields.map((f) => (
        <div key={f.key} data-key={f.key} className={SENTENCES.has(f.key) ? 'support-card__sentence' : undefined}>
          <dt>{f.label}</dt>
          <dd>
            <bdi>{f.value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}
