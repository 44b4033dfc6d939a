import { mayCall } from '@shared/admin-sections';
import {
  PAYMENT_TEMPLATE_KINDS,
  type PaymentTemplateKind,
  type PaymentTemplateView,
} from '@shared/contract/payment-templates';
import type { GeoTree } from '@shared/geo';
import { adminListLedgerAccounts } from '@shared/routes/ledger';
import { adminCreatePaymentTemplate } from '@shared/routes/payment-templates';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import type { SelectGroup } from '@web/components/ui/field';
import { ApiError } from '@web/lib/api-client';
import { fetchGeoTree } from '@web/lib/exchange-api';
import { geoKeyName } from '@web/lib/geo-names';
import { useTranslation } from '@web/lib/i18n';
import { refusalText } from '@web/lib/refusal-text';
import { useResource } from '@web/lib/use-resource';
import { useMemo, useState } from 'react';
import { adminApi } from '../api/admin-api';
import { PencilIcon, TrashIcon } from '../components/admin-icons';
import { ConfirmDialog } from '../components/confirm-dialog';
import { Loaded } from '../components/load-state';
import { PAGE_TITLE_ID, PageHeader } from '../components/page-header';
import { useStaff } from '../components/staff-context';
import { ledgerApi } from '../ledger/ledger-api';
import { notify } from '../lib/notify';
import { ChainReview } from './chain-review';
import { TemplateModal } from './template-modal';
import { AvailabilityBadge, TemplateBody, TemplateFor, TemplateUse } from './template-summary';
import './payment-templates.css';
import { accountNameIn } from '@shared/ledger';

type Language = 'ru' | 'en';

/** The fiat currencies the rates know (a card template's), alphabetically; USDT has its own kind. */
export function fiatCurrencies(codes: string[]): string[] {
  return codes.filter((code) => /^[A-Z]{3}$/.test(code)).sort();
}

/** The cities of the tree by country ("Spain": Madrid, Barcelona), names in the UI language. */
function cityGroups(tree: GeoTree, language: Language): SelectGroup[] {
  const name = (node: { names: Record<Language, string>; defaultName: string }) =>
    node.names[language] || node.defaultName;
  const byName = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label, language);
  return tree
    .flatMap((continent) => continent.countries)
    .map((country) => ({
      label: name(country),
      options: country.cities.map((city) => ({ value: city.key, label: name(city) })).sort(byName),
    }))
    .filter((group) => group.options.length > 0)
    .sort(byName);
}

/**
 * The payment gateways page (docs/operations.md "Payment templates"): the templates staff start an
 * application's payment instructions from, grouped by kind (card details per currency, offices per
 * city, USDT addresses), each created and edited in the template modal and deleted after a
 * confirmation. A template a deal under way uses is marked, and the server refuses its delete
 * (TemplateInUse), worded by its code. The currencies come from the rates, the cities from the tree.
 * A MANAGER (on shift, resolving the review list below) reads the templates; their writes, and the
 * rates the form needs, are an ADMIN's as on the server (shared/admin-sections.ts).
 */
