import * as z from 'zod/mini';
import { cityKeySchema } from '../geo';
import { schema } from '../schema';
import { cityCodeSchema, scheduleViewSchema, timeZoneSchema, weekHoursSchema } from '../working-hours';

/** Longest maintenance message per language. */
export const MAINTENANCE_MESSAGE_MAX = 500;

export const localizedMessageSchema = /* @__PURE__ */ schema(() =>
  z.object({ ru: z.string(), en: z.string() }),
);

export const maintenanceSchema = /* @__PURE__ */ schema(() =>
  z.object({
    /** While on, nothing is offered: no quote, no application. */
    active: z.boolean(),
    /** Staff's words for visitors, per language ('' = none: the site's own text shows). */
    message: localizedMessageSchema,
  }),
);
export type Maintenance = z.infer<typeof maintenanceSchema>;

/**
 * GET /status: what applies to every direction — the maintenance switch and the global schedule of
 * card directions. A cash direction in a city is offered while the city's `hours.openNow` (GET
 * /geo) and no maintenance; a card direction while `cardHours.openNow` and no maintenance.
 */
export const exchangeStatusSchema = /* @__PURE__ */ schema(() =>
  z.object({ maintenance: maintenanceSchema, cardHours: scheduleViewSchema }),
);
export type ExchangeStatus = z.infer<typeof exchangeStatusSchema>;

export const cityParamsSchema = /* @__PURE__ */ schema(() => z.object({ key: cityKeySchema }));

/** A city's time zone, weekly hours and monitors' code, all replaced (code null = none). */
export const putCityHoursBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    timeZone: timeZoneSchema,
    week: weekHoursSchema,
    code: z.nullable(cityCodeSchema),
  }),
);
export type PutCityHoursBody = z.infer<typeof putCityHoursBodySchema>;

export const cityHoursDataSchema = /* @__PURE__ */ schema(() =>
  z.object({ key: z.string(), code: z.nullable(z.string()), hours: scheduleViewSchema }),
);

export const putCardHoursBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({ timeZone: timeZoneSchema, week: weekHoursSchema }),
);
export type PutCardHoursBody = z.infer<typeof putCardHoursBodySchema>;

const messageText = /* @__PURE__ */ schema(() =>
  z._default(z.string().check(z.trim(), z.maxLength(MAINTENANCE_MESSAGE_MAX)), ''),
);

export const putMaintenanceBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    active: z.boolean(),
    /** Omitted: no message. */
    message: z._default(z.strictObject({ ru: messageText, en: messageText }), { ru: '', en: '' }),
  }),
);
export type PutMaintenanceBody = z.infer<typeof putMaintenanceBodySchema>;
