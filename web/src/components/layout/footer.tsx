import { paths } from '@web/config/paths';
import { useTranslation } from '@web/lib/i18n';
import { Link } from 'react-router-dom';

export default function Footer() {
  const { t } = useTranslation('common');
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p className="site-footer__tagline">{t('footer.tagline')}</p>
        <nav aria-label={t('footer.linksNav')} className="site-footer__links">
          <Link to={paths.rates}>{t('footer.rates')}</Link>
          <Link to={paths.faq}>{t('footer.faq')}</Link>
          <Link to={paths.amlKyc}>{t('footer.amlKyc')}</Link>
          <Link to={paths.privacyPolicy}>{t('footer.privacy')}</Link>
          <Link to={paths.licenseAgreement}>{t('footer.terms')}</Link>
        </nav>
        <p className="site-footer__copy">{t('footer.copyright', { year })}</p>
      </div>
    </footer>
  );
}
