import type { Language } from '@shared/enums';
import type { GeoTree } from '@shared/geo';
import { collator } from './intl-format';

interface Option {
  value: string;
  label: string;
}

/**
 * Every active city in one select, grouped by its country (docs/decisions.md "One select of
 * cities"): countries, and the cities in each, by name in the UI language. On a phone this is one
 * native picker instead of three selects in a row. `withSwitchedOff`: every city there is (staff
 * choosing a manager's cities).
 */
export function cityGroups(
  tree: GeoTree,
  language: Language,
  { withSwitchedOff = false } = {},
): Array<{ label: string; options: Option[] }> {
  const shown = (node: { isActive: boolean }) => withSwitchedOff || node.isActive;
  const name = (node: { defaultName: string; names: Record<Language, string> }) =>
    node.names[language] || node.defaultName;
  const byLabel = (a: { label: string }, b: { label: string }) =>
    collator(language).compare(a.label, b.label);
  return tree
    .filter(shown)
    .flatMap((continent) => continent.countries.filter(shown))
    .map((country) => ({
      label: name(country),
      options: country.cities
        .filter(shown)
        .map((city) => ({ value: city.key, label: name(city) }))
        .sort(byLabel),
    }))
    .filter((group) => group.options.length > 0)
    .sort(byLabel);
}
