import './admin-catalogue.css';

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';

import { Button, ButtonLink } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { InputField, SelectField } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { TableWrap } from '@/components/ui/table-wrap';
import { ADMIN_SECTIONS, type AdminSectionKey } from '@/config/paths';
import type { Language } from '@/config/constants';
import { useLanguage } from '@/hooks/use-language';
import { failureMessage } from '@/lib/server-errors';
import { formatCalendarDate, formatMoney } from '@/utils/format';

import { programsUsing, useArchiveRecord, type ProgramUsing } from '../api/archive-record';
import { useRecords, type AdminRecord, type ListQuery } from '../api/list-records';
import { KINDS, SORTS, STATUSES, type ColumnKind, type ColumnSpec, type Sort, type Status } from '../kinds';
import { savedFrom } from '../saved';
import { asPounds, asString, asText, formatBasisPoints } from '../values';

const PER_PAGE = 20;

interface Notice {
  text: string;
  /** The programs that still visit a destination just archived. */
  programs: ProgramUsing[];
}

/** What archiving or restoring said: the server's words, and the programs that still use the record, each a link to it. */
function ArchiveNotice({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const programs = ADMIN_SECTIONS.find((s) => s.key === 'program');
  return (
    <div className="form__message admin-notice" role="status" data-testid="archive-notice">
      <p>{notice.text}</p>
      {notice.programs.length > 0 ? (
        <>
          <p>{t('adminCatalogue.usedByPrograms', { count: notice.programs.length })}</p>
          <ul className="admin-notice__list" data-testid="archive-used-by">
            {notice.programs.map((p) => (
              <li key={p.id}>
                {programs ? (
                  <Link to={`${programs.path}/create?id=${encodeURIComponent(p.id)}`}>
                    <bdi>{p.name}</bdi>
                  </Link>
                ) : (
                  <bdi>{p.name}</bdi>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

function Cell({ record, name, kind }: { record: AdminRecord; name: string; kind: ColumnKind }) {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  const v = record[name];
  switch (kind) {
    case 'choice':
      return <span>{typeof v === 'string' && v ? t(`adminCatalogue.choices.${name}.${v}`, { defaultValue: v }) : '—'}</span>;
    case 'date':
      return typeof v === 'string' && v ? <time dateTime={v}>{formatCalendarDate(v, language)}</time> : <span>—</span>;
    case 'discount':
      if (record.kind === 'amount') return <span>{pounds(record.amount, language)}</span>;
      return <span>{typeof v === 'number' ? formatBasisPoints(v, language) : '—'}</span>;
    case 'text2': {
      const text = asText(v);
      return <span dir="auto">{(i18n.language === 'ar' && text.ar) || text.en}</span>;
    }
    case 'number':
      // A count or an order in the page's own digits (one numeral system per language).
      return <span>{typeof v === 'number' || (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) ? Number(v).toLocaleString(language === 'ar' ? 'ar-EG' : 'en-GB') : asString(v) || '—'}</span>;
    case 'money':
      return <span>{pounds(v, language)}</span>;
    case 'bool':
      return <span>{v === true ? t('adminCatalogue.yes') : t('adminCatalogue.no')}</span>;
    default:
      return <span dir="auto">{asString(v) || '—'}</span>;
  }
}

/** A catalogue section's list: search, archive filter, sort, paging, and archive/restore per row. */
export function RecordsList({ section }: { section: AdminSectionKey }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const kind = KINDS[section];
  const meta = ADMIN_SECTIONS.find((s) => s.key === section);
  const [query, setQuery] = useState<ListQuery>({ q: '', sort: 'order', desc: false, status: 'active', page: 1, perPage: PER_PAGE });
  const [search, setSearch] = useState('');
  const location = useLocation();
  const navigate = useNavigate();
  // A save returns here with what it saved: said once, then dropped from the history entry so a reload
  // or a step back does not say it again.
  const [notice, setNotice] = useState<Notice | undefined>(() => {
    const saved = savedFrom(location.state);
    if (!saved) return undefined;
    const text = saved.name ? t(saved.created ? 'adminCatalogue.createdNamed' : 'adminCatalogue.savedNamed', { name: saved.name }) : t('adminCatalogue.saved');
    return { text, programs: [] };
  });
  useEffect(() => {
    if (savedFrom(location.state)) void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location, navigate]);
  // The record whose archiving waits for the operator's yes.
  const [asking, setAsking] = useState<AdminRecord | null>(null);
  const records = useRecords(kind.endpoint, query);
  const archive = useArchiveRecord();
  const editPath = (id: string) => (meta?.edit ? `${meta.path}/edit?id=${encodeURIComponent(id)}` : `${meta?.path ?? ''}/create?id=${encodeURIComponent(id)}`);
  const plural = t(`admin.sections.${section}.plural`);
  const heading = (column: ColumnSpec) => t(`adminCatalogue.fields.${column.labelKey ?? column.name}`);
  const pages = records.data ? Math.max(1, Math.ceil(records.data.total / PER_PAGE)) : 1;

  const toggleArchive = (record: AdminRecord) => {
    const restore = record.archived;
    archive.mutate(
      { endpoint: kind.endpoint, id: record.id, restore },
      {
        onSuccess: (res) => {
          setAsking(null);
          setNotice({ text: res.message || (restore ? t('adminCatalogue.restored') : t('adminCatalogue.archived')), programs: programsUsing(res, language) });
        },
        onError: (error) => {
          setAsking(null);
          setNotice({ text: failureMessage(error, t('adminCatalogue.saveFailed')), programs: [] });
        },
      },
    );
  };

  return (
    <>
      <PageHeader
        title={plural}
        lead={t(`admin.sections.${section}.lead`)}
        actions={
          meta ? (
            <ButtonLink to={`${meta.path}/create`} icon={<Icon name="plus" size={18} />}>
              {t(`admin.sections.${section}.new`)}
            </ButtonLink>
          ) : undefined
        }
      />
      <form
        className="form admin-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery((q) => ({ ...q, q: search, page: 1 }));
        }}
      >
        <InputField label={t('adminCatalogue.search')} type="search" name="q" value={search} onChange={(e) => setSearch(e.target.value)} />
        <SelectField
          label={t('adminCatalogue.status')}
          name="status"
          value={query.status}
          options={STATUSES.map((s) => ({ value: s, label: t(`adminCatalogue.statuses.${s}`) }))}
          onChange={(e) => setQuery((q) => ({ ...q, status: e.target.value as Status, page: 1 }))}
        />
        <SelectField
          label={t('adminCatalogue.sort')}
          name="sort"
          value={query.sort}
          options={SORTS.map((s) => ({ value: s, label: t(`adminCatalogue.sorts.${s}`) }))}
          onChange={(e) => setQuery((q) => ({ ...q, sort: e.target.value as Sort, page: 1 }))}
        />
        <Button type="button" variant="ghost" onClick={() => setQuery((q) => ({ ...q, desc: !q.desc }))} aria-pressed={query.desc}>
          {query.desc ? t('adminCatalogue.descending') : t('adminCatalogue.ascending')}
        </Button>
        <Button type="submit">{t('adminCatalogue.searchAction')}</Button>
      </form>
      {notice ? <ArchiveNotice notice={notice} /> : null}
      {records.isPending ? <Spinner label={t('common.loading')} /> : null}
      {records.isError ? <ErrorState onRetry={() => void records.refetch()} /> : null}
      {records.data && records.data.data.length === 0 ? <EmptyState compact icon="compass" title={t('admin.emptyTitle', { items: plural })} /> : null}
      {records.data && records.data.data.length > 0 ? (
        // On a narrow screen (a phone) each row is a card, its cells labelled, its actions at its foot:
        // a table scrolled sideways hid Edit and Archive past its edge (.table-cards, styles/index.css).
        <div className="table-cards">
          <TableWrap label={plural}>
            <table className="table">
              <caption className="visually-hidden">{plural}</caption>
              <thead>
                <tr>
                  {kind.columns.map((c) => (
                    <th key={c.name} scope="col">
                      {t(`adminCatalogue.fields.${c.labelKey ?? c.name}`)}
                    </th>
                  ))}
                  <th scope="col">{t('adminCatalogue.actionsTitle')}</th>
                </tr>
              </thead>
              <tbody>
                {records.data.data.map((record) => (
                  <tr key={record.id} className={record.archived ? 'muted' : undefined}>
                    {kind.columns.map((c, index) => (
                      <td key={c.name} data-label={heading(c)}>
                        {index === 0 ? (
                          <Link to={editPath(record.id)}>
                            <Cell record={record} name={c.name} kind={c.kind} />
                          </Link>
                        ) : c.ltr ? (
                          <bdi dir="ltr">
                            <Cell record={record} name={c.name} kind={c.kind} />
                          </bdi>
                        ) : (
                          <Cell record={record} name={c.name} kind={c.kind} />
                        )}
                      </td>
                    ))}
                    <td className="table__actions">
                      <Link className="btn btn--ghost btn--sm" to={editPath(record.id)}>
                        {t('adminCatalogue.edit')}
                      </Link>
                      <Button size="sm" variant={record.archived ? 'secondary' : 'danger'} type="button" onClick={() => (record.archived ? toggleArchive(record) : setAsking(record))} disabled={archive.isPending}>
                        {record.archived ? t('adminCatalogue.restore') : t('adminCatalogue.archive')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        </div>
      ) : null}
      {records.data ? (
        <nav className="pager" aria-label={t('adminCatalogue.pages')}>
          <Button size="sm" variant="ghost" type="button" disabled={query.page <= 1} onClick={() => setQuery((q) => ({ ...q, page: q.page - 1 }))}>
            {t('adminCatalogue.previous')}
          </Button>
          <span className="muted small">{t('adminCatalogue.pageOf', { page: query.page, pages, total: records.data.total })}</span>
          <Button size="sm" variant="ghost" type="button" disabled={query.page >= pages} onClick={() => setQuery((q) => ({ ...q, page: q.page + 1 }))}>
            {t('adminCatalogue.next')}
          </Button>
        </nav>
      ) : null}
      {/* Archiving hides the record from visitors: asked first. Restoring is not. */}
      <ConfirmDialog
        open={asking !== null}
        title={t('adminCatalogue.confirmArchiveTitle')}
        confirmLabel={t('adminCatalogue.archive')}
        cancelLabel={t('adminCatalogue.keep')}
        confirmVariant="danger"
        loading={archive.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => (asking ? toggleArchive(asking) : undefined)}
      >
        <p>{t('adminCatalogue.confirmArchive')}</p>
      </ConfirmDialog>
    </>
  );
}

/** An amount in pounds as the public pages write it, in the page's digits ("١٢٠ ج.م."); "—" when none. */
function pounds(v: unknown, language: Language): string {
  const text = asPounds(v);
  const amount = Number(text);
  return text !== '' && Number.isFinite(amount) ? formatMoney(amount, 'EGP', language) : text || '—';
}
