import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';

/**
 * Said at the top of an editor whose operator has changes while a newer version was saved: what
 * they typed stays, their save will be refused (it is sent at the version they loaded), and a
 * button loads the newer version in place of what they typed.
 */
export function NewerVersionNotice({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="form__message admin-notice stack" role="alert" data-testid="newer-version">
      <p>{t('adminCatalogue.newerVersion.text')}</p>
      <div className="button-row">
        <Button type="button" size="sm" variant="secondary" onClick={onReload}>
          {t('adminCatalogue.newerVersion.reload')}
        </Button>
      </div>
    </div>
  );
}
