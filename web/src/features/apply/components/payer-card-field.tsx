import type { CardView } from '@shared/contract/verification';
import { Button } from '@web/components/ui/button';
import { SelectField } from '@web/components/ui/field';
import { paths } from '@web/config/paths';
import { useTranslation } from '@web/lib/i18n';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { fetchMyCards } from '../api/apply-api';

/**
 * The card a card payment comes from (docs/product.md "Cards and verification"): the client's
 * cards are read when they ask to choose one; a direction that asks for a verified card makes the
 * application wait for the card's verification, which the order page links to.
 */
export function PayerCardField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (cardId: string) => void;
  error?: string | null;
}) {
  const { t } = useTranslation('forms');
  const [cards, setCards] = useState<CardView[] | null>(null);
  const [failed, setFailed] = useState(false);
  const load = () =>
    fetchMyCards().then(
      (loaded) => {
        setCards(loaded);
        if (loaded.length === 1 && loaded[0]) onChange(loaded[0].id);
      },
      () => setFailed(true),
    );
  if (cards === null) {
    return (
      <div className="field">
        <Button type="button" variant="secondary" size="sm" onClick={() => void load()}>
          {t('apply.payerCard.choose')}
        </Button>
        {failed && <p className="field__error">{t('apply.payerCard.loadFailed')}</p>}
        {error && <p className="field__error">{error}</p>}
      </div>
    );
  }
  if (cards.length === 0) {
    return (
      <p className="muted">
        {t('apply.payerCard.none')} <Link to={paths.verification}>{t('apply.payerCard.add')}</Link>
      </p>
    );
  }
  return (
    <SelectField
      label={t('apply.payerCard.label')}
      placeholder={t('apply.payerCard.placeholder')}
      value={value}
      error={error}
      hint={t('apply.payerCard.hint')}
      options={cards.map((card) => ({
        value: card.id,
        label: `${card.bank} •••• ${card.last4} (${t(`apply.payerCard.status.${card.status}`)})`,
      }))}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
