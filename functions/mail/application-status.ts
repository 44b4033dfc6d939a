import { assetLabel } from '@shared/assets';
import { formatZoned, zoneName } from '@shared/business-time';
import type { RateSnapshot } from '@shared/contract/applications';
import type { OfficePlace, PayTo } from '@shared/contract/deal';
import type { ApplicationStatus, Language } from '@shared/enums';
import { weekHoursText } from '@shared/hours-text';
import { shortId } from '@shared/ids';
import { CASH_COLLECTING_STATUSES, groupedNumber } from '@shared/payout-details';
import { rateText, writeMoney } from '@shared/rate-display';
import type { WeekHours } from '@shared/working-hours';
import { requireEnv } from '../commons/config';
import type { OutgoingMail } from '../commons/mailer';
import { renderMail } from './layout';

const siteUrl = requireEnv('SITE_URL');

/** The facts a status message states. */
export interface StatusMessageInput {
  applicationId: string;
  status: ApplicationStatus;
  amountFrom: number | null;
  assetFrom: string | null;
  assetTo: string | null;
  requestType: 'STANDARD' | 'INDIVIDUAL';
  rejectionReason: string | null;
}

/** Everything an application mail names (docs/product.md §5 "Mails"). */
export interface ApplicationMailInput extends StatusMessageInput {
  amountTo: number | null;
  currencyFrom: string | null;
  currencyTo: string | null;
  rate: RateSnapshot | null;
  details: string | null;
  /** The city with its country, in the recipient's language (the domain reads the geo names). */
  place: string | null;
  /** The payment instructions once staff issued them: BestChange wants them in the order's mail. */
  instructions?: {
    text: string;
    deadline: string;
    /** `amount`: exactly what to send ("500.0037"), written as it is, never rounded. */
    crypto: { address: string; amount: string | number } | null;
    /** The card, account or office paid into (absent or null: only the text says). */
    payTo?: PayTo | null;
    /** Where cash is collected, for a cash payout. */
    collectAt?: OfficePlace | null;
  } | null;
  /**
   * The hours of the office the instructions name (paid into or collected at), as its city keeps
   * them; null or absent: none named, or the city keeps none.
   */
  officeHours?: { timeZone: string; week: WeekHours } | null;
  /** The payout staff recorded: its transaction hash or note. */
  payout?: { txHash: string | null; note: string | null } | null;
  /**
   * What arrived against what was asked, when it differs (short: what is still to send and by
   * when; over: what arrived), and a new quote for a late payment (docs/product.md §4 "Wrong payments").
   */
  paymentStanding?: {
    gap: 'none' | 'short' | 'exact' | 'over';
    received: string;
    difference: string | null;
    requote: { amountTo: number; until: string } | null;
  } | null;
  /** The business's time zone (the setting businessTimeZone): the deadline is written in it, named. */
  timeZone: string;
}

const STATUS_NAMES: Record<Language, Record<string, string>> = {
  en: {
    PENDING: 'pending',
    PROCESSING: 'in progress',
    WAITING_PAYMENT: 'awaiting your payment',
    PAID: 'payment reported',
    CONFIRMED: 'payment received',
    EXCHANGING: 'payout under way',
    COMPLETED: 'completed',
    CANCELLED: 'cancelled',
    REJECTED: 'rejected',
    EXPIRED: 'expired',
    ON_HOLD: 'payment being checked',
  },
  ru: {
    PENDING: 'ожидает обработки',
    PROCESSING: 'в работе',
    WAITING_PAYMENT: 'ожидает оплаты',
    PAID: 'оплата заявлена',
    CONFIRMED: 'оплата получена',
    EXCHANGING: 'идёт выплата',
    COMPLETED: 'выполнена',
    CANCELLED: 'отменена',
    REJECTED: 'отклонена',
    EXPIRED: 'истекла',
    ON_HOLD: 'платёж на проверке',
  },
};

const TEXT = {
  en: {
    title: (id: string, status: string) => `Application ${id} is ${status}`,
    exchange: (amount: string, from: string, to: string) => `Exchange: ${amount} ${from} → ${to}.`,
    individual: 'Individual request.',
    reason: (reason: string) => `Reason: ${reason}`,
    open: 'Open your profile to see it:',
    fiatKinds: { cash: 'Cash', card: 'Card' },
  },
  ru: {
    title: (id: string, status: string) => `Заявка ${id}: ${status}`,
    exchange: (amount: string, from: string, to: string) => `Обмен: ${amount} ${from} → ${to}.`,
    individual: 'Индивидуальный запрос.',
    reason: (reason: string) => `Причина: ${reason}`,
    open: 'Подробности в профиле:',
    fiatKinds: { cash: 'Наличные', card: 'Карта' },
  },
} as const;

