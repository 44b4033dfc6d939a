import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { listAuditFor } from '@functions/data/audit';
import { publishIfStale } from '@functions/domain/site-content/publish';
import { SITE_BLOCK_MARKDOWN_MAX, TICKER_COINS } from '@shared/constants';
import { getMarketTicker } from '@shared/routes/market';
import {
  adminSiteContent,
  chooseTickerCoins,
  previewSiteBlock,
  saveSiteBlock,
  siteContent,
} from '@shared/routes/site-content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api';
import type { TestUser } from '../../support/users';
import { newUser } from '../applications/fixtures';

/**
 * Pages staff edit over HTTP on the local stack (docs/product.md "Pages staff edit"): only an ADMIN
 * writes, bad input is refused in the envelope with nothing stored, what is stored is sanitized,
 * and a change is published into the prerendered pages of the site bucket (its S3 stand-in), from
 * the build's copy of each page, so taking a block back shows the built-in text again; after a
 * deploy puts the build's pages back, the publishing job writes the blocks in again.
 */
let manager: TestUser;
let admin: TestUser;

const bucket = process.env.SITE_BUCKET!;
const s3 = new S3Client({ endpoint: process.env.SITE_S3_ENDPOINT, forcePathStyle: true });

/** A page as the web build writes it: a block's element holding the built-in text. */
const buildPage = (language: string, block: string, builtIn: string) =>
  `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>t</title></head><body><div id="root"><main><div class="content-slot" data-content-slot="${block}">${builtIn}</div><p>Footer &amp; more</p></main></div></body></html>`;
const PRIVACY_RU = buildPage('ru', 'privacy', '<h1>Политика</h1><p>Встроенный текст</p>');
const PRIVACY_EN = buildPage('en', 'privacy', '<h1>Privacy</h1><p>Built-in text</p>');
const LANDING_RU = buildPage('ru', 'landing.hero', '<h1>Обмен</h1>');

async function deploy(key: string, html: string) {
  await s3.send(
    new PutObjectCommand({ Bucket: bucket, Key: key, Body: html, ContentType: 'text/html; charset=utf-8' }),
  );
}

async function page(key: string): Promise<string> {
  const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return (await object.Body?.transformToString('utf-8')) ?? '';
}

beforeAll(async () => {
  [manager, admin] = await Promise.all([newUser({ role: 'MANAGER' }), newUser({ role: 'ADMIN' })]);
  await Promise.all([
    deploy('ru/privacy-policy.html', PRIVACY_RU),
    deploy('en/privacy-policy.html', PRIVACY_EN),
    deploy('ru/index.html', LANDING_RU),
  ]);
});

