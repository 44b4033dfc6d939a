import * as z from 'zod';

export const avatarListSchema = z.array(z.string().url());

export const validateTelegramBodySchema = z.strictObject({
  username: z.string().max(100),
});
export type ValidateTelegramBody = z.infer<typeof validateTelegramBodySchema>;
export const validateTelegramDataSchema = z.object({ isValid: z.boolean() });
