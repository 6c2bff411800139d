import { useTranslation } from 'react-i18next';

import { SentenceWith } from '@/components/ui/sentence-with';

import { codeLabel, type CodeGroup } from '../utils/codes';

/**
 * A payment or refund code in the page's words; one the app does not know named as another one of
 * its kind with the code isolated beside it (never a bare English code in an Arabic sentence); staff's
 * own words isolated as they came.
 */
export function CodeText({ group, code }: { group: CodeGroup; code: string }) {
  const { t } = useTranslation();
  const label = codeLabel(t, group, code);
  if (label.known) return <>{label.text}</>;
  if (label.sentence === undefined) return <bdi>{label.text}</bdi>;
  return (
    <SentenceWith text={label.sentence} tag="code">
      <bdi>{label.text}</bdi>
    </SentenceWith>
  );
}
