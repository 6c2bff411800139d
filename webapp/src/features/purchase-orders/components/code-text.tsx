import { useTranslation } from 'react-i18next';

import { codeLabel, type CodeGroup } from '../utils/codes';

/** A payment or refund code in the page's words; one the app does not know, isolated as it came. */
export function CodeText({ group, code }: { group: CodeGroup; code: string }) {
  const { t } = useTranslation();
  const label = codeLabel(t, group, code);
  return label.known ? <>{label.text}</> : <bdi>{label.text}</bdi>;
}
