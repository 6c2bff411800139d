import './admin-catalogue.css';

import { useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { isApiError } from '@/lib/api-client';

import { useHomeContent, useSaveSite, type HomeContent } from '../api/site-settings';
import { useRevealFirstError } from '../form-errors';
import { sameValues, useHeldWhileEdited, type Held } from '../held';
import { asPounds, asString, asText, type Bilingual } from '../values';

import { BilingualField, RecordField } from './fields';
import { HistoryPanel } from './history-panel';
import { NewerVersionNotice } from './newer-version-notice';

type Obj = Record<string, unknown>;

function obj(v: unknown): Obj {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {};
}

interface Faq {
  question: Bilingual;
  answer: Bilingual;
}

function faqs(v: unknown): Faq[] {
  return Array.isArray(v) ? v.map((x: unknown) => ({ question: asText(obj(x).question), answer: asText(obj(x).answer) })) : [];
}

/** /admin/home/edit: the home page, about, contact, terms and privacy texts, in both languages. */
export function HomeContentForm({ onSaved }: { onSaved: () => void }) {
  const home = useHomeContent();
  if (home.isPending) return <PageSpinner />;
  // A refetch that failed keeps the content loaded (and what the operator typed over it).
  if (!home.data) return <ErrorState onRetry={() => void home.refetch()} />;
  return <HeldHome latest={home.data} onSaved={onSaved} />;
}

// The content as loaded when the operator started changing it stays in the form while a newer
// version comes (held.ts); an unchanged form follows the newest.
function HeldHome({ latest, onSaved }: { latest: HomeContent; onSaved: () => void }) {
  const held = useHeldWhileEdited(latest);
  const shown = held.shown ?? latest;
  return <HomeEditor key={shown.version} version={shown.version} content={shown.data} held={held} onSaved={onSaved} />;
}

function draftOf(content: Obj) {
  const hero = obj(content.hero);
  const ride = obj(content.full_day_ride);
  const contact = obj(content.contact);
  return {
    v: {
      heroTitle: asText(hero.title),
      heroSubtitle: asText(hero.subtitle),
      heroImage: asString(hero.image),
      whatsapp: asString(content.whatsapp),
      rideTitle: asText(ride.title),
      rideDescription: asText(ride.description),
      rideHours: asString(ride.hours),
      ridePrice: asPounds(ride.price),
      rideProgram: asString(ride.program_id) === '00000000-0000-0000-0000-000000000000' ? '' : asString(ride.program_id),
      about: asText(content.about),
      contactPhone: asString(contact.phone),
      contactEmail: asString(contact.email),
      contactAddress: asText(contact.address),
      terms: asText(content.terms),
      privacy: asText(content.privacy),
    },
    faq: faqs(content.faq),
  };
}
type Draft = ReturnType<typeof draftOf>;

// version is what the form was loaded at: a save over another admin's newer one is refused (409)
// and what was typed here stays, to be compared with theirs after a reload.
function HomeEditor({ version, content, held, onSaved }: { version: number; content: Obj; held: Held<HomeContent>; onSaved: () => void }) {
  const { t } = useTranslation();
  const [loaded] = useState(() => draftOf(content));
  const [draft, setDraft] = useState<Draft>(loaded);
  const { v, faq } = draft;
  // The draft itself by its updater (a photo's upload lands after what was typed meanwhile);
  // whether it differs from what was loaded, by the draft this render shows.
  const edit = (change: (d: Draft) => Draft) => {
    setDraft(change);
    held.edited(!sameValues(change(draft), loaded));
  };
  const setFaq = (change: (list: Faq[]) => Faq[]) => edit((d) => ({ ...d, faq: change(d.faq) }));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const save = useSaveSite();
  const formRef = useRef<HTMLFormElement>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const revealFirstError = useRevealFirstError(formRef, messageRef);
  const set = (key: keyof Draft['v'], value: unknown) => edit((d) => ({ ...d, v: { ...d.v, [key]: value } }));
  const body = useMemo(
    () => ({
      hero: { title: v.heroTitle, subtitle: v.heroSubtitle, image: v.heroImage },
      whatsapp: v.whatsapp,
      full_day_ride: {
        title: v.rideTitle,
        description: v.rideDescription,
        hours: v.rideHours === '' ? 0 : Number(v.rideHours),
        price: v.ridePrice === '' ? null : v.ridePrice,
        program_id: v.rideProgram || '00000000-0000-0000-0000-000000000000',
      },
      about: v.about,
      contact: { phone: v.contactPhone, email: v.contactEmail, address: v.contactAddress },
      terms: v.terms,
      privacy: v.privacy,
      faq,
    }),
    [v, faq],
  );
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    save.mutateAsync({ kind: 'home', version, values: body }).then(() => {
      held.saved();
      onSaved();
    }, (error: unknown) => {
      setErrors(isApiError(error) ? error.errors : {});
      revealFirstError();
    });
  };
  const text2 = (name: string, value: Bilingual, onChange: (v: unknown) => void, area = false, required = false, label?: string) => (
    <BilingualField spec={{ name, kind: area ? 'textarea2' : 'text2', required, label }} value={value} errors={errors} onChange={onChange} area={area} />
  );
  return (
    <>
      <PageHeader title={t('adminCatalogue.homeTitle')} lead={t('adminCatalogue.homeLead')} />
      <form ref={formRef} className="form stack admin-record" noValidate onSubmit={submit}>
        {held.newer ? <NewerVersionNotice onReload={held.reload} /> : null}
        {save.isError ? <p ref={messageRef} className="form__message form__message--error" role="alert" tabIndex={-1}>{isApiError(save.error) ? save.error.message : t('adminCatalogue.saveFailed')}</p> : null}
        <h2 className="section-title">{t('adminCatalogue.heroSection')}</h2>
        {text2('hero.title', v.heroTitle, (x: unknown) => set('heroTitle', x), false, true)}
        {text2('hero.subtitle', v.heroSubtitle, (x: unknown) => set('heroSubtitle', x), true)}
        <RecordField spec={{ name: 'hero.image', kind: 'photo' }} value={v.heroImage} errors={errors} onChange={(x: unknown) => set('heroImage', x)} />
        <InputField label={t('adminCatalogue.fields.whatsapp')} dir="ltr" value={v.whatsapp} error={errors.whatsapp?.[0]} onChange={(e) => set('whatsapp', e.target.value)} />
        <h2 className="section-title">{t('adminCatalogue.rideSection')}</h2>
        {text2('full_day_ride.title', v.rideTitle, (x: unknown) => set('rideTitle', x))}
        {text2('full_day_ride.description', v.rideDescription, (x: unknown) => set('rideDescription', x), true)}
        <RecordField spec={{ name: 'full_day_ride.hours', kind: 'number', min: 0, max: 24, step: 1 }} value={v.rideHours} errors={errors} onChange={(x) => set('rideHours', asString(x))} />
        <RecordField spec={{ name: 'full_day_ride.price', kind: 'money' }} value={v.ridePrice} errors={errors} onChange={(x) => set('ridePrice', asString(x))} />
        <RecordField spec={{ name: 'full_day_ride.program_id', kind: 'program' }} value={v.rideProgram} errors={errors} onChange={(x: unknown) => set('rideProgram', x)} />
        <h2 className="section-title">{t('adminCatalogue.faqSection')}</h2>
        {faq.map((item, index) => (
          <fieldset key={index} className="card card--plain stack">
            <legend className="field__label">{t('adminCatalogue.faqItem', { n: index + 1 })}</legend>
            {text2(`faq.${index}.question`, item.question, (q) => setFaq((list) => list.map((x, i) => (i === index ? { ...x, question: asText(q) } : x))), false, true, t('adminCatalogue.fields.faqQuestion'))}
            {text2(`faq.${index}.answer`, item.answer, (a) => setFaq((list) => list.map((x, i) => (i === index ? { ...x, answer: asText(a) } : x))), true, true, t('adminCatalogue.fields.faqAnswer'))}
            <Button type="button" size="sm" variant="ghost" onClick={() => setFaq((list) => list.filter((_, i) => i !== index))}>
              {t('adminCatalogue.remove')}
            </Button>
          </fieldset>
        ))}
        <Button type="button" variant="secondary" onClick={() => setFaq((list) => [...list, { question: { en: '', ar: '' }, answer: { en: '', ar: '' } }])}>
          {t('adminCatalogue.addFaq')}
        </Button>
        <h2 className="section-title">{t('adminCatalogue.pagesSection')}</h2>
        {text2('about', v.about, (x: unknown) => set('about', x), true)}
        <InputField label={t('adminCatalogue.fields.contact.phone')} dir="ltr" value={v.contactPhone} error={errors['contact.phone']?.[0]} onChange={(e) => set('contactPhone', e.target.value)} />
        <InputField label={t('adminCatalogue.fields.contact.email')} dir="ltr" type="email" value={v.contactEmail} error={errors['contact.email']?.[0]} onChange={(e) => set('contactEmail', e.target.value)} />
        {text2('contact.address', v.contactAddress, (x: unknown) => set('contactAddress', x))}
        {text2('terms', v.terms, (x: unknown) => set('terms', x), true)}
        {text2('privacy', v.privacy, (x: unknown) => set('privacy', x), true)}
        <div className="button-row">
          <Button type="submit" loading={save.isPending}>{t('adminCatalogue.save')}</Button>
        </div>
      </form>
      <HistoryPanel path="/api/admin/home/history" references={{ 'full_day_ride.program_id': '/api/admin/programs' }} />
    </>
  );
}