export function PaymentTemplatesPage() {
  const { t, language } = useTranslation('admin');
  const staff = useStaff();
  const edits = mayCall(staff.role, adminCreatePaymentTemplate);
  const templates = useResource((signal) => adminApi.paymentTemplates(signal), []);
  const rates = useResource(edits ? (signal) => adminApi.rates(signal) : null, [edits]);
  const geo = useResource((signal) => fetchGeoTree(signal), []);
  const readsBooks = mayCall(staff.role, adminListLedgerAccounts);
  const books = useResource(readsBooks ? (signal) => ledgerApi.accounts(signal) : null, [readsBooks]);
  const [editing, setEditing] = useState<PaymentTemplateView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PaymentTemplateView | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Without the rates or the tree the choices are empty (an edited template keeps its own).
  const currencies = rates.data
    ? fiatCurrencies(rates.data.currencies.map((currency) => currency.code))
    : rates.error
      ? []
      : null;
  const cities = useMemo(
    () => (geo.data ? cityGroups(geo.data, language) : geo.error ? [] : null),
    [geo.data, geo.error, language],
  );
  const cityNames = useMemo(
    () => new Map((cities ?? []).flatMap((group) => group.options.map((city) => [city.value, city.label]))),
    [cities],
  );
  const cityName = (key: string) => cityNames.get(key) ?? geoKeyName(key);
  const offices = useMemo(
    () => books.data?.accounts.filter((account) => account.side === 'office'),
    [books.data],
  );
  // Without the books the form offers no account (an edited template keeps its own).
  const accounts = offices ?? (books.error || !readsBooks ? [] : null);
  const accountNames = useMemo(
    () => new Map((offices ?? []).map((account) => [account.id, accountNameIn(account, language)])),
    [offices, language],
  );
  // Once the books have answered or failed, an account they do not name reads as its id, so a
  // template booked on an account never reads as booked on none.
  const accountName = (id: string | null) =>
    id === null || accounts === null ? null : (accountNames.get(id) ?? id);

  const saved = (template: PaymentTemplateView) => {
    templates.setData((list) => {
      const current = list ?? [];
      return current.some((item) => item.id === template.id)
        ? current.map((item) => (item.id === template.id ? template : item))
        : [...current, template];
    });
    setEditing(null);
  };

  const askDelete = (template: PaymentTemplateView) => {
    setDeleteError(null);
    setDeleting(template);
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    setDeleteError(null);
    try {
      await adminApi.deletePaymentTemplate(deleting.id);
      templates.setData((list) => list?.filter((item) => item.id !== deleting.id));
      notify.success(t('payments.deleted', { label: deleting.label }));
      setDeleting(null);
    } catch (error) {
      setDeleteError(refusalText(error, t('payments.deleteFailed')));
      // The server knows better than the list: mark what it says is in use, drop what is gone.
      const code = error instanceof ApiError ? error.code : null;
      if (code === 'TemplateInUse') {
        templates.setData((list) =>
          list?.map((item) => (item.id === deleting.id ? { ...item, inUse: true } : item)),
        );
      }
      if (code === 'PaymentTemplateNotFound') {
        templates.setData((list) => list?.filter((item) => item.id !== deleting.id));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="admin-page payment-templates" aria-labelledby={PAGE_TITLE_ID}>
      <PageHeader title={t('payments.title')}>
        {edits && <Button onClick={() => setEditing('new')}>{t('payments.add')}</Button>}
      </PageHeader>
      <p className="muted admin-page__lead">{t('payments.intro')}</p>
      <Loaded resource={templates} errorTitle={t('payments.loadError')}>
        {(list) => (
          <div className="template-groups">
            {PAYMENT_TEMPLATE_KINDS.map((kind) => (
              <TemplateGroup
                key={kind}
                kind={kind}
                templates={list
                  .filter((template) => template.kind === kind)
                  .sort((a, b) => a.label.localeCompare(b.label, language))}
                cityName={cityName}
                accountName={accountName}
                actions={edits ? { onEdit: setEditing, onDelete: askDelete } : null}
              />
            ))}
          </div>
        )}
      </Loaded>
      <ChainReview />
      {editing && (
        <TemplateModal
          template={editing === 'new' ? undefined : editing}
          currencies={currencies}
          cities={cities}
          accounts={accounts}
          onClose={() => setEditing(null)}
          onSaved={saved}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('payments.deleteTitle')}
        confirmLabel={t('payments.deleteConfirm')}
        busy={busy}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {deleting && (
          <div className="stack">
            {deleteError && <Alert tone="danger">{deleteError}</Alert>}
            <p>{t('payments.deleteText', { label: deleting.label })}</p>
            {deleting.inUse && !deleteError && <Alert tone="warning">{t('payments.deleteInUse')}</Alert>}
            <p className="muted">{t('payments.issuedKeep')}</p>
          </div>
        )}
      </ConfirmDialog>
    </section>
  );
}

interface TemplateGroupProps {
  kind: PaymentTemplateKind;
  templates: PaymentTemplateView[];
  cityName: (key: string) => string;
  /** The name of the office account a template's money is booked on; null for none (or not known yet). */
  accountName: (id: string | null) => string | null;
  /** Edit and delete, for staff who may (null: the list read-only). */
  actions: {
    onEdit: (template: PaymentTemplateView) => void;
    onDelete: (template: PaymentTemplateView) => void;
  } | null;
}

/** One kind's templates, under the kind's heading and what it is for. */
function TemplateGroup({ kind, templates, cityName, accountName, actions }: TemplateGroupProps) {
  const { t } = useTranslation('admin');
  const headingId = `templates-${kind}`;
  return (
    <section className="template-group" aria-labelledby={headingId}>
      <h2 className="template-group__title" id={headingId}>
        {t(`payments.groups.${kind}`)} <span className="muted">({templates.length})</span>
      </h2>
      <p className="muted template-group__hint">{t(`payments.groupHints.${kind}`)}</p>
      {templates.length === 0 ? (
        <p className="muted template-group__empty">{t('payments.none')}</p>
      ) : (
        <ul className="template-list">
          {templates.map((template) => (
            <li key={template.id} className="card template-item" aria-label={template.label}>
              <div className="template-item__head">
                <h3 className="template-item__label">{template.label}</h3>
                {template.kind !== 'office' && <AvailabilityBadge availability={template.availability} />}
                {template.inUse && <span className="badge badge--info">{t('payments.inUse')}</span>}
              </div>
              <p className="muted template-item__for">
                <TemplateFor template={template} cityName={cityName} />
              </p>
              <TemplateBody template={template} />
              <TemplateAccount name={accountName(template.accountId)} />
              {template.kind !== 'office' && <TemplateUse template={template} />}
              {actions && (
                <div className="template-item__actions">
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={t('payments.editOf', { label: template.label })}
                    onClick={() => actions.onEdit(template)}
                  >
                    <PencilIcon />
                    {t('payments.edit')}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t('payments.deleteOf', { label: template.label })}
                    onClick={() => actions.onDelete(template)}
                  >
                    <TrashIcon />
                    {t('payments.delete')}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The office account a template's money is booked on; nothing for the asset's own. */
function TemplateAccount({ name }: { name: string | null }) {
  const { t } = useTranslation('admin');
  if (name === null) return null;
  return (
    <p className="template-item__account">
      <span className="muted">{t('payments.account')}: </span>
      {name}
    </p>
  );
}