/** The in-app notification's title and message, in the owner's language. */
export function statusMessage(
  language: Language,
  input: StatusMessageInput,
): { title: string; message: string } {
  const text = TEXT[language];
  const id = shortId(input.applicationId);
  const statusName = STATUS_NAMES[language][input.status] ?? input.status;
  const lines = [
    input.requestType === 'STANDARD' && input.assetFrom && input.assetTo && input.amountFrom !== null
      ? text.exchange(
          writeMoney(input.amountFrom, language),
          assetLabel(input.assetFrom, text.fiatKinds),
          assetLabel(input.assetTo, text.fiatKinds),
        )
      : text.individual,
  ];
  if (input.status === 'REJECTED' && input.rejectionReason) lines.push(text.reason(input.rejectionReason));
  return { title: text.title(id, statusName), message: lines.join(' ') };
}

const MAIL_TEXT = {
  en: {
    createdTitle: (id: string) => `Application ${id} received`,
    statusTitle: (id: string, status: string) => `Application ${id}: ${status}`,
    facts: {
      id: 'Application',
      type: 'Type',
      gives: 'You give',
      receives: 'You receive',
      rate: 'Rate',
      place: 'City',
      details: 'Request',
      status: 'Status',
      reason: 'Reason',
      clientGives: 'Client gives',
      clientReceives: 'Client receives',
      clientEmail: 'Client email',
      telegram: 'Telegram',
      instructions: 'Payment instructions',
      payTo: 'Send to',
      payAmount: 'Amount to send',
      cashAmount: 'Cash to bring',
      receivingNumber: 'Card or account number',
      bank: 'Bank',
      holder: 'Recipient',
      bringTo: 'Bring the cash to',
      collectAt: 'Collect your cash at',
      officeHours: 'Office hours',
      deadline: 'Pay by',
      payout: 'Payout',
      received: 'Received so far',
      stillToSend: 'Still to send',
      newQuote: 'New quote: you receive',
      quoteHolds: 'Accept it on the application page by',
    },
    types: { STANDARD: 'Standard exchange', INDIVIDUAL: 'Individual request' },
    next: {
      PENDING:
        'What happens next: a manager reviews the application and sends the payment details, by mail and on the application page. You can cancel it there until you have paid.',
      PROCESSING:
        'What happens next: a manager is preparing the payment details; they come in the next mail and on the application page.',
      WAITING_PAYMENT:
        'What happens next: pay as the instructions say before the deadline, then press "I have paid" on the application page.',
      WAITING_PAYMENT_CASH:
        'What happens next: bring the cash to the office before the deadline, within its hours; the office counts it and confirms your payment there.',
      PAID: 'What happens next: we are checking that your payment arrived.',
      CONFIRMED: 'What happens next: your payment arrived and the office is preparing your payout.',
      EXCHANGING: 'What happens next: the payout is on its way to you.',
      ON_HOLD:
        'What happens next: your payment arrived and is being checked, as our AML/KYC rules say. The office answers on the application page; it may ask where the funds come from.',
      COMPLETED: 'What happens next: nothing, the exchange is done. Thank you for choosing us.',
      REJECTED: 'What happens next: nothing is exchanged. You can submit a new application or ask support.',
      CANCELLED: 'What happens next: nothing is exchanged. You can submit a new application at any time.',
      EXPIRED:
        'What happens next: nothing is exchanged, as nobody took it up in time. Submit a new application if you still wish to exchange.',
      EXPIRED_UNPAID:
        "What happens next: nothing is exchanged, as the time to pay ended. If you did pay, write to us in the application's messages.",
    } as Record<string, string>,
    button: 'Open the application',
    whyCreated: 'You get this mail because you submitted an exchange application on our site.',
    guest: {
      button: 'Open my order',
      password: (url: string) =>
        `The button opens your order without a password. To keep this account, set a password (the link works for 7 days): ${url}`,
      why: 'You get this mail because an exchange application was submitted on our site with this address. If it was not you, ignore it.',
    },
    whyStatus: 'You get this mail because the status of your exchange application changed.',
    fiatKinds: { cash: 'Cash', card: 'Card' },
    staff: {
      title: (id: string) => `New application ${id}`,
      next: 'What happens next: take the application up in the admin area and issue the payment instructions there.',
      button: 'Open in the admin area',
      why: 'You get this mail because this address is set as staffNotifyEmail in the system settings.',
    },
  },
  ru: {
    createdTitle: (id: string) => `Заявка ${id} принята`,
    statusTitle: (id: string, status: string) => `Заявка ${id}: ${status}`,
    facts: {
      id: 'Заявка',
      type: 'Тип',
      gives: 'Вы отдаёте',
      receives: 'Вы получаете',
      rate: 'Курс',
      place: 'Город',
      details: 'Запрос',
      status: 'Статус',
      reason: 'Причина',
      clientGives: 'Клиент отдаёт',
      clientReceives: 'Клиент получает',
      clientEmail: 'Email клиента',
      telegram: 'Telegram',
      instructions: 'Инструкции по оплате',
      payTo: 'Адрес для перевода',
      payAmount: 'Сумма перевода',
      cashAmount: 'Принести наличными',
      receivingNumber: 'Номер карты или счёта',
      bank: 'Банк',
      holder: 'Получатель',
      bringTo: 'Куда принести наличные',
      collectAt: 'Где получить наличные',
      officeHours: 'Часы работы офиса',
      deadline: 'Оплатить до',
      payout: 'Выплата',
      received: 'Получено',
      stillToSend: 'Осталось доплатить',
      newQuote: 'Новое предложение: вы получите',
      quoteHolds: 'Принять его на странице заявки до',
    },
    types: { STANDARD: 'Стандартный обмен', INDIVIDUAL: 'Индивидуальный запрос' },
    next: {
      PENDING:
        'Что дальше: менеджер проверит заявку и пришлёт реквизиты для оплаты — письмом и на странице заявки. Там же заявку можно отменить, пока вы не оплатили.',
      PROCESSING:
        'Что дальше: менеджер готовит реквизиты для оплаты — они придут следующим письмом и появятся на странице заявки.',
      WAITING_PAYMENT:
        'Что дальше: оплатите по инструкции до указанного срока, затем нажмите «Я оплатил» на странице заявки.',
      WAITING_PAYMENT_CASH:
        'Что дальше: принесите наличные в офис до указанного срока, в часы его работы; там их пересчитают и подтвердят оплату.',
      PAID: 'Что дальше: мы проверяем, что оплата поступила.',
      CONFIRMED: 'Что дальше: оплата поступила, обменный пункт готовит выплату.',
      EXCHANGING: 'Что дальше: выплата уже в пути к вам.',
      ON_HOLD:
        'Что дальше: ваш платёж поступил и проходит проверку по нашим правилам AML/KYC. Ответ появится на странице заявки; вас могут попросить подтвердить происхождение средств.',
      COMPLETED: 'Что дальше: ничего, обмен завершён. Спасибо, что выбрали нас.',
      REJECTED: 'Что дальше: обмен не состоится. Вы можете подать новую заявку или написать в поддержку.',
      CANCELLED: 'Что дальше: обмен не состоится. Новую заявку можно подать в любое время.',
      EXPIRED:
        'Что дальше: обмен не состоится — заявку не взяли в работу вовремя. Подайте новую, если обмен ещё нужен.',
      EXPIRED_UNPAID:
        'Что дальше: обмен не состоится — время на оплату истекло. Если вы всё же оплатили, напишите нам в сообщениях заявки.',
    } as Record<string, string>,
    button: 'Открыть заявку',
    whyCreated: 'Вы получили это письмо, потому что подали заявку на обмен на нашем сайте.',
    guest: {
      button: 'Открыть мою заявку',
      password: (url: string) =>
        `Кнопка открывает заявку без пароля. Чтобы сохранить аккаунт, задайте пароль (ссылка действует 7 дней): ${url}`,
      why: 'Вы получили это письмо, потому что на нашем сайте подали заявку на обмен с этим адресом. Если это были не вы, просто проигнорируйте его.',
    },
    whyStatus: 'Вы получили это письмо, потому что изменился статус вашей заявки на обмен.',
    fiatKinds: { cash: 'Наличные', card: 'Карта' },
    staff: {
      title: (id: string) => `Новая заявка ${id}`,
      next: 'Что дальше: возьмите заявку в работу в админ-панели и выдайте там реквизиты для оплаты.',
      button: 'Открыть в админ-панели',
      why: 'Вы получили это письмо, потому что этот адрес указан в системной настройке staffNotifyEmail.',
    },
  },
} as const;

