import * as z from 'zod/mini';

export const avatarListSchema = z.array(z.string().check(z.url()));

export const validateTelegramBodySchema = z.strictObject({
  username: z.string().check(z.maxLength(100)),
});
export type ValidateTelegramBody = z.infer<typeof validateTelegramBodySchema>;
export const validateTelegramDataSchema = z.object({ isValid: z.boolean() });
