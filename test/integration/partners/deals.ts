import type { UserRecord } from '@functions/data/users';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import { standardBody } from '../applications/bodies';
import type { ChainModules } from '../chain/chain-table';

/** A cash EUR → USDT deal of 700 EUR completed at the office by `staff`, from `client`, with the visit's `source`. */
export async function completedCashDeal(
  m: ChainModules,
  staff: RecordedActor,
  client: UserRecord,
  source: Record<string, string>,
): Promise<string> {
  const body = standardBody({ assetFrom: 'cash-EUR', amount: 700, source });
  const { application } = await m.create.createApplication(client.id, body as never, undefined);
  await m.admin.changeApplicationStatus(application.id, { status: 'PROCESSING' }, staff);
  await m.admin.changeApplicationStatus(application.id, { status: 'COMPLETED' }, staff);
  return application.id;
}
