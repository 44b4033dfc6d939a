import type { Principal } from '@functions/commons/http-types';
import type { Role } from '@shared/enums';

/** The staff member (or user) acting, as the domain records it. */
export interface StaffActor {
  id: string;
  role: Role;
}

export function actorOf(principal: Principal): StaffActor {
  return { id: principal.userId, role: principal.role };
}
