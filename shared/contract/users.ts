import * as z from 'zod';
import { languageSchema, roleSchema } from '../enums';

/** The user as every client sees it: exactly the spec's User fields (section 3), nothing internal. */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  telegramId: z.string().nullable(),
  language: languageSchema,
  role: roleSchema,
  isActive: z.boolean(),
  photo_url: z.string().nullable(),
  referralCode: z.string().nullable(),
  emailVerified: z.boolean(),
  referralCount: z.number().int(),
  applicationCount: z.number().int(),
  adminComment: z.string().nullable(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
