import type { Language } from '@shared/enums';
import { LANGUAGES } from '@web/config/entry-values';
import { changeLanguage, useTranslation } from '@web/lib/i18n';

/** RU/EN toggle; the choice is stored under the `language` key by the detector's cache. */
export function LanguageSwitcher() {
  const { t, language } = useTranslation('common');
  return (
    <fieldset className="lang-switch">
      <legend className="visually-hidden">{t('language.label')}</legend>
      {LANGUAGES.map((code: Language) => (
        <button
          key={code}
          type="button"
          className="lang-switch__option"
          aria-pressed={language === code}
          lang={code}
          title={t(`language.names.${code}`)}
          onClick={() => {
            if (language !== code) void changeLanguage(code);
          }}
        >
          {code.toUpperCase()}
        </button>
      ))}
    </fieldset>
  );
}
