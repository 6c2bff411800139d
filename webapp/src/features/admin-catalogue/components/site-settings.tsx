import './admin-catalogue.css';

import { useEffect, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';

import { Button, ButtonLink } from '@/components/ui/button';
import { cairoToday, DayPicker } from '@/components/ui/day-picker';
import { InputField, SelectField } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-client';
import { westernDigits } from '@/lib/digits';
import { formatCalendarDate, formatDate } from '@/utils/format';

import { useAllRecords } from '../api/list-records';
import { useCurrencyRates, useSaveSite, useSettings, type Rates, type Settings } from '../api/site-settings';
import { savedFrom } from '../saved';
import { hoursErrorsByDay } from '../form-errors';
import { sameValues, useHeldWhileEdited, type Held } from '../held';
import { asHours, asText } from '../values';

import { BilingualField, HoursEditor } from './fields';
import { HistoryPanel } from './history-panel';
import { NewerVersionNotice } from './newer-version-notice';

function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown) => (isApiError(error) ? [error.message, ...Object.values(error.errors).flat()].filter((m, i, a) => a.indexOf(m) === i).join(' ') : t('adminCatalogue.saveFailed'));
}

/** The office hours at the version of their last change: what the hours form holds and sends. */
interface OfficeHoursLoaded {
  opening_hours: Settings['opening_hours'];
  version: number;
}

// The hours as loaded when the operator started changing them stay in the form while newer ones
// come (another admin's hours save: held.ts); unchanged hours follow the newest. The form follows
// the hours' own version, not the settings': a holiday added or a default pickup point chosen
// changes no hours, so it neither flags the form nor refuses its save. The editor is remounted at
// each version it shows, so hours.version is what its hours were loaded at.
function HeldOfficeHours({ latest }: { latest: Settings }) {
  const hours: OfficeHoursLoaded = { opening_hours: latest.opening_hours, version: latest.opening_hours_version };
  const held = useHeldWhileEdited(hours);
  const shown = held.shown ?? hours;
  return <OfficeHours key={shown.version} settings={shown} held={held} />;
}

function OfficeHours({ settings, held }: { settings: OfficeHoursLoaded; held: Held<OfficeHoursLoaded> }) {
  const { t } = useTranslation();
  const [hours, setHours] = useState<unknown>(settings.opening_hours);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const save = useSaveSite();
  const change = (next: unknown) => {
    setHours(next);
    held.edited(!sameValues(next, settings.opening_hours));
  };
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const sent = asHours(hours);
    setErrors({});
    save.mutateAsync({ kind: 'hours', version: settings.version, hours: sent }).then(
      () => held.saved(),
      // The server names a fault by the entry's place in the list sent: shown on its weekday.
      (error: unknown) => setErrors(isApiError(error) ? hoursErrorsByDay(error.errors, 'hours', sent) : {}),
    );
  };
  return (
    <form className="card card--plain stack" onSubmit={submit} aria-labelledby="office-hours">
      <h2 id="office-hours" className="section-title">{t('adminCatalogue.officeHours')}</h2>
      {held.newer ? <NewerVersionNotice onReload={held.reload} /> : null}
      <HoursEditor label={t('adminCatalogue.officeHoursLead')} name="hours" value={hours} errors={errors} onChange={change} />
      {save.isError ? <p className="form__message form__message--error" role="alert">{isApiError(save.error) ? save.error.message : t('adminCatalogue.saveFailed')}</p> : null}
      {/* The saved hours remount this form at their new version: the confirmation is the held editor's. */}
      {held.justSaved && !save.isPending && !save.isError ? <p className="form__message" role="status">{t('adminCatalogue.saved')}</p> : null}
      <div className="button-row">
        <Button type="submit" loading={save.isPending}>{t('adminCatalogue.save')}</Button>
      </div>
    </form>
  );
}

function Holidays({ settings }: { settings: Settings }) {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  const [date, setDate] = useState('');
  const [name, setName] = useState<unknown>({ en: '', ar: '' });
  const save = useSaveSite();
  const errorText = useErrorText();
  // Holidays are Cairo days: the ones from today in Cairo on.
  const today = cairoToday();
  const coming = settings.holidays.filter((h) => h.date >= today);
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    if (!date) return;
    save.mutate({ kind: 'addHoliday', holiday: { date, name: asText(name) } }, { onSuccess: () => setDate('') });
  };
  return (
    <section className="card card--plain stack" aria-labelledby="holidays">
      <h2 id="holidays" className="section-title">{t('adminCatalogue.holidays')}</h2>
      <ul className="holiday-list">
        {coming.map((h) => (
          <li key={h.date} className="holiday-list__item">
            <span data-testid={`holiday-${h.date}`}>{t('dayPicker.value', { day: formatCalendarDate(h.date, language, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }) })}</span> — <span>{(i18n.language === 'ar' && h.name.ar) || h.name.en}</span>{' '}
            <Button size="sm" variant="ghost" type="button" disabled={save.isPending} onClick={() => save.mutate({ kind: 'removeHoliday', date: h.date })}>
              {t('adminCatalogue.remove')}
            </Button>
          </li>
        ))}
      </ul>
      <form className="form stack" onSubmit={submit}>
        <DayPicker label={t('adminCatalogue.holidayDate')} value={date} onChange={setDate} min={today} placeholder={t('dayPicker.chooseDay')} testId="holiday-date" />
        <BilingualField spec={{ name: 'holiday_name', kind: 'text2', required: true }} value={name} errors={{}} onChange={setName} />
        {save.isError ? <p className="field__error" role="alert">{errorText(save.error)}</p> : null}
        <div className="button-row">
          <Button type="submit" loading={save.isPending} disabled={!date}>{t('adminCatalogue.addHoliday')}</Button>
        </div>
      </form>
    </section>
  );
}

