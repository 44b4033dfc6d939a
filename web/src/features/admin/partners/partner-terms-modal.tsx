import { type AdminPartnerView, partnerTermsBodySchema } from '@shared/contract/partners';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Checkbox, TextAreaField, TextField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { useTranslation } from '@web/lib/i18n';
import { fieldErrorTexts, refusalText } from '@web/lib/refusal-text';
import { type FormEvent, useState } from 'react';
import { notify } from '../lib/notify';
import { DirectionTermsRows } from './direction-terms-rows';
import { partnersApi } from './partners-api';
import { checkBody, directionRow, directionTermsOf, type Problems, percentInput } from './terms-draft';

interface PartnerTermsModalProps {
  partner: AdminPartnerView;
  directions: readonly string[];
  onClose: () => void;
  onSaved: (partner: AdminPartnerView) => void;
}

/** The hosts typed one a line, blank lines left out. */
const hostsOf = (text: string) =>
  text
    .split('\n')
    .map((host) => host.trim())
    .filter(Boolean);

/**
 * A partner's terms (docs/product.md "Partners"): for all directions their own or the defaults',
 * their own for some directions, and the monitors' sites whose visitors count as theirs. Checked by
 * the server's schema before it is sent; what the server refuses shows at its field.
 */
export function PartnerTermsModal({ partner, directions, onClose, onSaved }: PartnerTermsModalProps) {
  const { t } = useTranslation('admin');
  const [useDefaults, setUseDefaults] = useState(partner.terms === null);
  const [profit, setProfit] = useState(partner.terms ? String(partner.terms.profitPercent) : '');
  const [volume, setVolume] = useState(partner.terms ? String(partner.terms.volumePercent) : '');
  const [rows, setRows] = useState(() => partner.directionTerms.map((terms) => directionRow(terms)));
  const [hosts, setHosts] = useState(partner.monitorHosts.join('\n'));
  const [problems, setProblems] = useState<Problems>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typedHosts = hostsOf(hosts);
    const checked = checkBody(partnerTermsBodySchema, {
      terms: useDefaults
        ? null
        : { profitPercent: percentInput(profit), volumePercent: percentInput(volume) },
      directionTerms: directionTermsOf(rows),
      monitorHosts: typedHosts,
    });
    setGeneral(null);
    setProblems(checked.problems ?? {});
    if (!checked.data) return;
    setSaving(true);
    try {
      const saved = await partnersApi.setTerms(partner.userId, checked.data);
      notify.success(t('partners.edit.saved'));
      onSaved(saved);
    } catch (error) {
      const fields = fieldErrorTexts(error);
      setProblems(fields);
      if (Object.keys(fields).length === 0) setGeneral(refusalText(error, t('common.updateFailed')));
    } finally {
      setSaving(false);
    }
  };

  // A host's problem is under `monitorHosts.N`: said with the host it is about.
  const hostProblem =
    problems.monitorHosts ??
    Object.entries(problems)
      .filter(([path]) => path.startsWith('monitorHosts.'))
      .map(([path, text]) => `${hostsOf(hosts)[Number(path.split('.')[1])] ?? ''}: ${text}`)[0];

  return (
    <Modal open title={t('partners.edit.title', { name: partner.email ?? partner.userId })} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        {general && <Alert tone="danger">{general}</Alert>}
        <fieldset className="partner-terms-all">
          <legend>{t('partners.edit.all')}</legend>
          <Checkbox
            label={t('partners.edit.useDefaults')}
            checked={useDefaults}
            onChange={(event) => setUseDefaults(event.target.checked)}
          />
          {!useDefaults && (
            <div className="partner-terms-row">
              <TextField
                label={t('partners.terms.profit')}
                inputMode="decimal"
                autoComplete="off"
                value={profit}
                error={problems['terms.profitPercent']}
                onChange={(event) => setProfit(event.target.value)}
              />
              <TextField
                label={t('partners.terms.volume')}
                inputMode="decimal"
                autoComplete="off"
                value={volume}
                error={problems['terms.volumePercent']}
                onChange={(event) => setVolume(event.target.value)}
              />
            </div>
          )}
        </fieldset>
        <DirectionTermsRows
          legend={t('partners.edit.directions')}
          rows={rows}
          directions={directions}
          problems={problems}
          onChange={setRows}
        />
        <TextAreaField
          label={t('partners.edit.monitors')}
          hint={t('partners.edit.monitorsHint')}
          rows={3}
          autoComplete="off"
          spellCheck={false}
          value={hosts}
          error={hostProblem}
          onChange={(event) => setHosts(event.target.value)}
        />
        <div className="modal__footer">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
