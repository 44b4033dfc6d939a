import {
  isOpen,
  jobMayExpire,
  ownerMayCancel,
  statusCounterDeltas,
} from '@functions/domain/applications/transitions';
import { APPLICATION_STATUSES, type ApplicationStatus } from '@shared/enums';
import { staffMayMove, staffMovesFrom } from '@shared/lifecycle';
import { describe, expect, it } from 'vitest';

const ALLOWED = new Set([
  'PENDING>PROCESSING',
  'PENDING>REJECTED',
  'PENDING>CANCELLED',
  'PROCESSING>COMPLETED',
  'PROCESSING>REJECTED',
  'PROCESSING>CANCELLED',
]);

describe('the application lifecycle (docs/architecture.md §7)', () => {
  it('lets staff make exactly the six moves of the lifecycle', () => {
    const moves = APPLICATION_STATUSES.flatMap((from) =>
      APPLICATION_STATUSES.filter((to) => staffMayMove(from, to)).map((to) => `${from}>${to}`),
    );
    expect(new Set(moves)).toEqual(ALLOWED);
  });

  it.each(['COMPLETED', 'CANCELLED', 'REJECTED', 'EXPIRED'] as ApplicationStatus[])(
    'keeps %s terminal',
    (from) => {
      expect(APPLICATION_STATUSES.filter((to) => staffMayMove(from, to))).toEqual([]);
    },
  );

  it('offers the admin control exactly the moves the server accepts', () => {
    for (const from of APPLICATION_STATUSES) {
      expect([...staffMovesFrom(from)].sort()).toEqual(
        APPLICATION_STATUSES.filter((to) => staffMayMove(from, to)).sort(),
      );
    }
    expect(staffMovesFrom('SOMETHING_NEW')).toEqual([]);
  });

  it('lets the owner cancel and the job expire only PENDING applications', () => {
    expect(APPLICATION_STATUSES.filter(ownerMayCancel)).toEqual(['PENDING']);
    expect(APPLICATION_STATUSES.filter(jobMayExpire)).toEqual(['PENDING']);
  });

  it('counts PENDING and PROCESSING as open', () => {
    expect(APPLICATION_STATUSES.filter(isOpen)).toEqual(['PENDING', 'PROCESSING']);
  });
});

describe('statusCounterDeltas', () => {
  it('moves one count from the old status to the new one', () => {
    expect(statusCounterDeltas('PENDING', 'PROCESSING')).toEqual({
      perStatus: { PENDING: -1, PROCESSING: 1 },
      user: { PENDING: -1, PROCESSING: 1 },
    });
  });

  it('closes an open application in the owner’s open count', () => {
    expect(statusCounterDeltas('PROCESSING', 'COMPLETED').user).toEqual({
      PROCESSING: -1,
      COMPLETED: 1,
      openCount: -1,
    });
  });
});
