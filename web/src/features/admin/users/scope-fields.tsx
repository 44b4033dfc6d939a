import { assetLabel, directionKey } from '@shared/assets';
import type { Language } from '@shared/enums';
import type { GeoTree } from '@shared/geo';
import type { StaffScope } from '@shared/staff-scope';
import { Checkbox, SelectField, type SelectGroup } from '@web/components/ui/field';
import { useTranslation } from '@web/lib/i18n';
import { collator } from '@web/lib/intl-format';
import { cityGroups } from '@web/lib/place-options';
import { useResource } from '@web/lib/use-resource';
import { adminApi } from '../api/admin-api';
import { Loaded } from '../components/load-state';

interface Option {
  value: string;
  label: string;
}

interface ScopeFieldsProps {
  value: StaffScope;
  onChange: (scope: StaffScope) => void;
}

/** A scope the server takes: "all", or at least one city and direction where it names them. */
export function scopeIsComplete(scope: StaffScope): boolean {
  return scope.cities?.length !== 0 && scope.directions?.length !== 0;
}

/**
 * A MANAGER's rights in the user edit (docs/operations.md "Staff shifts and rights"): all cities or some,
 * all directions or some (each a list of every one there is, switched off or not), and whether
 * they may record refunds.
 */
export function ScopeFields({ value, onChange }: ScopeFieldsProps) {
  const { t, language } = useTranslation('admin');
  const choices = useResource(async (signal) => {
    const [tree, rates] = await Promise.all([adminApi.geo(signal), adminApi.rates(signal)]);
    return { tree, directions: rates.directions };
  }, []);
  const fiatKinds = { cash: t('assets.cash'), card: t('assets.card') };

  return (
    <fieldset className="scope-fields stack">
      <legend>{t('users.edit.scope.legend')}</legend>
      <Loaded resource={choices} errorTitle={t('users.edit.scope.loadError')}>
        {({ tree, directions }) => (
          <>
            <AllOrSome
              allLabel={t('users.edit.scope.allCities')}
              label={t('users.edit.scope.cities')}
              chosen={value.cities}
              pickOne={t('users.edit.scope.pickOne')}
              choices={{ groups: chosenCityGroups(tree, language, value.cities ?? []) }}
              onChange={(cities) => onChange({ ...value, cities })}
            />
            <AllOrSome
              allLabel={t('users.edit.scope.allDirections')}
              label={t('users.edit.scope.directions')}
              chosen={value.directions}
              pickOne={t('users.edit.scope.pickOne')}
              choices={{
                options: withUnknown(
                  directions.map(({ assetFrom, assetTo }) => ({
                    value: directionKey(assetFrom, assetTo),
                    label: `${assetLabel(assetFrom, fiatKinds)} → ${assetLabel(assetTo, fiatKinds)}`,
                  })),
                  value.directions ?? [],
                  language,
                ),
              }}
              onChange={(directions) => onChange({ ...value, directions })}
            />
          </>
        )}
      </Loaded>
      <Checkbox
        label={t('users.edit.scope.mayRefund')}
        checked={value.mayRefund}
        onChange={(event) => onChange({ ...value, mayRefund: event.target.checked })}
      />
    </fieldset>
  );
}

/**
 * One part of a scope: "all" ticked (null), or a list to pick some from, at least one (the cities,
 * grouped by country; the directions).
 */
function AllOrSome({
  allLabel,
  label,
  chosen,
  pickOne,
  choices,
  onChange,
}: {
  allLabel: string;
  label: string;
  chosen: string[] | null;
  pickOne: string;
  choices: { options?: Option[]; groups?: SelectGroup[] };
  onChange: (chosen: string[] | null) => void;
}) {
  return (
    <>
      <Checkbox
        label={allLabel}
        checked={chosen === null}
        onChange={(event) => onChange(event.target.checked ? null : [])}
      />
      {chosen !== null && (
        <SelectField
          label={label}
          multiple
          size={8}
          value={chosen}
          {...choices}
          error={chosen.length === 0 ? pickOne : undefined}
          onChange={(event) => onChange(Array.from(event.target.selectedOptions, (option) => option.value))}
        />
      )}
    </>
  );
}

/** Every city there is, switched off or not, grouped by country: both by name in the UI language. */
function chosenCityGroups(tree: GeoTree, language: Language, chosen: string[]) {
  const groups = cityGroups(tree, language, { withSwitchedOff: true });
  const known = new Set(groups.flatMap((group) => group.options.map((option) => option.value)));
  const unknown = chosen.filter((key) => !known.has(key));
  // A city chosen once and since gone from the tree stays chosen (and can be unchosen).
  return unknown.length > 0
    ? [...groups, { label: '—', options: unknown.map((key) => ({ value: key, label: key })) }]
    : groups;
}

/** The options by label, with any chosen value no option has (a direction since removed) kept. */
function withUnknown(options: Option[], chosen: string[], language: Language): Option[] {
  const known = new Set(options.map((option) => option.value));
  return [
    ...options.sort((a, b) => collator(language).compare(a.label, b.label)),
    ...chosen.filter((key) => !known.has(key)).map((key) => ({ value: key, label: key })),
  ];
}
