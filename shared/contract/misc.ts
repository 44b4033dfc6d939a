import * as z from 'zod/mini';
import { schema } from '../schema';

export const avatarListSchema = /* @__PURE__ */ schema(() => z.array(z.string().check(z.url())));

export const validateTelegramBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    username: z.string().check(z.maxLength(100)),
  }),
);
export type ValidateTelegramBody = z.infer<typeof validateTelegramBodySchema>;
export const validateTelegramDataSchema = /* @__PURE__ */ schema(() => z.object({ isValid: z.boolean() }));
