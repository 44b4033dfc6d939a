import { createContext, useContext } from 'react';
import type { StaffSubject } from '../lib/permissions';

/** The logged-in staff member, for role-aware actions anywhere in the admin area. */
export const StaffContext = createContext<StaffSubject | null>(null);

export function useStaff(): StaffSubject {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff outside the admin area');
  return staff;
}