/** An amount as the web writes it (shared writeMoney: the shown decimals, cut), with its asset. */
function amount(language: Language, value: number | null, asset: string | null): string | null {
  if (value === null || asset === null) return null;
  return `${writeMoney(value, language)} ${assetLabel(asset, MAIL_TEXT[language].fiatKinds)}`;
}

/** The client's contacts, named in the staff mail only. */
export interface ClientContacts {
  email: string;
  telegram: string;
}

/**
 * The application's facts as label/value rows, in the recipient's language (empty ones left out);
 * to staff, what the client gives and receives, and the client's contacts.
 */
function applicationFacts(
  language: Language,
  input: ApplicationMailInput,
  client?: ClientContacts,
): Array<[string, string]> {
  const text = MAIL_TEXT[language];
  // As every screen writes it: the expensive currency as the unit (shared/rate-display).
  const rate =
    input.rate && input.currencyFrom && input.currencyTo
      ? rateText(input.currencyFrom, input.currencyTo, input.rate.rate, language)
      : null;
  const rows: Array<[string, string | null]> = [
    [text.facts.id, input.applicationId],
    [text.facts.type, text.types[input.requestType]],
    [client ? text.facts.clientGives : text.facts.gives, amount(language, input.amountFrom, input.assetFrom)],
    [
      client ? text.facts.clientReceives : text.facts.receives,
      amount(language, input.amountTo, input.assetTo),
    ],
    [text.facts.rate, rate],
    [text.facts.place, input.place],
    [text.facts.details, input.requestType === 'INDIVIDUAL' ? input.details : null],
    [text.facts.status, STATUS_NAMES[language][input.status] ?? input.status],
    [text.facts.reason, input.rejectionReason],
    ...dealFacts(language, input),
    [text.facts.clientEmail, client?.email ?? null],
    [text.facts.telegram, client?.telegram ?? null],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== null && row[1] !== '');
}

