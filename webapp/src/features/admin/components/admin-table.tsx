import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { QueryView } from '@/components/ui/query-view';
import { EmptyState, SkeletonGrid } from '@/components/ui/states';
import { useLanguage } from '@/hooks/use-language';
import { formatNumber } from '@/utils/format';

import { useAdminList, type AdminRow } from '../api/get-admin-list';

function cell(value: unknown, language: 'en' | 'ar'): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') return formatNumber(value, language);
  if (typeof value === 'string' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && 'name' in value && typeof value.name === 'string') return value.name;
  return '—';
}

interface AdminTableProps {
  endpoint: string;
  columns: string[];
  caption: string;
  emptyTitle: string;
  editPath?: (row: AdminRow) => string;
}

export function AdminTable({ endpoint, columns, caption, emptyTitle, editPath }: AdminTableProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const list = useAdminList(endpoint);
  return (
    <QueryView
      query={list}
      loading={<SkeletonGrid count={5} variant="row" />}
      isEmpty={(rows) => rows.length === 0}
      empty={<EmptyState icon="grid" title={emptyTitle} description={t('admin.emptyText')} />}
    >
      {(rows) => (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {t(`admin.fields.${column}`)}
                  </th>
                ))}
                {editPath ? <th scope="col"><span className="visually-hidden">{t('admin.actions')}</span></th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  {columns.map((column, index) =>
                    index === 0 ? (
                      <th key={column} scope="row">{cell(row[column], language)}</th>
                    ) : (
                      <td key={column}>{cell(row[column], language)}</td>
                    ),
                  )}
                  {editPath ? (
                    <td className="table__actions">
                      <Link to={editPath(row)}>{t('admin.edit')}</Link>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </QueryView>
  );
}
