import type { Role } from '../../../shared/enums';
import type { Principal } from '../../commons/http-types';

/** The staff member (or user) acting, as the domain records it. */
export interface StaffActor {
  id: string;
  role: Role;
}

export function actorOf(principal: Principal): StaffActor {
  return { id: principal.userId, role: principal.role };
}
