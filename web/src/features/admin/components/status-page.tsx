import { ButtonLink } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/i18n';
import { adminHref } from '../lib/admin-paths';
import { PAGE_TITLE_ID } from './page-header';

/** An admin URL that is not one of the sub-pages, or one the staff member's role cannot open. */
export function AdminStatusPage({ kind }: { kind: 'notFound' | 'forbidden' }) {
  const { t } = useTranslation('admin');
  return (
    <section className="admin-page" aria-labelledby={PAGE_TITLE_ID}>
      <div className="card admin-empty-state">
        <h1 id={PAGE_TITLE_ID}>{t(`${kind}.title`)}</h1>
        <p className="muted">{t(`${kind}.text`)}</p>
        <ButtonLink to={adminHref('dashboard')} variant="secondary">
          {t('statusPage.back')}
        </ButtonLink>
      </div>
    </section>
  );
}
