import { visitSourceSchema } from '@shared/contract/applications';
import { visitSourceOf } from '@shared/visit-source';
import { describe, expect, it } from 'vitest';

const OWN = 'exchange.example';

describe('where a visit came from', () => {
  it("reads a campaign's utm parameters and another site's host", () => {
    const source = visitSourceOf(
      '?utm_source=telegram&utm_medium=post&utm_campaign=Весна 2026&utm_term=usdt&utm_content=banner&lang=ru',
      'https://t.me/some_channel/42',
      OWN,
    );
    expect(source).toEqual({
      utmSource: 'telegram',
      utmMedium: 'post',
      utmCampaign: 'Весна 2026',
      utmTerm: 'usdt',
      utmContent: 'banner',
      referrer: 't.me',
    });
    expect(visitSourceSchema.safeParse(source).success).toBe(true);
  });

  it("reads a partner's link by its referral code, beside a monitor's codes", () => {
    const source = visitSourceOf('?ref=ANNA_7&cur_from=SBERRUB&cur_to=USDTTRC20', '', OWN);
    expect(source).toEqual({ partner: 'ANNA_7', monitorFrom: 'SBERRUB', monitorTo: 'USDTTRC20' });
    expect(visitSourceSchema.safeParse(source).success).toBe(true);
    // A code the referral cookie would not keep is no partner.
    expect(visitSourceOf('?ref=an%20na', '', OWN)).toBeNull();
  });

  it("keeps the partner's own sub-id, cut to 32 characters, and leaves out one that breaks the rule", () => {
    const source = visitSourceOf(`?ref=ANNA7&sub=${'t'.repeat(40)}`, '', OWN);
    expect(source).toEqual({ partner: 'ANNA7', partnerSub: 't'.repeat(32) });
    expect(visitSourceSchema.safeParse(source).success).toBe(true);
    expect(visitSourceOf('?ref=ANNA7&sub=tele%20gram', '', OWN)).toEqual({ partner: 'ANNA7' });
  });

  it("reads a monitor's deep link by its currency codes", () => {
    expect(visitSourceOf('?cur_from=SBERRUB&cur_to=USDTTRC20', 'https://www.bestchange.ru/', OWN)).toEqual({
      monitorFrom: 'SBERRUB',
      monitorTo: 'USDTTRC20',
      referrer: 'www.bestchange.ru',
    });
  });

  it('says nothing for a direct visit or a page of the site itself', () => {
    expect(visitSourceOf('', '', OWN)).toBeNull();
    expect(visitSourceOf('?lang=en', `https://${OWN}/rates`, OWN)).toBeNull();
    expect(visitSourceOf('', 'not a url', OWN)).toBeNull();
  });

  it('cuts a long value to its longest and leaves out one that breaks its rule, so the server takes what is sent', () => {
    const source = visitSourceOf(
      `?utm_campaign=${'x'.repeat(300)}&utm_source=a%00b&cur_from=SBER RUB&cur_to=USDTTRC20`,
      '',
      OWN,
    );
    expect(source).toEqual({ utmCampaign: 'x'.repeat(100), monitorTo: 'USDTTRC20' });
    expect(visitSourceSchema.safeParse(source).success).toBe(true);
  });

  it('is refused by the server when sent otherwise: control characters, too long, unknown fields', () => {
    for (const bad of [
      { utmSource: 'a\u0000b' },
      { utmCampaign: 'x'.repeat(101) },
      { monitorFrom: 'SBER RUB' },
      { referrer: 'https://t.me/x' },
      { gclid: 'abc' },
    ]) {
      const parsed = visitSourceSchema.safeParse(bad);
      expect({ bad, success: parsed.success }).toEqual({ bad, success: false });
    }
  });
});
