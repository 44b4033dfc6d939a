import type { TickerCoinChoice } from '@shared/constants';
import { Button } from '@web/components/ui/button';
import { SelectField } from '@web/components/ui/field';
import { useTranslation } from '@web/lib/i18n';
import { fieldErrorTexts } from '@web/lib/refusal-text';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { notify } from '../lib/notify';
import { siteContentApi } from './site-content-api';

interface TickerCardProps {
  /** The ticker's coins as saved, in order (empty: no ticker). */
  coins: TickerCoinChoice[];
  /** Every coin the ticker may show, in the order to offer them. */
  choices: TickerCoinChoice[];
}

type Action = 'up' | 'down' | 'remove';
/** Where the keyboard's focus goes after a change: a coin's button, or the select of coins to add. */
type FocusTarget = { coin: TickerCoinChoice; action: Action } | 'add' | null;

/** The first field error of the coins' list (`coins`, or one coin's `coins.2`). */
function coinsError(failure: unknown): string | null {
  const errors = fieldErrorTexts(failure);
  const key = Object.keys(errors).find((path) => path === 'coins' || path.startsWith('coins.'));
  return key ? errors[key]! : null;
}

/**
 * The landing page's price ticker (docs/product.md "Pages staff edit"): the coins it shows in their
 * order, each moved or removed, the other choices added, and the list saved at once (none: no
 * ticker). The keyboard's focus stays on the coin moved, and a hidden status says where it went.
 */
export function TickerCard({ coins: savedCoins, choices }: TickerCardProps) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  const hintId = useId();
  const errorId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLDivElement>(null);
  const focusNext = useRef<FocusTarget>(null);
  const [saved, setSaved] = useState(savedCoins);
  const [coins, setCoins] = useState(savedCoins);
  const [adding, setAdding] = useState<TickerCoinChoice | ''>('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [saving, setSaving] = useState(false);

  const nameOf = (coin: TickerCoinChoice) => t(`pages.ticker.coins.${coin}`, { defaultValue: coin });
  const addable = choices.filter((coin) => !coins.includes(coin));
  const toAdd = adding && addable.includes(adding) ? adding : addable[0];
  const unchanged = coins.length === saved.length && coins.every((coin, index) => coin === saved[index]);

  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'add') addRef.current?.querySelector('select')?.focus();
    else if (target) {
      listRef.current
        ?.querySelector<HTMLButtonElement>(`[data-coin="${target.coin}"][data-action="${target.action}"]`)
        ?.focus();
    }
  });

  const change = (next: TickerCoinChoice[], said: string, focus: FocusTarget) => {
    setCoins(next);
    setStatus(said);
    setError(null);
    focusNext.current = focus;
  };

  const move = (index: number, by: -1 | 1) => {
    const coin = coins[index]!;
    const next = [...coins];
    next.splice(index, 1);
    next.splice(index + by, 0, coin);
    const to = index + by;
    // At the top or the bottom its button is disabled: the focus goes to the other one.
    const atEnd = by < 0 ? to === 0 : to === next.length - 1;
    const toward: Action = by < 0 ? 'up' : 'down';
    const back: Action = by < 0 ? 'down' : 'up';
    change(next, t('pages.ticker.movedTo', { name: nameOf(coin), position: to + 1, count: next.length }), {
      coin,
      action: atEnd ? back : toward,
    });
  };

  const remove = (index: number) => {
    const coin = coins[index]!;
    const next = coins.filter((_, at) => at !== index);
    const neighbour = next[index] ?? next[index - 1];
    change(
      next,
      t('pages.ticker.removed', { name: nameOf(coin) }),
      neighbour ? { coin: neighbour, action: 'remove' } : 'add',
    );
  };

  const add = () => {
    if (!toAdd) return;
    const next = [...coins, toAdd];
    setAdding('');
    change(
      next,
      t('pages.ticker.added', { name: nameOf(toAdd), position: next.length, count: next.length }),
      // The last choice taken, the select goes: the focus goes to the coin added.
      addable.length > 1 ? 'add' : { coin: toAdd, action: next.length > 1 ? 'up' : 'remove' },
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (unchanged) return;
    setSaving(true);
    try {
      const chosen = await siteContentApi.chooseTicker(coins);
      setSaved(chosen);
      setCoins(chosen);
      setError(null);
      notify.success(chosen.length > 0 ? t('pages.ticker.saved') : t('pages.ticker.savedHidden'));
    } catch (failure) {
      const fieldError = coinsError(failure);
      if (fieldError) setError(fieldError);
      else notify.failure(failure, t('pages.ticker.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card stack ticker-card" aria-labelledby={titleId} aria-describedby={hintId}>
      <div>
        <h2 className="panel-title" id={titleId}>
          {t('pages.ticker.title')}
        </h2>
        <p className="muted ticker-card__hint" id={hintId}>
          {t('pages.ticker.hint')}
        </p>
      </div>
      <form className="stack" onSubmit={submit} noValidate>
        {coins.length > 0 ? (
          <ol
            ref={listRef}
            className="ticker-card__coins"
            aria-label={t('pages.ticker.chosen')}
            aria-describedby={error ? errorId : undefined}
          >
            {coins.map((coin, index) => {
              const name = nameOf(coin);
              return (
                <li key={coin} className="ticker-card__coin">
                  <span className="ticker-card__name">
                    <span className="muted ticker-card__position">{index + 1}.</span> {name}
                  </span>
                  <span className="ticker-card__actions">
                    {(
                      [
                        {
                          action: 'up',
                          variant: 'secondary',
                          text: t('pages.ticker.up'),
                          label: t('pages.ticker.upOf', { name }),
                          disabled: index === 0,
                          run: () => move(index, -1),
                        },
                        {
                          action: 'down',
                          variant: 'secondary',
                          text: t('pages.ticker.down'),
                          label: t('pages.ticker.downOf', { name }),
                          disabled: index === coins.length - 1,
                          run: () => move(index, 1),
                        },
                        {
                          action: 'remove',
                          variant: 'ghost',
                          text: t('pages.ticker.remove'),
                          label: t('pages.ticker.removeOf', { name }),
                          disabled: false,
                          run: () => remove(index),
                        },
                      ] as const
                    ).map(({ action, variant, text, label, disabled, run }) => (
                      <Button
                        key={action}
                        variant={variant}
                        size="sm"
                        data-coin={coin}
                        data-action={action}
                        aria-label={label}
                        disabled={disabled}
                        onClick={run}
                      >
                        {text}
                      </Button>
                    ))}
                  </span>
                </li>
              );
            })}
          </ol>
        ) : (
          <p className="ticker-card__empty">{t('pages.ticker.empty')}</p>
        )}
        {error && (
          <p className="field__error" id={errorId} role="alert">
            {error}
          </p>
        )}
        {addable.length > 0 ? (
          <div className="ticker-card__add" ref={addRef}>
            <SelectField
              label={t('pages.ticker.addLabel')}
              options={addable.map((coin) => ({ value: coin, label: nameOf(coin) }))}
              value={toAdd}
              onChange={(event) => setAdding(event.target.value as TickerCoinChoice)}
            />
            <Button variant="secondary" onClick={add}>
              {t('pages.ticker.add')}
            </Button>
          </div>
        ) : (
          choices.length > 0 && <p className="muted ticker-card__hint">{t('pages.ticker.allChosen')}</p>
        )}
        <div className="ticker-card__actions-row">
          <Button type="submit" loading={saving} disabled={unchanged}>
            {t('common.save')}
          </Button>
        </div>
        <p className="visually-hidden" role="status">
          {status}
        </p>
      </form>
    </section>
  );
}
