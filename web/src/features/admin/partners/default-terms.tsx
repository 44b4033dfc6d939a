import { type AdminPartnersData, defaultPartnerTermsBodySchema } from '@shared/contract/partners';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/i18n';
import { fieldErrorTexts, refusalText } from '@web/lib/refusal-text';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { adminHref } from '../lib/admin-paths';
import { notify } from '../lib/notify';
import { DirectionTermsRows } from './direction-terms-rows';
import { usePartnerTexts } from './partner-texts';
import { partnersApi } from './partners-api';
import { checkBody, directionRow, directionTermsOf, type Problems } from './terms-draft';

type Defaults = AdminPartnersData['defaults'];

interface DefaultTermsProps {
  defaults: Defaults;
  directions: readonly string[];
  /** Whether the staff member may change them (the route's access). */
  editable: boolean;
  onSaved: (defaults: Defaults) => void;
}

/**
 * The terms of partners without their own (docs/product.md "Partners"): for all directions the
 * settings' shares, shown here and changed on the settings page; for some directions their own,
 * edited here.
 */
export function DefaultTerms({ defaults, directions, editable, onSaved }: DefaultTermsProps) {
  const { t } = useTranslation('admin');
  const texts = usePartnerTexts();
  const [rows, setRows] = useState(() => defaults.directions.map((terms) => directionRow(terms)));
  const [problems, setProblems] = useState<Problems>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkBody(defaultPartnerTermsBodySchema, { directionTerms: directionTermsOf(rows) });
    setGeneral(null);
    setProblems(checked.problems ?? {});
    if (!checked.data) return;
    setSaving(true);
    try {
      onSaved(await partnersApi.setDefaults(checked.data.directionTerms));
      notify.success(t('partners.defaults.saved'));
    } catch (error) {
      const fields = fieldErrorTexts(error);
      setProblems(fields);
      if (Object.keys(fields).length === 0) setGeneral(refusalText(error, t('common.updateFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card stack" aria-labelledby="partners-defaults-title">
      <h2 className="panel-title" id="partners-defaults-title">
        {t('partners.defaults.title')}
      </h2>
      <p className="muted">{t('partners.defaults.lead')}</p>
      <p>
        {t('partners.defaults.all', { share: texts.share(defaults.all) })}{' '}
        <Link to={adminHref('settings')}>{t('partners.defaults.settings')}</Link>
      </p>
      {editable ? (
        <form className="stack" onSubmit={submit} noValidate>
          {general && <Alert tone="danger">{general}</Alert>}
          <DirectionTermsRows
            legend={t('partners.defaults.directions')}
            rows={rows}
            directions={directions}
            problems={problems}
            onChange={setRows}
          />
          <div>
            <Button type="submit" loading={saving}>
              {t('partners.defaults.save')}
            </Button>
          </div>
        </form>
      ) : (
        <ul>
          {defaults.directions.map((terms) => (
            <li key={terms.direction}>
              {texts.directionName(terms.direction)}: {texts.share(terms)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
