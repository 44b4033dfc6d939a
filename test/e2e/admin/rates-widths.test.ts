import { beforeAll, describe, expect, it } from 'vitest';
import { logInAsSuperAdmin, openAs, type Session } from '../support/admin-session';
import { screenshot, useBrowser } from '../support/browser';

/**
 * The admin rates table cuts nothing off at 1280, 1024 or 375 px, in edit mode too:
 * the table's scroll container is no wider inside than it is, and every header of the directions
 * table lies within it. Screenshots (E2E_SCREENSHOTS=1) at 375 and 1280 px in ru and en.
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();
let admin: Session;

beforeAll(async () => {
  admin = await logInAsSuperAdmin();
});

const cases = [
  { width: 1280, language: 'en' as const },
  { width: 1024, language: 'en' as const },
  { width: 375, language: 'en' as const },
  { width: 1280, language: 'ru' as const },
  { width: 375, language: 'ru' as const },
];

describe('the admin rates table at every width', () => {
  it.each(cases)(
    'cuts nothing off at $width px ($language), viewing and editing',
    async ({ width, language }) => {
      const page = await newPage({ width, language });
      await openAs(page, admin, '/admin/exchange-rates');
      const table = page.locator('#directions-title ~ .table-scroll').first();
      await table.locator('tbody tr').first().waitFor();
      const overflow = () =>
        table.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));

      const viewing = await overflow();
      expect(viewing.scroll).toBeLessThanOrEqual(viewing.client);
      await screenshot(page, `admin-rates-${language}-${width}`);

      await table.locator('tbody tr').first().getByRole('button').first().click();
      await table.locator('fieldset.rate-edit').waitFor();
      const editing = await overflow();
      expect(editing.scroll).toBeLessThanOrEqual(editing.client);
      // Every control of the edit form is inside the table's visible box.
      const box = (await table.boundingBox())!;
      for (const control of await table.locator('fieldset.rate-edit :is(input, select, button)').all()) {
        const own = (await control.boundingBox())!;
        expect(own.x + own.width).toBeLessThanOrEqual(box.x + box.width + 1);
      }
      await screenshot(page, `admin-rates-edit-${language}-${width}`);
    },
  );
});
