import { currencyOfAsset } from '@shared/assets';
import type { Position } from '@shared/contract/positioning';
import type { DirectionRate } from '@shared/contract/rates';
import { monitorCodePairs } from '@shared/monitor-codes';
import { writeFigure } from '@shared/rate-display';
import { useTranslation } from '@web/lib/i18n';
import { formatDateTime } from '../lib/format';
import type { DirectionErrors, PositioningDraft, PositioningField } from './rate-validation';

/** The figure's other side: `RUB` of "1 USDT = … RUB". */
export const otherSide = (direction: Pick<DirectionRate, 'assetFrom' | 'assetTo'>, unit: string) =>
  [currencyOfAsset(direction.assetFrom), currencyOfAsset(direction.assetTo)].find((code) => code !== unit) ??
  '';

/**
 * What the rates job does to hold a direction's place on BestChange (docs/product.md §10 "Holding a
 * place"): the place the rate takes, the bound that stopped it, what it moved last and why it could
 * not, and the exchangers just above and below.
 */
export function PositionOf({ direction }: { direction: DirectionRate }) {
  const { t, language } = useTranslation('admin');
  const { positioning, position } = direction;
  if (!positioning) return null;
  const figure = (text: string) => writeFigure(text, language);
  const when = (at: string) => formatDateTime(at, language);
  const unit = positioning.unit;
  const other = otherSide(direction, unit);
  return (
    <div className="rate-position">
      <div>
        {t('rates.positioning.target', {
          place: positioning.place,
          floor: figure(positioning.floor),
          ceiling: figure(positioning.ceiling),
          unit,
          other,
        })}
      </div>
      {position ? (
        <PositionState direction={direction} position={position} figure={figure} when={when} />
      ) : (
        <div className="muted">{t('rates.positioning.waiting')}</div>
      )}
    </div>
  );
}

function PositionState({
  direction,
  position,
  figure,
  when,
}: {
  direction: DirectionRate;
  position: Position;
  figure: (text: string) => string;
  when: (at: string) => string;
}) {
  const { t } = useTranslation('admin');
  if (position.problem === 'unlisted') {
    const [codes] = monitorCodePairs(direction);
    return (
      <div className="rate-note rate-note--warning">
        {t('rates.positioning.unlisted', { codes: codes ? `${codes.from} → ${codes.to}` : '' })}
      </div>
    );
  }
  if (position.problem === 'archive') {
    return (
      <div className="rate-note rate-note--warning">
        {t('rates.positioning.archiveFailed', {
          when: when(position.checkedAt),
          detail: position.detail ?? '',
        })}
      </div>
    );
  }
  if (position.figure === null || position.place === null) return null;
  return (
    <>
      <div>
        {t('rates.positioning.holds', { place: position.place, count: position.competitors + 1 })}
        {position.heldBy && position.wanted && (
          <>
            {' · '}
            {t(`rates.positioning.heldBy.${position.heldBy}`, {
              place: direction.positioning?.place,
              wanted: figure(position.wanted),
            })}
          </>
        )}
      </div>
      {!direction.positioned && (
        <div className="rate-note rate-note--warning">
          {t('rates.positioning.stale', { when: when(position.checkedAt) })}
        </div>
      )}
      <div className="rate-note muted">
        {position.movedAt &&
          (position.previousFigure
            ? t('rates.positioning.moved', {
                from: figure(position.previousFigure),
                to: figure(position.figure),
                when: when(position.movedAt),
              })
            : t('rates.positioning.set', { to: figure(position.figure), when: when(position.movedAt) }))}{' '}
        {t('rates.positioning.read', { when: when(position.checkedAt) })}
      </div>
      {position.competitors > 0 && <Neighbours position={position} figure={figure} />}
    </>
  );
}

/** The five exchangers above the direction's place and the five below, with their places. */
function Neighbours({ position, figure }: { position: Position; figure: (text: string) => string }) {
  const { t } = useTranslation('admin');
  const place = position.place ?? 1;
  const rows = [
    ...position.above.map((neighbour, index) => ({
      place: place - position.above.length + index,
      ...neighbour,
      us: false,
    })),
    { place, exchanger: t('rates.positioning.us'), figure: position.figure ?? '', us: true },
    ...position.below.map((neighbour, index) => ({ place: place + 1 + index, ...neighbour, us: false })),
  ];
  return (
    <details className="rate-position__neighbours">
      <summary>{t('rates.positioning.neighbours')}</summary>
      <ol className="rate-position__list">
        {rows.map((row) => (
          <li
            key={`${row.place}-${row.exchanger}`}
            className={row.us ? 'is-us' : undefined}
            value={row.place}
          >
            <span>{row.exchanger}</span> <span className="num">{figure(row.figure)}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}

/** The edit form's place on BestChange: a switch and, while on, the place, bounds and step. */
export function PositioningFields({
  draft,
  onChange,
  errors,
  idOf,
  other,
}: {
  draft: PositioningDraft;
  onChange: (draft: PositioningDraft) => void;
  errors: DirectionErrors;
  idOf: (field: string) => string;
  other: string;
}) {
  const { t } = useTranslation('admin');
  const unitIs = `1 ${draft.unit} =`;
  const field = (name: PositioningField, label: string, suffix?: string) => (
    <div className="rate-edit__field">
      <label htmlFor={idOf(name)} className="rate-edit__label">
        {label}
      </label>
      <span className="rate-edit__input">
        <input
          id={idOf(name)}
          className="input input--sm input--num"
          inputMode={name === 'place' ? 'numeric' : 'decimal'}
          value={draft[name]}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `${idOf(name)}-error` : undefined}
          onChange={(event) => onChange({ ...draft, [name]: event.target.value })}
        />
        {suffix && <span className="muted">{suffix}</span>}
      </span>
      {errors[name] && (
        <span className="field__error" id={`${idOf(name)}-error`}>
          {errors[name]}
        </span>
      )}
    </div>
  );
  return (
    <fieldset className="rate-edit__positioning">
      <legend className="rate-edit__label">{t('rates.positioning.legend')}</legend>
      <label className="rate-edit__check">
        <input
          type="checkbox"
          className="checkbox-input"
          checked={draft.on}
          onChange={(event) => onChange({ ...draft, on: event.target.checked })}
        />
        {t('rates.positioning.hold')}
      </label>
      {draft.on && (
        <>
          {field('place', t('rates.positioning.place'))}
          {field('floor', t('rates.positioning.floor', { unit: unitIs }), other)}
          {field('ceiling', t('rates.positioning.ceiling', { unit: unitIs }), other)}
          {field('step', t('rates.positioning.step'), other)}
          <p className="rate-edit__hint muted">{t('rates.positioning.hint')}</p>
        </>
      )}
      {errors.positioning && (
        <p className="field__error" role="alert">
          {errors.positioning}
        </p>
      )}
    </fieldset>
  );
}

/** The draft of a direction's place: its own, or off with the page's unit and a step of its last decimal. */
export function positioningDraftOf(
  direction: DirectionRate,
  sides: { unit: string; decimals: number },
  figureText: (figure: string) => string,
): PositioningDraft {
  const own = direction.positioning;
  if (own) {
    return {
      on: true,
      unit: own.unit,
      place: String(own.place),
      floor: figureText(own.floor),
      ceiling: figureText(own.ceiling),
      step: figureText(own.step),
    };
  }
  const step = sides.decimals === 0 ? '1' : `0.${'0'.repeat(sides.decimals - 1)}1`;
  return { on: false, unit: sides.unit, place: '3', floor: '', ceiling: '', step: figureText(step) };
}
