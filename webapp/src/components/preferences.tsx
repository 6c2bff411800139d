import { useTranslation } from 'react-i18next';

import { CURRENCIES, LANGUAGES, type Language } from '@/config/constants';
import { useCurrencyStore } from '@/stores/currency-store';
import { useLocaleStore } from '@/stores/locale-store';
import { cx } from '@/utils/cx';

import { Icon } from './ui/icon';

const NATIVE_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية' };

export function LanguageChoices({ onChosen }: { onChosen?: () => void }) {
  const { t } = useTranslation();
  const language = useLocaleStore((state) => state.language);
  const setLanguage = useLocaleStore((state) => state.setLanguage);
  return (
    <fieldset className="choice-group">
      <legend className="choice-group__legend">{t('preferences.language')}</legend>
      {LANGUAGES.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          className={cx('choice', code === language && 'choice--active')}
          aria-pressed={code === language}
          onClick={() => {
            setLanguage(code);
            onChosen?.();
          }}
        >
          <span>{NATIVE_NAMES[code]}</span>
          {code === language ? <Icon name="check" size={18} /> : null}
        </button>
      ))}
    </fieldset>
  );
}

export function CurrencyChoices() {
  const { t } = useTranslation();
  const currency = useCurrencyStore((state) => state.currency);
  const setCurrency = useCurrencyStore((state) => state.setCurrency);
  return (
    <fieldset className="choice-group choice-group--row">
      <legend className="choice-group__legend">{t('preferences.currency')}</legend>
      {CURRENCIES.map((code) => (
        <button
          key={code}
          type="button"
          className={cx('choice', 'choice--pill', code === currency && 'choice--active')}
          aria-pressed={code === currency}
          onClick={() => setCurrency(code)}
          title={t(`currencies.${code}`)}
        >
          {code}
        </button>
      ))}
    </fieldset>
  );
}
