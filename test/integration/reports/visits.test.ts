import { withRequestOrigin } from '@functions/commons/request-origin';
import type { Report } from '@shared/contract/reports';
import { adminReport, recordVisit } from '@shared/routes/reports';
import { beforeAll, describe, expect, it } from 'vitest';
import { asNewVisitor, call, runId } from '../../support/api';
import { createVerifiedUser, type TestUser } from '../../support/users';

/**
 * Clicks per source and day (POST /visits, docs/product.md "Reports"): a visitor's arrival from a
 * monitor's link, a campaign or another site is counted under the source its deals count under,
 * read by the reports beside them; bad sources are refused with nothing counted, and one address
 * counts at most VISITS_PER_ADDRESS_HOUR an hour. On the shared stack: each test's source names a
 * host or campaign of its own, and the whole business's clicks are compared before and after.
 */
let admin: TestUser;

beforeAll(async () => {
  admin = await createVerifiedUser({ role: 'ADMIN' });
});

async function sourceReport(day: string): Promise<Report> {
  const answer = await call(adminReport, {
    query: { from: day, to: day, breakdown: 'source' },
    token: admin.token,
  });
  expect(answer.status).toBe(200);
  return answer.body.data!;
}

const clicksOf = (report: Report, value: string) =>
  report.breakdown?.rows.find((row) => row.value === value)?.figures.clicks ?? 0;

describe('clicks per source', () => {
  it("counts a monitor's link, a campaign, another site and a partner's link under the values their deals count under", async () => {
    const host = `${runId()}.monitor.test`;
    const campaign = `spring-${runId()}`;
    const partnerCode = `P${runId()}`;
    const before = await sourceReport(await today());
    const visits = [
      { monitorFrom: 'SBERRUB', monitorTo: 'USDTTRC20', referrer: host },
      { monitorFrom: 'SBERRUB', monitorTo: 'USDTTRC20', referrer: host },
      { utmSource: 'telegram', utmCampaign: campaign },
      { referrer: `www.${host}` },
      // A partner's link counts for the partner, whatever else it carried.
      { partner: partnerCode, monitorFrom: 'SBERRUB', monitorTo: 'USDTTRC20', referrer: host },
    ];
    for (const source of visits) {
      const answer = await call(recordVisit, { body: { source }, headers: asNewVisitor() });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({ counted: true });
    }

    const after = await sourceReport(before.from);
    expect(clicksOf(after, `monitor:${host}`)).toBe(2);
    expect(clicksOf(after, `campaign:telegram / ${campaign}`)).toBe(1);
    expect(clicksOf(after, `site:www.${host}`)).toBe(1);
    expect(clicksOf(after, `partner:${partnerCode}`)).toBe(1);
    expect(after.figures.clicks - before.figures.clicks).toBe(5);
  });

  it('refuses a source that says nothing or that the site would not record, and counts nothing', async () => {
    const before = await sourceReport(await today());
    for (const source of [{}, { referrer: 'Not A Host!' }, { utmSource: 'x', extra: 'y' }]) {
      const answer = await call(recordVisit, { body: { source } as never, headers: asNewVisitor() });
      expect(answer.status).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(answer.body.errors?.map((error) => error.path)).toContainEqual(expect.stringMatching(/^source/));
    }
    const missing = await call(recordVisit, { body: {} as never, headers: asNewVisitor() });
    expect(missing.status).toBe(400);
    expect((await sourceReport(before.from)).figures.clicks).toBe(before.figures.clicks);
  });

  it('counts at most VISITS_PER_ADDRESS_HOUR clicks from one address in an hour, and answers the rest', async () => {
    const { recordVisit: record, VISITS_PER_ADDRESS_HOUR } = await import('@functions/domain/reports/visits');
    const report = await import('@functions/domain/reports/report');
    // Within one hour's window, on a day nothing else counts clicks on.
    const now = new Date('2026-03-03T10:00:01Z');
    const source = { referrer: `${runId()}.flood.test` };
    const origin = { ip: '203.0.113.7', userAgent: 'a script' };
    const answers: boolean[] = [];
    for (let hit = 0; hit <= VISITS_PER_ADDRESS_HOUR; hit += 1)
      answers.push(await withRequestOrigin(origin, () => record(source, now)));
    expect(answers.filter(Boolean)).toHaveLength(VISITS_PER_ADDRESS_HOUR);
    expect(answers.at(-1)).toBe(false);
    // Another address still counts.
    expect(
      await withRequestOrigin({ ip: '203.0.113.8', userAgent: undefined }, () => record(source, now)),
    ).toBe(true);
    const day = await report.buildReport({ from: '2026-03-03', to: '2026-03-03', breakdown: 'source' });
    expect(clicksOf(day, `site:${source.referrer}`)).toBe(VISITS_PER_ADDRESS_HOUR + 1);
  });
});

/** The business day now, as the reports count it. */
async function today(): Promise<string> {
  const { businessDayOf } = await import('@shared/business-time');
  const { businessTimeZone } = await import('@functions/domain/settings/business-time');
  return businessDayOf(new Date(), await businessTimeZone());
}
