import { logger } from '@functions/commons/logger';
import {
  type ApplicationRecord,
  assigneeStillStaff,
  detailsUpdate,
  findApplication,
} from '@functions/data/applications';
import { auditPut } from '@functions/data/audit';
import { findTelegramAccountOwner } from '@functions/data/telegram';
import { answerCallbackQuery } from '@functions/data/telegram-bot-api';
import { type TransactItem, Transaction, TransactionCancelledError } from '@functions/data/transactions';
import { findUserSummaries, type UserSummary } from '@functions/data/user-summaries';
import { TAKE_CALLBACK_PREFIX, type TelegramUpdate } from '@shared/contract/telegram';
import { DEFAULT_LANGUAGE } from '@shared/enums';
import { isTerminal, movesFrom } from '@shared/lifecycle';
import { dealInScope } from '@shared/staff-scope';
import { mfaSetupRequired } from '../accounts/staff-mfa';
import { MoveRefused } from '../applications/errors';
import { perform } from '../applications/perform';
import { takenAlertItem } from './outgoing';
import { type BotTexts, botTexts, staffName } from './texts';

type CallbackQuery = NonNullable<TelegramUpdate['callback_query']>;

/**
 * A press of an alert's Take button (docs/architecture.md "The Telegram bot"): assigns the
 * application to the staff member whose linked Telegram account pressed it, if their role allows
 * it and they have the second factor the admin area requires of them; a PENDING one is also taken into work (PENDING → PROCESSING), in the same write. Every write
 * is conditional on nobody being assigned, so of two presses at once exactly one wins; the other is
 * told who has it. The alert is then edited to say who took it. The press is always answered.
 */
export async function takeFromTelegram(query: CallbackQuery, now = new Date()): Promise<void> {
  let answer: string;
  try {
    answer = await take(query, now);
  } catch (error) {
    logger.error('telegram take failed', error as Error);
    answer = '⚠️';
  }
  await answerCallbackQuery(query.id, answer).catch((error: unknown) =>
    logger.warn('callback query not answered', { error: error as Error }),
  );
}

const ATTEMPTS = 3;

async function take(query: CallbackQuery, now: Date): Promise<string> {
  const applicationId = query.data!.slice(TAKE_CALLBACK_PREFIX.length);
  const staffId = await findTelegramAccountOwner(query.from.id);
  const staff = staffId ? (await findUserSummaries([staffId])).get(staffId) : undefined;
  const texts = botTexts(staff?.language ?? DEFAULT_LANGUAGE);
  if (!staff?.isActive || staff.telegramChatId === null) return texts.notLinked;
  if (staff.role === 'USER') return texts.notAllowed;
  // Taking a deal is staff work: the second factor the admin area requires is required here too.
  if (await mfaSetupRequired(staff)) return texts.secondFactorFirst;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const application = await findApplication(applicationId);
    if (!application) return texts.notFound;
    const refusal = await refusalOf(application, staff, texts);
    if (refusal) return refusal;
    const edit = query.message?.text
      ? [
          takenAlertItem(
            { chatId: query.message.chat.id, messageId: query.message.message_id, text: query.message.text },
            applicationId,
            staffName(staff),
            now,
          ),
        ]
      : [];
    if (await assign(application, staff, edit, now)) return texts.takenAnswer;
  }
  return texts.takenByOther('?');
}

/** Why this staff member cannot take it now; undefined when they can. */
async function refusalOf(
  application: ApplicationRecord,
  staff: UserSummary,
  texts: BotTexts,
): Promise<string | undefined> {
  if (application.assignedToId === staff.id) return texts.alreadyYours;
  if (application.assignedToId) {
    const holder = (await findUserSummaries([application.assignedToId])).get(application.assignedToId);
    return texts.takenByOther(holder ? staffName(holder) : '?');
  }
  if (isTerminal(application.status)) return texts.closed;
  // Staff never work their own application (as on the admin page), nor one outside their rights.
  if (application.userId === staff.id) return texts.notAllowed;
  if (!dealInScope(staff.scope, application)) return texts.outsideScope;
  return undefined;
}

/** One conditional write; false when someone changed the application meanwhile (read again). */
async function assign(
  application: ApplicationRecord,
  staff: UserSummary,
  edit: TransactItem[],
  now: Date,
): Promise<boolean> {
  const actor = { id: staff.id, role: staff.role };
  if (movesFrom('takeFromAlert', application.status)) {
    try {
      await perform(
        {
          move: 'takeFromAlert',
          application,
          actor,
          write: {
            fields: { assignedToId: staff.id },
            parts: edit.map((item) => ['takenAlert', item]),
          },
        },
        now,
      );
      return true;
    } catch (error) {
      // Someone took or moved it first: read it again.
      if (error instanceof MoveRefused) return false;
      throw error;
    }
  }
  const transaction = new Transaction()
    .add('details', detailsUpdate(application, { assignedToId: staff.id }, now.toISOString()))
    .add('assignee', assigneeStillStaff(staff.id))
    .add(
      'audit',
      auditPut({
        actorId: staff.id,
        actorRole: staff.role,
        action: 'application.details',
        targetType: 'application',
        targetId: application.id,
        before: { assignedToId: null },
        after: { assignedToId: staff.id, via: 'telegram' },
        at: now,
      }),
    )
    .add('takenAlert', ...edit);
  try {
    await transaction.run();
    return true;
  } catch (error) {
    if (error instanceof TransactionCancelledError && error.failedOn('details')) return false;
    throw error;
  }
}