/**
 * What the deal adds while it is under way: the instructions, where and how much USDT to send and
 * the deadline while the client is to pay; the payout's reference once it is made.
 */
function dealFacts(language: Language, input: ApplicationMailInput): Array<[string, string | null]> {
  const text = MAIL_TEXT[language];
  const { instructions, payout } = input;
  const rows: Array<[string, string | null]> = [];
  const hours = input.officeHours
    ? `${weekHoursText(input.officeHours.week, language)} (${zoneName(Date.now(), input.officeHours.timeZone, language)})`
    : null;
  if (instructions && input.status === 'WAITING_PAYMENT') {
    rows.push([text.facts.instructions, instructions.text]);
    if (instructions.crypto) {
      rows.push([text.facts.payTo, instructions.crypto.address]);
      const exact = `${instructions.crypto.amount} ${assetLabel(input.assetFrom ?? 'usdt-trc20', text.fiatKinds)}`;
      rows.push([text.facts.payAmount, exact]);
    }
    const payTo = instructions.payTo;
    if (payTo?.kind === 'card') {
      rows.push([text.facts.payAmount, amount(language, input.amountFrom, input.assetFrom)]);
      rows.push([text.facts.receivingNumber, payTo.number ? groupedNumber(payTo.number) : null]);
      rows.push([text.facts.bank, payTo.bank]);
      rows.push([text.facts.holder, payTo.holder]);
    }
    if (payTo?.kind === 'office') {
      rows.push([text.facts.cashAmount, amount(language, input.amountFrom, input.assetFrom)]);
      rows.push([text.facts.bringTo, `${payTo.label}, ${payTo.address}`]);
      rows.push([text.facts.officeHours, hours]);
    }
    rows.push([
      text.facts.deadline,
      formatZoned(instructions.deadline, input.timeZone, language, { date: true }),
    ]);
  }
  const collectAt = instructions?.collectAt;
  if (collectAt && CASH_COLLECTING_STATUSES.has(input.status)) {
    rows.push([text.facts.collectAt, `${collectAt.label}, ${collectAt.address}`]);
    rows.push([text.facts.officeHours, hours]);
  }
  const standing = input.paymentStanding;
  const given = (value: string | number) =>
    `${writeMoney(value, language)} ${assetLabel(input.assetFrom ?? '', text.fiatKinds)}`;
  if (standing && (standing.gap === 'short' || standing.gap === 'over')) {
    rows.push([text.facts.received, given(standing.received)]);
    if (standing.gap === 'short' && standing.difference !== null) {
      rows.push([text.facts.stillToSend, given(standing.difference)]);
      if (instructions?.crypto) rows.push([text.facts.payAmount, `${instructions.crypto.amount}`]);
      if (instructions)
        rows.push([
          text.facts.deadline,
          formatZoned(instructions.deadline, input.timeZone, language, { date: true }),
        ]);
    }
  }
  if (standing?.requote) {
    rows.push([text.facts.newQuote, amount(language, standing.requote.amountTo, input.assetTo)]);
    rows.push([
      text.facts.quoteHolds,
      formatZoned(standing.requote.until, input.timeZone, language, { date: true }),
    ]);
  }
  if (payout && (input.status === 'EXCHANGING' || input.status === 'COMPLETED')) {
    rows.push([text.facts.payout, payout.txHash ?? payout.note]);
  }
  return rows;
}

