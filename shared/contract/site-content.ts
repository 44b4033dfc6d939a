import * as z from 'zod/mini';
import { SITE_BLOCK_MARKDOWN_MAX, TICKER_COIN_CHOICES } from '../constants';
import { languageSchema } from '../enums';
import { schema } from '../schema';

/**
 * Pages staff edit (docs/product.md "Pages staff edit"): blocks of the public site whose text an
 * ADMIN writes as Markdown in each language. The server renders and sanitizes it
 * (functions/domain/site-content/markdown.ts) and writes the HTML into the prerendered pages that hold the
 * block (functions/domain/site-content/publish.ts); a block nobody wrote shows the site's built-in
 * text. The web app marks each block's place with `data-content-slot`.
 */
export const SITE_BLOCKS = [
  'landing.hero',
  'landing.features',
  'landing.cities',
  'landing.news',
  'faq',
  'aml-kyc',
  'terms',
  'privacy',
] as const;
export const siteBlockSchema = /* @__PURE__ */ schema(() => z.enum(SITE_BLOCKS, { error: 'siteBlock' }));
export type SiteBlock = z.infer<typeof siteBlockSchema>;

/**
 * The largest request body of the routes that take a block: its longest text in Cyrillic (two
 * bytes a character in UTF-8) written as JSON, with room for escapes (a line break is two bytes).
 */
export const SITE_BLOCK_BODY_MAX_BYTES = 256 * 1024;

/** The attribute that marks a block's element in the page, and the one a written block's element carries. */
export const CONTENT_SLOT_ATTRIBUTE = 'data-content-slot';
export const CONTENT_CUSTOM_ATTRIBUTE = 'data-content-custom';
/**
 * On a published page's `<html>` when an ADMIN chose no ticker coins: the landing page's ticker
 * strip (the band held for it) is not shown (web/src/features/landing/landing.css).
 */
export const TICKER_OFF_ATTRIBUTE = 'data-ticker-off';

const markdownSchema = () =>
  z
    .string({ error: 'siteBlockMarkdown' })
    .check(z.maxLength(SITE_BLOCK_MARKDOWN_MAX, { error: 'siteBlockMarkdown' }));

export const siteContentQuerySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({ language: languageSchema }),
);

export const siteBlockParamsSchema = /* @__PURE__ */ schema(() => z.strictObject({ block: siteBlockSchema }));

/** PUT /admin/site-content/{block}: the block's Markdown in one language; empty text brings back the built-in one. */
export const siteBlockBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({ language: languageSchema, markdown: markdownSchema() }),
);
export type SiteBlockBody = z.infer<typeof siteBlockBodySchema>;

/** POST /admin/site-content/preview: Markdown to see as the site would show it, nothing stored. */
export const siteBlockPreviewBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({ markdown: markdownSchema() }),
);

/** GET /site-content: the written blocks of one language as sanitized HTML (a block not listed shows the built-in text). */
export const siteContentSchema = /* @__PURE__ */ schema(() =>
  z.object({
    language: languageSchema,
    blocks: z.partialRecord(siteBlockSchema, z.string()),
  }),
);
export type SiteContent = z.infer<typeof siteContentSchema>;

export const siteBlockEntrySchema = /* @__PURE__ */ schema(() =>
  z.object({
    block: siteBlockSchema,
    language: languageSchema,
    markdown: z.string(),
    html: z.string(),
    updatedAt: z.string(),
    updatedBy: z.string(),
  }),
);
export type SiteBlockEntry = z.infer<typeof siteBlockEntrySchema>;

/** GET /admin/site-content: every written block in every language, and when the pages last took them. */
export const adminSiteContentSchema = /* @__PURE__ */ schema(() =>
  z.object({
    entries: z.array(siteBlockEntrySchema),
    /** When the prerendered pages were last rewritten with the blocks; null: never. */
    publishedAt: z.nullable(z.string()),
    /** The ticker's coins, in order; empty: no ticker. */
    tickerCoins: z.array(z.enum(TICKER_COIN_CHOICES)),
    /** Every coin the ticker may show, in the order to offer them. */
    tickerCoinChoices: z.array(z.enum(TICKER_COIN_CHOICES)),
  }),
);
export type AdminSiteContent = z.infer<typeof adminSiteContentSchema>;

/** PUT /admin/site-content/{block}: the block as stored (null markdown: back to the built-in text) and whether the pages took it. */
export const siteBlockSavedSchema = /* @__PURE__ */ schema(() =>
  z.object({
    block: siteBlockSchema,
    language: languageSchema,
    entry: z.nullable(siteBlockEntrySchema),
    published: z.boolean(),
  }),
);

export const siteBlockPreviewSchema = /* @__PURE__ */ schema(() => z.object({ html: z.string() }));

/** PUT /admin/ticker: the ticker's coins, in the order to show them; none: no ticker on the landing page. */
export const tickerChoiceBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    coins: z
      .array(z.enum(TICKER_COIN_CHOICES, { error: 'tickerCoin' }))
      .check(z.refine((coins) => new Set(coins).size === coins.length, { error: 'tickerCoinTwice' })),
  }),
);
export type TickerChoiceBody = z.infer<typeof tickerChoiceBodySchema>;

export const tickerChoiceSchema = /* @__PURE__ */ schema(() =>
  z.object({ coins: z.array(z.enum(TICKER_COIN_CHOICES)) }),
);
