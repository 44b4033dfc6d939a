import { SYSTEM_ID } from '@shared/contract/deal';
import type { MovementDirectionName } from '@shared/contract/transactions';
import type { Language } from '@shared/enums';
import { accountNameIn } from '@shared/ledger';
import type { ExportRow } from './rows';

/**
 * The columns of an export, in order, with their headers in the reader's language and what their
 * cells hold: a time (the business's), money or a rate (a number a spreadsheet sums), or text.
 */
export type ColumnKind = 'time' | 'money' | 'rate' | 'text';

interface Column {
  kind: ColumnKind;
  header: Record<Language, string>;
  /** The cell's value as exact text (a decimal with a dot; an ISO instant); null: empty. */
  value: (row: ExportRow, words: Words) => string | null;
}

const MOVEMENT_WORDS: Record<Language, Record<MovementDirectionName, string>> = {
  ru: {
    in: 'Оплата клиента',
    out: 'Выплата клиенту',
    refund: 'Возврат клиенту',
    reversal: 'Возврат выплаты',
  },
  en: { in: 'Client payment', out: 'Payout', refund: 'Refund', reversal: 'Payout returned' },
};
const SYSTEM_WORD: Record<Language, string> = { ru: 'система', en: 'system' };

export interface Words {
  language: Language;
}

export const COLUMNS: readonly Column[] = [
  // The zone's name is added to this header when the file is written.
  { kind: 'time', header: { ru: 'Дата и время', en: 'Date and time' }, value: (row) => row.at },
  { kind: 'text', header: { ru: 'Сделка', en: 'Deal' }, value: (row) => row.dealId },
  { kind: 'text', header: { ru: 'Клиент', en: 'Client' }, value: (row) => row.client },
  {
    kind: 'text',
    header: { ru: 'Направление сделки', en: 'Deal direction' },
    value: (row) => row.dealDirection,
  },
  {
    kind: 'text',
    header: { ru: 'Движение', en: 'Movement' },
    value: (row, words) => MOVEMENT_WORDS[words.language][row.movement],
  },
  {
    kind: 'text',
    header: { ru: 'Счёт', en: 'Account' },
    value: (row, words) => accountNameIn(row.account, words.language),
  },
  { kind: 'money', header: { ru: 'Приход', en: 'Amount in' }, value: (row) => row.amountIn },
  { kind: 'money', header: { ru: 'Расход', en: 'Amount out' }, value: (row) => row.amountOut },
  { kind: 'text', header: { ru: 'Валюта', en: 'Currency' }, value: (row) => row.currency },
  { kind: 'rate', header: { ru: 'Курс сделки', en: 'Deal rate' }, value: (row) => row.dealRate },
  { kind: 'rate', header: { ru: 'Рыночный курс', en: 'Market rate' }, value: (row) => row.marketRate },
  { kind: 'money', header: { ru: 'Прибыль сделки', en: 'Deal profit' }, value: (row) => row.profit },
  {
    kind: 'text',
    header: { ru: 'Валюта прибыли', en: 'Profit currency' },
    value: (row) => row.profitCurrency,
  },
  {
    kind: 'text',
    header: { ru: 'Сотрудник', en: 'Staff' },
    value: (row, words) => (row.staff === SYSTEM_ID ? SYSTEM_WORD[words.language] : row.staff),
  },
  {
    kind: 'text',
    header: { ru: 'Транзакция в сети', en: 'Chain transaction' },
    value: (row) => row.chainTransaction,
  },
  { kind: 'text', header: { ru: 'Основание', en: 'Reference' }, value: (row) => row.reference },
  { kind: 'text', header: { ru: 'Примечание', en: 'Note' }, value: (row) => row.note },
];

/** The header row: the time's header names the business's zone its times are written in. */
export function headers(language: Language, timeZone: string): string[] {
  return COLUMNS.map((column) =>
    column.kind === 'time' ? `${column.header[language]} (${timeZone})` : column.header[language],
  );
}
