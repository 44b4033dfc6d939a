import { readFile } from 'node:fs/promises';
import { businessDayOf } from '@shared/business-time';
import { SETTING_DEFAULTS } from '@shared/constants';
import { describe, expect, it } from 'vitest';
import { readSemicolonCsv } from '../../integration/transactions/csv-reader';
import { completeApplication, createStaff } from '../support/admin-data';
import { openAs, registerVerifiedUser, waitForAdmin } from '../support/admin-session';
import { seriousAxeViolations, useBrowser, VIEWPORTS } from '../support/browser';

/**
 * The transaction history's export as a MANAGER uses it in Chromium: today's movements asked for
 * as a Russian CSV, prepared by the export worker, and saved by the browser as a download.
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

describe('exporting the transaction history', () => {
  it('a MANAGER exports today as a Russian CSV and the browser saves the file', async () => {
    const manager = await createStaff('MANAGER', 'expm');
    const client = await registerVerifiedUser('expc');
    const application = await completeApplication(client, manager);
    const today = businessDayOf(new Date(), SETTING_DEFAULTS.businessTimeZone.value);

    const page = await newPage({ language: 'ru', width: VIEWPORTS.desktop });
    await openAs(page, manager, `/admin/transaction-history?from=${today}&to=${today}`);
    await waitForAdmin(page);
    await page.getByRole('combobox', { name: 'Формат файла' }).selectOption('csv');
    await page.getByRole('button', { name: 'Выгрузить' }).click();
    await page.getByText(`transactions_${today}_${today}.csv готов`, { exact: false }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Скачать' }).click(),
    ]);

    expect(download.suggestedFilename()).toBe(`transactions_${today}_${today}.csv`);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = readSemicolonCsv(bytes.subarray(3).toString('utf8'));
    expect(header!.slice(0, 2)).toEqual([
      `Дата и время (${SETTING_DEFAULTS.businessTimeZone.value})`,
      'Сделка',
    ]);
    const payment = rows.find((row) => row[1] === application.id && row[4] === 'Оплата клиента')!;
    expect([payment[2], payment[6], payment[8]]).toEqual([client.email, '1500,00', 'EUR']);
  });
});
