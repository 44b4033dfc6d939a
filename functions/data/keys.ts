/**
 * Key builders for the single table, and the one list of its access patterns.
 *
 * Table: pk/sk (strings); GSIs gsi1..gsi3 (gsiNpk/gsiNsk, projection ALL); TTL attribute expiresAt.
 *
 * | Entity            | pk                    | sk                 | GSI keys                          |
 * |-------------------|-----------------------|--------------------|-----------------------------------|
 * | User              | USER#{userId}         | PROFILE            | gsi1: USERS / {createdAt}#{id}    |
 * | Email marker      | EMAIL#{email}         | MARKER             |                                   |
 * | Username marker   | USERNAME#{lowercase}  | MARKER             |                                   |
 * | Referral marker   | REFCODE#{code}        | MARKER             |                                   |
 * | Geo node          | GEO                   | NODE#{dotted key}  |                                   |
 * | Setting           | SETTING               | {key}              |                                   |
 * | Daily statistics  | STATS#DAY             | {yyyy-mm-dd}       |                                   |
 * | Session family    | SESSION#{sessionId}   | SESSION            |                                   |
 * | Refresh token     | REFRESH#{sha256}      | TOKEN              |                                   |
 * | One-time token    | OTT#{sha256}          | {purpose}          |                                   |
 * | Throttle bucket   | THROTTLE#{rule}#{who} | {window start}     |                                   |
 * | Login failures    | LOGINFAIL#{subject}   | STATE              |                                   |
 *
 * Access patterns (each is a GetItem, a Query, or a conditional/transactional write; never a Scan):
 * 1. User by id: GetItem USER#{id}/PROFILE.
 * 2. User by email / username / referral code: GetItem of the marker, then of the user.
 * 3. Uniqueness of email, username, referral code: Put of the marker with attribute_not_exists(pk)
 *    in the same TransactWriteItems as the user.
 * 4. Whole geo tree: Query pk=GEO (about 150 items, one page).
 * 5. A geo node and its descendants: Query pk=GEO, begins_with(sk, NODE#{key}).
 * 6. Settings: Query pk=SETTING; one setting: GetItem SETTING/{key}.
 * 7. Dashboard day buckets: Query pk=STATS#DAY, sk BETWEEN two dates (counters, updated with ADD in
 *    the same transaction as the event they count).
 * 8. All users, newest first (admin listing): Query gsi1 gsi1pk=USERS, ScanIndexForward=false.
 * 9. Authenticated request: one BatchGetItem of USER#{id}/PROFILE and SESSION#{sid}/SESSION (the
 *    session must be unrevoked, unexpired and on the user's current sessionEpoch).
 * 10. Refresh: GetItem REFRESH#{hash}; rotation is one TransactWriteItems (old token marked
 *    rotated if not yet, new token put, session's current hash swapped if unchanged).
 * 11. Verification / reset token: GetItem OTT#{hash}/{purpose}; consumed with a conditional
 *    update (attribute_not_exists(usedAt)) in the same transaction as its effect.
 * 12. Throttling: UpdateItem ADD hits on the current window's bucket, conditional on hits < limit;
 *    login lockout: GetItem/UpdateItem LOGINFAIL#{userId or unknown identifier}/STATE.
 *    Sessions, tokens and throttle items carry expiresAt (TTL only cleans up; code checks expiry).
 */
export const keys = {
  user: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  emailMarker: (email: string) => ({ pk: `EMAIL#${email}`, sk: 'MARKER' }),
  usernameMarker: (username: string) => ({ pk: `USERNAME#${username.toLowerCase()}`, sk: 'MARKER' }),
  referralCodeMarker: (code: string) => ({ pk: `REFCODE#${code}`, sk: 'MARKER' }),
  geoPartition: 'GEO',
  geoNode: (key: string) => ({ pk: 'GEO', sk: `NODE#${key}` }),
  geoNodeSortKeyPrefix: 'NODE#',
  settingPartition: 'SETTING',
  setting: (key: string) => ({ pk: 'SETTING', sk: key }),
  dailyStatsPartition: 'STATS#DAY',
  dailyStats: (day: Date) => ({ pk: 'STATS#DAY', sk: day.toISOString().slice(0, 10) }),
  usersIndexPartition: 'USERS',
  userListEntry: (createdAt: string, userId: string) => ({
    gsi1pk: 'USERS',
    gsi1sk: `${createdAt}#${userId}`,
  }),
  session: (sessionId: string) => ({ pk: `SESSION#${sessionId}`, sk: 'SESSION' }),
  refreshToken: (tokenHash: string) => ({ pk: `REFRESH#${tokenHash}`, sk: 'TOKEN' }),
  oneTimeToken: (tokenHash: string, purpose: string) => ({ pk: `OTT#${tokenHash}`, sk: purpose }),
  throttleBucket: (rule: string, subject: string, windowStart: number) => ({
    pk: `THROTTLE#${rule}#${subject}`,
    sk: String(windowStart),
  }),
  loginFailures: (subject: string) => ({ pk: `LOGINFAIL#${subject}`, sk: 'STATE' }),
} as const;
