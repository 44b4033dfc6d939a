import { ButtonLink } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/i18n';
import { type AdminPageId, adminHref } from '../lib/admin-paths';
import { PAGE_TITLE_ID, PageHeader } from './page-header';

/** The placeholder sub-pages of docs/product.md §2: a clear "coming soon" page each. */
export function ComingSoonPage({ page }: { page: AdminPageId }) {
  const { t } = useTranslation('admin');
  return (
    <section className="admin-page" aria-labelledby={PAGE_TITLE_ID}>
      <PageHeader title={t(`nav.${page}`)} />
      <div className="card admin-empty-state">
        <p className="admin-empty-state__badge">{t('comingSoon.badge')}</p>
        <h2>{t('comingSoon.title')}</h2>
        <p className="muted">{t('comingSoon.text')}</p>
        <ButtonLink to={adminHref('dashboard')} variant="secondary">
          {t('comingSoon.back')}
        </ButtonLink>
      </div>
    </section>
  );
}

/** An admin URL that is not one of the sub-pages, or one the staff member's role cannot open. */
export function AdminStatusPage({ kind }: { kind: 'notFound' | 'forbidden' }) {
  const { t } = useTranslation('admin');
  return (
    <section className="admin-page" aria-labelledby={PAGE_TITLE_ID}>
      <div className="card admin-empty-state">
        <h1 id={PAGE_TITLE_ID}>{t(`${kind}.title`)}</h1>
        <p className="muted">{t(`${kind}.text`)}</p>
        <ButtonLink to={adminHref('dashboard')} variant="secondary">
          {t('comingSoon.back')}
        </ButtonLink>
      </div>
    </section>
  );
}
