import * as z from 'zod/mini';
import { roleSchema } from '../enums';
import { schema } from '../schema';

/** Staff shifts (docs/operations.md "Staff shifts and rights"): one's own on/off, and who is on shift now. */

/** PUT /admin/shift: the caller goes on (true) or off (false) shift. */
export const shiftBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({ onShift: z.boolean({ error: 'mustBeBoolean' }) }),
);

/** The caller's shift as stored after the call: since when they are on it, or null off shift. */
export const ownShiftSchema = /* @__PURE__ */ schema(() =>
  z.object({ onShiftSince: z.nullable(z.string()) }),
);
export type OwnShift = z.infer<typeof ownShiftSchema>;

/** GET /admin/shifts: the active staff on shift, longest on shift first. */
export const onShiftStaffSchema = /* @__PURE__ */ schema(() =>
  z.array(
    z.object({
      id: z.string(),
      /** The username, else the email. */
      name: z.string(),
      role: roleSchema,
      since: z.string(),
    }),
  ),
);
export type OnShiftStaff = z.infer<typeof onShiftStaffSchema>;
