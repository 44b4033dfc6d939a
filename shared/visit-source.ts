/**
 * Where a client came from, as the site saw them arrive (docs/product.md "Where clients come
 * from"): an external referrer's host, the campaign's `utm_*` parameters, a monitor's deep link
 * (`?cur_from=SBERRUB&cur_to=USDTTRC20`), or a partner's link (`?ref=CODE`, a client's referral code, with
 * the partner's own sub-id `&sub=…` if they gave one). Kept by the browser and sent with the application, which
 * keeps it for the reports. No zod here: the landing page's first script captures it.
 */
export interface VisitSource {
  referrer?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  utmTerm?: string;
  utmContent?: string;
  monitorFrom?: string;
  monitorTo?: string;
  /** The referral code of the partner whose link it was (`?ref=`). */
  partner?: string;
  /** The partner's own label for where they put the link (`?sub=`): their figures per sub-id. */
  partnerSub?: string;
}

export type VisitSourceField = keyof VisitSource;

/** Each field's longest value (a host name's 253; a campaign's words; a monitor's currency code). */
export const VISIT_SOURCE_MAX_LENGTH: Record<VisitSourceField, number> = {
  referrer: 253,
  utmSource: 100,
  utmMedium: 100,
  utmCampaign: 100,
  utmTerm: 100,
  utmContent: 100,
  monitorFrom: 20,
  monitorTo: 20,
  partner: 64,
  partnerSub: 32,
};

/** The query parameters that carry a source, by field. */
export const VISIT_SOURCE_PARAMS: Record<Exclude<VisitSourceField, 'referrer'>, string> = {
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  utmTerm: 'utm_term',
  utmContent: 'utm_content',
  monitorFrom: 'cur_from',
  monitorTo: 'cur_to',
  partner: 'ref',
  partnerSub: 'sub',
};

/** A campaign's text: printable, no control characters. */
const CAMPAIGN_TEXT = /^[^\p{Cc}]+$/u;
/** A monitor's currency code, as in its export (`SBERRUB`, `USDTTRC20`, `CASHRUB`). */
const MONITOR_CODE = /^[A-Za-z0-9_-]+$/;

/** What each field's value must look like: a host name as a URL gives it, a code, or text. */
export const VISIT_SOURCE_RULES: Record<VisitSourceField, RegExp> = {
  referrer: /^[a-z0-9.-]+$/,
  utmSource: CAMPAIGN_TEXT,
  utmMedium: CAMPAIGN_TEXT,
  utmCampaign: CAMPAIGN_TEXT,
  utmTerm: CAMPAIGN_TEXT,
  utmContent: CAMPAIGN_TEXT,
  monitorFrom: MONITOR_CODE,
  monitorTo: MONITOR_CODE,
  // A referral code, as the ?ref= cookie keeps it (web/src/lib/referral-cookie.ts).
  partner: /^[A-Za-z0-9_-]+$/,
  partnerSub: /^[A-Za-z0-9_-]+$/,
};

/** How many days a source is kept for an application the visitor submits later. */
export const VISIT_SOURCE_DAYS = 30;

/**
 * The source a visit carries: the URL's parameters, and the referrer when it is another site. Values
 * are trimmed and cut to their longest; one that still does not fit its rule is left out, so what
 * the browser sends is what the server takes. Null: nothing says where the visitor came from.
 */
export function visitSourceOf(search: string, referrer: string, ownHost: string): VisitSource | null {
  const params = new URLSearchParams(search);
  const source: VisitSource = {};
  for (const [field, name] of Object.entries(VISIT_SOURCE_PARAMS) as [
    keyof typeof VISIT_SOURCE_PARAMS,
    string,
  ][]) {
    const value = params.get(name)?.trim().slice(0, VISIT_SOURCE_MAX_LENGTH[field]);
    if (value && VISIT_SOURCE_RULES[field].test(value)) source[field] = value;
  }
  const host = referrerHost(referrer);
  if (host && host !== ownHost) source.referrer = host;
  return Object.keys(source).length > 0 ? source : null;
}

function referrerHost(referrer: string): string | null {
  try {
    const host = new URL(referrer).hostname.toLowerCase();
    const fits = host.length <= VISIT_SOURCE_MAX_LENGTH.referrer && VISIT_SOURCE_RULES.referrer.test(host);
    return fits ? host : null;
  } catch {
    return null;
  }
}
