/**
 * Key builders for the single table, and the one list of its access patterns.
 *
 * Table: pk/sk (strings); GSIs gsi1..gsi3 (gsiNpk/gsiNsk, projection ALL); TTL attribute expiresAt.
 *
 * | Entity            | pk                    | sk                 | GSI keys                          |
 * |-------------------|-----------------------|--------------------|-----------------------------------|
 * | User              | USER#{userId}         | PROFILE            | (see the users module)            |
 * | Email marker      | EMAIL#{email}         | MARKER             |                                   |
 * | Username marker   | USERNAME#{lowercase}  | MARKER             |                                   |
 * | Referral marker   | REFCODE#{code}        | MARKER             |                                   |
 * | Geo node          | GEO                   | NODE#{dotted key}  |                                   |
 * | Setting           | SETTING               | {key}              |                                   |
 * | Daily statistics  | STATS#DAY             | {yyyy-mm-dd}       |                                   |
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
} as const;