function DefaultPoint({ settings }: { settings: Settings }) {
  const { t, i18n } = useTranslation();
  const points = useAllRecords('/api/admin/pickup-points');
  const save = useSaveSite();
  const errorText = useErrorText();
  return (
    <section className="card card--plain stack" aria-labelledby="default-point">
      <h2 id="default-point" className="section-title">{t('adminCatalogue.defaultPoint')}</h2>
      <SelectField
        label={t('adminCatalogue.defaultPointLead')}
        value={settings.default_pickup_point_id ?? ''}
        placeholder={t('adminCatalogue.choose')}
        options={(points.data?.data ?? []).map((p) => ({ value: p.id, label: (i18n.language === 'ar' && asText(p.name).ar) || asText(p.name).en }))}
        onChange={(e) => save.mutate({ kind: 'defaultPoint', version: settings.default_pickup_point_version, id: e.target.value })}
      />
      {save.isError ? <p className="field__error" role="alert">{errorText(save.error)}</p> : null}
      {save.isSuccess ? <p className="form__message" role="status">{t('adminCatalogue.saved')}</p> : null}
    </section>
  );
}

// The rates as shown when the operator started typing over them stay in the form while newer ones
// come (held.ts); untouched rates follow the newest. Remounted at each version it shows, so
// rates.version is what a save sends: one over rates another admin set since is refused (409).
function CurrencyRates() {
  const rates = useCurrencyRates();
  const held = useHeldWhileEdited(rates.data);
  const shown = held.shown;
  if (!shown) return null;
  return <RatesEditor key={shown.version} rates={shown} held={held} />;
}

function RatesEditor({ rates, held }: { rates: Rates; held: Held<Rates> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const save = useSaveSite();
  const errorText = useErrorText();
  const loaded = { usd: String(rates.rates.USD ?? ''), sar: String(rates.rates.SAR ?? '') };
  const [typed, setTyped] = useState(loaded);
  const type = (key: 'usd' | 'sar') => (value: string) => {
    const next = { ...typed, [key]: value };
    setTyped(next);
    held.edited(!sameValues(next, loaded));
  };
  const setAt = rates.set_at ? t('common.cairoTime', { time: formatDate(rates.set_at, language, { dateStyle: 'medium', timeStyle: 'short' }) }) : '—';
  return (
    <form
      className="card card--plain stack"
      aria-labelledby="rates"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutateAsync({ kind: 'rates', version: rates.version, rates: { USD: Number(typed.usd), SAR: Number(typed.sar) } }).then(() => held.saved(), () => undefined);
      }}
    >
      <h2 id="rates" className="section-title">{t('adminCatalogue.currencyRates')}</h2>
      <p className="muted small">{t('adminCatalogue.ratesSetAt', { when: setAt })}</p>
      {held.newer ? <NewerVersionNotice onReload={held.reload} /> : null}
      {/* Text boxes read with Western digits: a type="number" box drops Arabic-Indic ones («٠٫٠٢») without a word. */}
      <InputField label={t('adminCatalogue.usdPerEgp')} type="text" inputMode="decimal" dir="ltr" value={typed.usd} onChange={(e) => type('usd')(westernDigits(e.target.value))} />
      <InputField label={t('adminCatalogue.sarPerEgp')} type="text" inputMode="decimal" dir="ltr" value={typed.sar} onChange={(e) => type('sar')(westernDigits(e.target.value))} />
      {save.isError ? <p className="field__error" role="alert">{errorText(save.error)}</p> : null}
      {held.justSaved && !save.isPending && !save.isError ? <p className="form__message" role="status">{t('adminCatalogue.saved')}</p> : null}
      <div className="button-row">
        <Button type="submit" loading={save.isPending}>{t('adminCatalogue.save')}</Button>
      </div>
    </form>
  );
}

/** /admin/home: the business settings and a way to the home content editor. */
export function SiteSettings() {
  const { t } = useTranslation();
  const settings = useSettings();
  const location = useLocation();
  const navigate = useNavigate();
  // The home page's editor returns here once it saved: said once, then dropped from the history entry.
  const [homeSaved] = useState(() => Boolean(savedFrom(location.state)));
  useEffect(() => {
    if (savedFrom(location.state)) void navigate(location.pathname, { replace: true, state: null });
  }, [location, navigate]);
  if (settings.isPending) return <PageSpinner />;
  if (settings.isError) return <ErrorState onRetry={() => void settings.refetch()} />;
  return (
    <>
      <PageHeader
        title={t('adminCatalogue.siteTitle')}
        lead={t('adminCatalogue.siteLead')}
        actions={<ButtonLink to={paths.admin.homeEdit}>{t('adminCatalogue.editHome')}</ButtonLink>}
      />
      {homeSaved ? (
        <p className="form__message" role="status">
          {t('adminCatalogue.homeSaved')}
        </p>
      ) : null}
      <div className="admin-grid">
        <HeldOfficeHours latest={settings.data} />
        <Holidays settings={settings.data} />
        <DefaultPoint settings={settings.data} />
        <CurrencyRates />
      </div>
      <HistoryPanel path="/api/admin/settings/history" references={{ default_pickup_point_id: '/api/admin/pickup-points' }} />
    </>
  );
}
