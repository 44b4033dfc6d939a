import { currencyDecimals } from '@shared/assets';
import { BRAND } from '@shared/brand';
import type { Language } from '@shared/enums';

/**
 * The one mail layout of every mail (docs/decisions.md): a brand header, the title, a table of facts
 * (if any), paragraphs, one button (if any), and a footer that says why the mail was sent and how to reach support
 * (a staff mail: that it is a staff mail, not to be forwarded to clients); a text part
 * with the same content. Readable on a phone (one column, at most 600 px, 16 px text) and in dark
 * mode (color-scheme and a prefers-color-scheme block for the clients that honour it). Every
 * interpolated value is escaped in the HTML part.
 */
/** The support link of client mails' footer: the brand's (shared/brand.json, one place for web and mail). */
export const SUPPORT_URL = BRAND.supportUrl;
const SUPPORT: Record<Language, string> = {
  ru: 'Вопросы? Напишите в поддержку:',
  en: 'Questions? Write to support:',
};
/** The footer of a staff mail: staff are the support, so it says what the mail is instead. */
const STAFF_FOOTER: Record<Language, string> = {
  ru: 'Служебное письмо для сотрудников обменника. Не пересылайте его клиентам.',
  en: "A staff mail of the exchange office. Don't forward it to clients.",
};

const NUMBER_LOCALES: Record<Language, string> = { ru: 'ru-RU', en: 'en-US' };

/**
 * An amount as the recipient's language writes it, with its code: `1 000,5 USDT`, `1,000.5 USDT`.
 * A decimal string is written from its text, so no digit is lost to a float.
 */
export function amountIn(language: Language, amount: number | string, currency: string): string {
  const number = new Intl.NumberFormat(NUMBER_LOCALES[language], {
    maximumFractionDigits: currencyDecimals(currency),
  });
  return `${number.format(amount as Intl.StringNumericLiteral)} ${currency}`;
}

export interface MailContent {
  language: Language;
  title: string;
  /** Label/value rows; an account mail has none. */
  facts: Array<[label: string, value: string]>;
  paragraphs: string[];
  /** The one action; a notice (password changed, address changed) has none. */
  button?: { label: string; url: string };
  /** Why the recipient gets this mail (the footer's first line). */
  why: string;
  /** Who reads it: a client's mail ends with the support link, a staff mail with the staff footer. Default client. */
  audience?: 'client' | 'staff';
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A text that may run over lines (staff's instructions), escaped with its line breaks kept. */
function escapeHtmlLines(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, '<br>');
}

function buttonHtml(button: { label: string; url: string }): string {
  return `<p style="margin:24px 0 8px"><a href="${escapeHtml(button.url)}" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:700">${escapeHtml(button.label)}</a></p>
<p class="muted" style="margin:0;font-size:13px;color:#5b6472;word-break:break-all">${escapeHtml(button.url)}</p>`;
}

export function renderMail(content: MailContent): { text: string; html: string } {
  const { language, title, facts, paragraphs, button, why } = content;
  const brand = BRAND.name[language];
  const forStaff = content.audience === 'staff';
  const width = Math.max(0, ...facts.map(([label]) => label.length));
  const text = [
    brand,
    '',
    title,
    '',
    ...(facts.length > 0
      ? [
          // A value of several lines keeps them, each under the first.
          ...facts.map(
            ([label, value]) =>
              `${`${label}:`.padEnd(width + 2)}${value.replace(/\r?\n/g, `\n${' '.repeat(width + 2)}`)}`,
          ),
          '',
        ]
      : []),
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(button ? [`${button.label}: ${button.url}`, ''] : []),
    '—',
    why,
    forStaff ? STAFF_FOOTER[language] : `${SUPPORT[language]} ${SUPPORT_URL}`,
    '',
  ].join('\n');
  const rows = facts
    .map(
      ([label, value]) =>
        `<tr><th class="label" style="text-align:left;vertical-align:top;padding:6px 12px 6px 0;color:#5b6472;font-weight:600;white-space:nowrap">${escapeHtml(label)}</th><td style="padding:6px 0;word-break:break-word">${escapeHtmlLines(value)}</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(title)}</title>
<style>
@media (prefers-color-scheme: dark) {
  body, .page { background: #0f172a !important; }
  .card { background: #1e293b !important; color: #e2e8f0 !important; border-color: #334155 !important; }
  .label, .muted { color: #94a3b8 !important; }
  .footer { color: #94a3b8 !important; }
  .footer a { color: #93c5fd !important; }
}
</style>
</head>
<body class="page" style="margin:0;padding:0;background:#f1f5f9">
<div class="page" style="padding:16px;background:#f1f5f9">
<div class="card" style="max-width:600px;margin:0 auto;background:#ffffff;color:#0f172a;border:1px solid #e2e8f0;border-radius:12px;overflow:hidden;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<div style="background:#0b1f44;color:#ffffff;padding:16px 20px;font-size:20px;font-weight:700">⇄ ${escapeHtml(brand)}</div>
<div style="padding:20px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${escapeHtml(title)}</h1>
${rows ? `<table role="presentation" style="width:100%;border-collapse:collapse;font-size:15px">\n${rows}\n</table>` : ''}
${paragraphs.map((paragraph, index) => `<p style="margin:${index === 0 && !rows ? 0 : 16}px 0 0">${escapeHtmlLines(paragraph)}</p>`).join('\n')}
${button ? buttonHtml(button) : ''}
</div>
</div>
<div class="footer" style="max-width:600px;margin:16px auto 0;font-family:Arial,Helvetica,sans-serif;font-size:13px;line-height:1.5;color:#5b6472">
<p style="margin:0 0 4px">${escapeHtml(why)}</p>
${forStaff ? `<p style="margin:0">${escapeHtml(STAFF_FOOTER[language])}</p>` : `<p style="margin:0">${escapeHtml(SUPPORT[language])} <a href="${SUPPORT_URL}" style="color:#1d4ed8">${SUPPORT_URL}</a></p>`}
</div>
</div>
</body>
</html>`;
  return { text, html };
}
