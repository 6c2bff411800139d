import { useMemo, type ComponentProps } from 'react';

import { SelectField } from '@/components/ui/field';
import { useLanguage } from '@/hooks/use-language';
import { clockTimes } from '@/utils/cairo-day';
import { formatClock } from '@/utils/format';

type TimeSelectProps = Omit<ComponentProps<typeof SelectField>, 'options'> & {
  /** Minutes between the times offered. */
  step?: number;
  /** Only times later than this ("HH:MM") are offered: today's, once some have passed. */
  after?: string | undefined;
  /** Only times from this one ("HH:MM") and before until are offered: the day's office hours. */
  from?: string | undefined;
  until?: string | undefined;
};

/**
 * A time of day chosen from a list rather than the browser's time input (which writes 09:00 AM in
 * Western digits on an Arabic page): each time is written as the page's language writes it, and the
 * value sent is "HH:MM". Its label says Cairo: every time a person sees is Cairo time, labelled.
 * With a placeholder the time is optional ("Any time").
 */
export function TimeSelect({ step = 15, after, from, until, ...select }: TimeSelectProps) {
  const language = useLanguage();
  const options = useMemo(
    () =>
      clockTimes(step)
        .filter((time) => (!after || time > after) && (!from || time >= from) && (!until || time < until))
        .map((time) => ({ value: time, label: formatClock(time, language) })),
    [step, after, from, until, language],
  );
  return <SelectField options={options} {...select} />;
}