describe('who may write the pages', () => {
  it('lets an ADMIN only: a MANAGER is refused, a visitor must sign in; anyone reads the written blocks', async () => {
    const body = { language: 'ru' as const, markdown: '# Не должно попасть' };
    expect(
      (await call(saveSiteBlock, { params: { block: 'privacy' }, body, token: manager.token })).status,
    ).toBe(403);
    expect((await call(saveSiteBlock, { params: { block: 'privacy' }, body })).status).toBe(401);
    expect((await call(adminSiteContent, { token: manager.token })).status).toBe(403);
    expect((await call(previewSiteBlock, { body: { markdown: 'x' }, token: manager.token })).status).toBe(
      403,
    );
    const read = await call(siteContent, { query: { language: 'ru' } });
    expect(read.status).toBe(200);
    expect(read.body.data?.blocks.privacy).toBeUndefined();
  });

  it('refuses an unknown block, a language it does not know and text over the limit, storing nothing', async () => {
    const unknown = await call(saveSiteBlock, {
      params: { block: 'home' as 'faq' },
      body: { language: 'ru', markdown: 'x' },
      token: admin.token,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.success).toBe(false);
    expect(unknown.body.errors?.map((error) => error.path)).toEqual(['params.block']);
    const language = await call(saveSiteBlock, {
      params: { block: 'privacy' },
      body: { language: 'de' as 'ru', markdown: 'x' },
      token: admin.token,
    });
    expect(language.status).toBe(400);
    const long = await call(saveSiteBlock, {
      params: { block: 'privacy' },
      body: { language: 'ru', markdown: 'x'.repeat(SITE_BLOCK_MARKDOWN_MAX + 1) },
      token: admin.token,
    });
    expect(long.status).toBe(400);
    expect(long.body.errors?.map((error) => error.path)).toEqual(['markdown']);
    const list = await call(adminSiteContent, { token: admin.token });
    expect(list.body.data?.entries.filter((entry) => entry.block === 'privacy')).toEqual([]);
    expect(await page('ru/privacy-policy.html')).toBe(PRIVACY_RU);
  });
});

describe('a written block', () => {
  it('previews sanitized: a script, an event handler and a javascript: link do not get through', async () => {
    const answer = await call(previewSiteBlock, {
      body: {
        markdown:
          '**жирный** <script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>',
      },
      token: admin.token,
    });
    expect(answer.status).toBe(200);
    const html = answer.body.data!.html;
    expect(html).toContain('<strong>жирный</strong>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toMatch(/<script|<img|<[^>]*\son\w+=|href="javascript:/i);
  });

  it('is stored, audited and published into the pages of its language, from the build copy', async () => {
    const markdown = '## Как долго ждать?\n\nДо **30 минут**. <script>alert(1)</script>';
    const saved = await call(saveSiteBlock, {
      params: { block: 'privacy' },
      body: { language: 'ru', markdown },
      token: admin.token,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ block: 'privacy', language: 'ru', published: true });
    expect(saved.body.data?.entry?.markdown).toBe(markdown);
    const html = saved.body.data!.entry!.html;
    expect(html).toContain('<h2>Как долго ждать?</h2>');
    expect(html).not.toContain('<script');

    const published = await page('ru/privacy-policy.html');
    expect(published).toContain(
      `<div class="content-slot" data-content-slot="privacy" data-content-custom="">${html}</div>`,
    );
    expect(published).not.toContain('Встроенный текст');
    // Every other byte as the build wrote it, and the version stamped.
    expect(published).toContain('<p>Footer &amp; more</p>');
    expect(published).toMatch(/<meta name="site-content-version" content="\d+"><\/head>/);
    expect(await page('_templates/ru/privacy-policy.html')).toBe(PRIVACY_RU);
    // The English page keeps its built-in text.
    const english = await page('en/privacy-policy.html');
    expect(english).toContain('Built-in text');
    expect(english).not.toContain('data-content-custom');

    const read = await call(siteContent, { query: { language: 'ru' } });
    expect(read.body.data?.blocks.privacy).toBe(html);
    expect(
      (await call(siteContent, { query: { language: 'en' } })).body.data?.blocks.privacy,
    ).toBeUndefined();
    const list = await call(adminSiteContent, { token: admin.token });
    expect(list.body.data?.entries).toContainEqual(
      expect.objectContaining({ block: 'privacy', language: 'ru', markdown, updatedBy: admin.id }),
    );
    expect(list.body.data?.publishedAt).not.toBeNull();
    const trail = await listAuditFor('siteContent', 'privacy#ru');
    expect(trail[0]).toMatchObject({ action: 'siteContent.write', actorId: admin.id, after: { markdown } });
  });

  it('is written in again by the publishing job after a deploy put the build pages back', async () => {
    await Promise.all([deploy('ru/privacy-policy.html', PRIVACY_RU), deploy('ru/index.html', LANDING_RU)]);
    const result = await publishIfStale();
    expect(result?.pagesWritten).toBeGreaterThanOrEqual(2);
    expect(await page('ru/privacy-policy.html')).toContain(
      'data-content-custom=""><h2>Как долго ждать?</h2>',
    );
    // Nothing changed since: the next run leaves the pages alone.
    expect(await publishIfStale()).toBeUndefined();
  });

  it('taken back (empty text), shows the built-in text again, audited', async () => {
    const reset = await call(saveSiteBlock, {
      params: { block: 'privacy' },
      body: { language: 'ru', markdown: '  ' },
      token: admin.token,
    });
    expect(reset.status).toBe(200);
    expect(reset.body.data).toMatchObject({ entry: null, published: true });
    const restored = await page('ru/privacy-policy.html');
    expect(restored).toContain('<p>Встроенный текст</p>');
    expect(restored).not.toContain('data-content-custom');
    expect(
      (await call(siteContent, { query: { language: 'ru' } })).body.data?.blocks.privacy,
    ).toBeUndefined();
    const trail = await listAuditFor('siteContent', 'privacy#ru');
    expect(trail[0]).toMatchObject({ action: 'siteContent.reset', before: expect.anything(), after: null });
  });
});

describe("the ticker's coins", () => {
  // The choice is the installation's: the spec's nine again for the files after this one.
  afterAll(async () => {
    await call(chooseTickerCoins, { body: { coins: [...TICKER_COINS] }, token: admin.token });
  });

  it("are the spec's nine until an ADMIN chooses, then theirs in their order; none: no ticker", async () => {
    const before = await call(adminSiteContent, { token: admin.token });
    expect(before.body.data?.tickerCoins).toEqual([...TICKER_COINS]);
    expect(before.body.data?.tickerCoinChoices).toEqual(expect.arrayContaining(['tron', 'bitcoin']));

    const chosen = await call(chooseTickerCoins, {
      body: { coins: ['tron', 'bitcoin'] },
      token: admin.token,
    });
    expect(chosen.status).toBe(200);
    const ticker = await call(getMarketTicker, {});
    expect(ticker.body.data?.coins.map((coin) => coin.symbol)).toEqual(['TRX', 'BTC']);
    expect((await listAuditFor('siteContent', 'ticker'))[0]).toMatchObject({
      action: 'siteContent.ticker',
      after: { coins: ['tron', 'bitcoin'] },
    });

    expect(await page('ru/index.html')).toContain('<html lang="ru"><head>');

    await call(chooseTickerCoins, { body: { coins: [] }, token: admin.token });
    const none = await call(getMarketTicker, {});
    expect(none.status).toBe(200);
    expect(none.body.data?.coins).toEqual([]);
    // The pages are published without the ticker's band (from their first paint), its blocks kept.
    const published = await page('ru/index.html');
    expect(published).toContain('<html lang="ru" data-ticker-off=""><head>');
    expect(published).toContain('data-content-slot="landing.hero"');
    expect(await page('en/privacy-policy.html')).toContain('<html lang="en" data-ticker-off="">');

    await call(chooseTickerCoins, { body: { coins: ['tron'] }, token: admin.token });
    expect(await page('ru/index.html')).toContain('<html lang="ru"><head>');
  });

  it('refuses a MANAGER, a coin it does not know and a coin twice, changing nothing', async () => {
    await call(chooseTickerCoins, { body: { coins: ['ethereum'] }, token: admin.token });
    expect(
      (await call(chooseTickerCoins, { body: { coins: ['bitcoin'] }, token: manager.token })).status,
    ).toBe(403);
    const unknown = await call(chooseTickerCoins, {
      body: { coins: ['bitcoin', 'pepe' as 'bitcoin'] },
      token: admin.token,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.map((error) => error.path)).toEqual(['coins.1']);
    const twice = await call(chooseTickerCoins, {
      body: { coins: ['bitcoin', 'bitcoin'] },
      token: admin.token,
    });
    expect(twice.status).toBe(400);
    expect((await call(adminSiteContent, { token: admin.token })).body.data?.tickerCoins).toEqual([
      'ethereum',
    ]);
  });
});