/**
 * What happens next: an expiry says whether nobody took the application or the time to pay ended;
 * cash brought to an office is counted there rather than reported paid.
 */
function nextStep(language: Language, input: ApplicationMailInput): string {
  const next = MAIL_TEXT[language].next;
  if (input.status === 'EXPIRED' && input.instructions) return next.EXPIRED_UNPAID ?? '';
  if (input.status === 'WAITING_PAYMENT' && input.instructions?.payTo?.kind === 'office')
    return next.WAITING_PAYMENT_CASH ?? '';
  return next[input.status] ?? '';
}

/** A guest's links (functions/domain/applications/guest.ts): to their order, and to set a password. */
export interface GuestLinks {
  orderUrl: string;
  passwordUrl: string;
}

function applicationMail(
  to: string,
  language: Language,
  input: ApplicationMailInput,
  kind: 'created' | 'status',
  guest?: GuestLinks,
): OutgoingMail {
  const text = MAIL_TEXT[language];
  const id = shortId(input.applicationId);
  const title =
    kind === 'created'
      ? text.createdTitle(id)
      : text.statusTitle(id, STATUS_NAMES[language][input.status] ?? input.status);
  const { text: plain, html } = renderMail({
    language,
    title,
    facts: applicationFacts(language, input),
    paragraphs: [nextStep(language, input), guest && text.guest.password(guest.passwordUrl)].filter(
      (paragraph): paragraph is string => !!paragraph,
    ),
    button: guest
      ? { label: text.guest.button, url: guest.orderUrl }
      : { label: text.button, url: `${siteUrl}/applications/${encodeURIComponent(input.applicationId)}` },
    why: guest ? text.guest.why : kind === 'created' ? text.whyCreated : text.whyStatus,
  });
  return { to, subject: title, text: plain, html };
}

/**
 * The mail at creation: every parameter of the order, what happens next, a button to it; a guest's
 * button opens the order by its secret link, and a line offers to set a password.
 */
export function applicationCreatedMail(
  to: string,
  language: Language,
  input: ApplicationMailInput,
  guest?: GuestLinks,
): OutgoingMail {
  return applicationMail(to, language, input, 'created', guest);
}

/** The mail at each status change: the same facts with the new status, the reason and the next step. */
export function applicationStatusMail(
  to: string,
  language: Language,
  input: ApplicationMailInput,
): OutgoingMail {
  return applicationMail(to, language, input, 'status');
}

/**
 * The staff mail about a new application: the owner mail's facts with the client's email and
 * Telegram, and a button to the application in the admin area.
 */
export function applicationStaffMail(
  to: string,
  language: Language,
  input: ApplicationMailInput,
  client: ClientContacts,
): OutgoingMail {
  const text = MAIL_TEXT[language];
  const title = text.staff.title(shortId(input.applicationId));
  const { text: plain, html } = renderMail({
    language,
    title,
    facts: applicationFacts(language, input, client),
    paragraphs: [text.staff.next],
    button: {
      label: text.staff.button,
      url: `${siteUrl}/admin/application-management?open_id=${encodeURIComponent(input.applicationId)}`,
    },
    why: text.staff.why,
    audience: 'staff',
  });
  return { to, subject: title, text: plain, html };
}
