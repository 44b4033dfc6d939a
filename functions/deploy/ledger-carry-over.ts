import { withLogContext } from '@functions/commons/logger';
import { type CarryOverResult, carryOverIntoBooks } from '@functions/domain/ledger/carry-over';

/**
 * The deploy's carry-over of an install's reserves and history into the books (the `triggers.Trigger`
 * of infra/constructs/ledger-carry-over.ts, after the seed): idempotent, so every deploy may run it.
 * A failure fails the deploy, which runs it again next time.
 */
export const handler = withLogContext(async (): Promise<CarryOverResult> => carryOverIntoBooks());
