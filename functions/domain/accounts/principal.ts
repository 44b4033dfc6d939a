import type { UserRecord } from '@functions/data/users';
import type { Role } from '@shared/enums';
import { type StaffScope, scopeOfRole } from '@shared/staff-scope';

/** The caller of an authenticated route, loaded and checked against the stored user. */
export interface Principal {
  userId: string;
  role: Role;
  sessionId: string;
  user: UserRecord;
}

/** The user or staff member acting, as the role hierarchy and the audit trail see them. */
export interface Actor {
  id: string;
  role: Role;
  isActive: boolean;
}

export function actorOf(principal: Principal): Actor {
  return { id: principal.userId, role: principal.role, isActive: principal.user.isActive };
}

/** Who an audit entry or a history record names: enough for changes that check no hierarchy. */
export type RecordedActor = Pick<Actor, 'id' | 'role'>;

/**
 * A staff member acting on deals: who, and how far their rights reach (null: every deal). Every
 * staff route passes its caller's (`dealActorOf`); the system's and a script's actor has none and is
 * never narrowed (test/unit/staff-scope.test.ts checks the routes).
 */
export interface DealActor extends RecordedActor {
  scope?: StaffScope | null;
}

export function dealActorOf(principal: Principal): DealActor & { scope: StaffScope | null } {
  return {
    id: principal.userId,
    role: principal.role,
    scope: scopeOfRole(principal.role, principal.user.staffScope),
  };
}
