/**
 * Intl formatters and collators, one per locale and options. Constructing one costs far more than
 * using it, and `a.localeCompare(b, locale)` constructs a collator at every comparison: sorting the
 * city select's 136 cities that way took about 20 ms here, 80 at Lighthouse's 4× slowdown
 * (docs/decisions.md "Intl formatters and collators").
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const collators = new Map<string, Intl.Collator>();

function cached<Format>(cache: Map<string, Format>, key: string, create: () => Format): Format {
  let format = cache.get(key);
  if (format === undefined) {
    format = create();
    cache.set(key, format);
  }
  return format;
}

export function numberFormat(
  locale: string | undefined,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  return cached(
    numberFormats,
    `${locale} ${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(locale, options),
  );
}

export function dateTimeFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat {
  return cached(
    dateTimeFormats,
    `${locale} ${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  );
}

/** Compares names as the language sorts them: `collator(language).compare`. */
export function collator(locale: string): Intl.Collator {
  return cached(collators, locale, () => new Intl.Collator(locale));
}
