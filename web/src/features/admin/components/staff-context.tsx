import type { StaffActor } from '@shared/permissions';
import { createContext, useContext } from 'react';

/** The logged-in staff member, for role-aware actions anywhere in the admin area. */
export const StaffContext = createContext<StaffActor | null>(null);

export function useStaff(): StaffActor {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff outside the admin area');
  return staff;
}
