/**
 * Key builders for the single table, and the one list of its access patterns.
 *
 * Table: pk/sk (strings); GSIs gsi1..gsi3 (gsiNpk/gsiNsk, projection ALL); TTL attribute expiresAt.
 *
 * | Entity            | pk                    | sk                 | GSI keys                          |
 * |-------------------|-----------------------|--------------------|-----------------------------------|
 * | User              | USER#{userId}         | PROFILE            | gsi1: USERS / {createdAt}#{id}; gsi2: ROLE#{role} / {createdAt}#{id}; gsi3 (staff on shift only): ONSHIFT / {since}#{id} |
 * | Users counter     | STATS#USERS           | SHARD#{0..15}; TOTAL (from before sharding, still summed) |       |
 * | Email marker      | EMAIL#{email}         | MARKER             |                                   |
 * | Username marker   | USERNAME#{lowercase}  | MARKER             |                                   |
 * | Referral marker   | REFCODE#{code}        | MARKER             |                                   |
 * | Geo node          | GEO                   | NODE#{dotted key}  |                                   |
 * | City hours & code | GEO                   | CITY#{dotted key}  |                                   |
 * | Card hours        | GEO                   | HOURS#CARD         |                                   |
 * | Maintenance       | GEO                   | MAINTENANCE        |                                   |
 * | Setting           | SETTING               | {key}              |                                   |
 * | Daily statistics  | STATS#DAY             | {yyyy-mm-dd}#{0..15}; {yyyy-mm-dd} (from before sharding, still summed) | |
 * | Session family    | SESSION#{sessionId}   | SESSION            | gsi1 (until revoked): USERSESSIONS#{userId} / {createdAt}#{id} |
 * | Refresh token     | REFRESH#{sha256}      | TOKEN              |                                   |
 * | One-time token    | OTT#{sha256}          | {purpose}          |                                   |
 * | Throttle bucket   | THROTTLE#{rule}#{who} | {window start}, or LAST (the last hit of a one-per-spacing rule) |                                   |
 * | Login failures    | LOGINFAIL#{subject}   | STATE              |                                   |
 * | Application       | APP#{id}              | APP                | gsi1: USERAPPS#{userId} / {createdAt}#{id}; gsi2: APPSTATUS#{status} / {createdAt}#{id}; gsi3: APPS / {createdAt}#{id} |
 * | Status history    | APP#{id}              | HIST#{at}#{rand}   | gsi1 (to COMPLETED only): APPLOG#COMPLETED / {at}#{id} |
 * | Completion snapshot | APP#{id}            | COMPLETION         |                                   |
 * | User app counters | USER#{userId}         | APPSTATS           |                                   |
 * | Status counters   | STATS#APPS            | SHARD#{0..15}      |                                   |
 * | Notification      | USER#{userId}         | NOTIF#{id}         | gsi2 (while unread): UNREAD#{userId} / {id} |
 * | Notif. counters   | USER#{userId}         | NOTIFSTATS         |                                   |
 * | Currency value    | RATES                 | CURRENCY#{code}    |                                   |
 * | Direction rate    | RATES                 | DIRECTION#{from}>{to} |                                |
 * | Rates meta        | RATES                 | META               |                                   |
 * | Feed price        | RATES                 | FEED#{code}        |                                   |
 * | Source price      | RATES                 | SOURCE#{source}#{code} |                               |
 * | Provider call     | RATES                 | PROVIDER#{name}    |                                   |
 * | Reserve           | RATES                 | RESERVE#{code}     |                                   |
 * | Rate history      | RATEHIST#{code}       | {at}               |                                   |
 * | Source history    | RATEHIST#{source}#{code} | {at}            |                                   |
 * | Audit entry       | AUDIT#{type}#{id}     | {at}#{rand}        | gsi1: AUDITDAY#{yyyy-mm-dd} / {at}#{rand} |
 * | Idempotency key   | IDEMP#{userId}#{key}  | IDEMP              | (expiresAt TTL, 24 h)             |
 * | Ticker snapshot   | MARKET                | TICKER             |                                   |
 * | Outbox item       | OUTBOX#{id}           | MAIL               | gsi1 (while unsent): OUTBOX#UNSENT[#TELEGRAM] / {createdAt}#{id}; TTL |
 * | Undeliverable address | UNDELIVERABLE#{email} | MARK           |                                   |
 * | Payment template  | PAYTEMPLATE#{id}      | TEMPLATE           | gsi1: PAYTEMPLATES / {createdAt}#{id} |
 * | Money movement    | MOVEMENT#{applicationId}#{direction} | MOVEMENT | gsi1: MOVEMENTS / {at}#{id}; gsi2: MOVEMENTS#CUR#{currency}#DIR#{direction} / {at}#{id}; gsi3: MOVEMENTS#DIR#{direction} / {at}#{id} |
 * | Message           | APPMSG#{applicationId} | {at}#{id}         |                                   |
 * | Attachment        | ATTACH#{id}           | ATTACH             | (expiresAt TTL while pending, 1 day) |
 * | Payable amount hold | PAYAMOUNT#{wallet}  | AMOUNT#{units of 0.0001, 20 digits} | (expiresAt TTL, set when its deal ends: the retention after it) |
 * | Chain transfer    | CHAINTX#{txId}        | TRANSFER           | gsi1 (while waiting for staff): CHAINREVIEW / {seenAt}#{txId}; (while matched, not final): CHAINUNFINAL / {seenAt}#{txId}; gsi2 (while it names an application): CHAINTXAPP#{applicationId} / {seenAt}#{txId} |
 * | Chain cursor      | CHAINCURSOR#{wallet}  | CURSOR             |                                   |
 * | Chain tx use      | CHAINUSE#{txId}       | USE                |                                   |
 * | Chain provider    | CHAINPROVIDER         | BACKOFF            |                                   |
 * | Job lease         | JOBLEASE#{job}        | LEASE              |                                   |
 * | Live ticket       | LIVETICKET#{sha256}   | TICKET             | (expiresAt TTL, a minute after it lapses) |
 * | Live connection   | LIVECONN#{connectionId} | CONN             | gsi1: LIVEUSER#{userId} / {connectionId}; gsi2 (staff only): LIVESTAFF / {connectionId}; (expiresAt TTL, 2 h) |
 * | Live seen version | LIVESEEN#{applicationId} | SEEN            | (expiresAt TTL, 30 days)          |
 * | Staff notice      | STAFFNOTICE#{id}      | NOTICE             | (expiresAt TTL, 1 day)            |
 * | Telegram account  | TGUSER#{telegramUserId} | LINK             |                                   |
 * | Bot started by    | TGCONTACT#{lowercase @username} | STARTED  |                                   |
 * | Telegram update   | TGUPDATE#{update_id}  | UPDATE             | (expiresAt TTL, 1 day)            |
 * | Telegram pace     | TGPACE#{chatId}       | PACE               | (expiresAt TTL, 1 day)            |
 * | Bot state         | TELEGRAM              | STATE; GROUP#{chatId}; ERROR#{at}#{rand} (TTL 7 days) |       |
 * | Staff invitation  | STAFFINVITES          | INVITE#{id}        | (expiresAt TTL, 30 days after the link lapses) |
 * | Report rollup     | REPORT#{breakdown}    | D{yyyy-mm-dd}#{value}; M{yyyy-mm}#{value} |                 |
 * | Daily report sent | DAILYREPORT           | {yyyy-mm-dd}       |                                   |
 * | AML checks of a month | STATS#AML         | {yyyy-mm}          |                                   |
 * | Blacklist entry   | BLACKLIST#{kind}#{normalized value} | ENTRY | gsi1: BLACKLIST#{kind} / {createdAt}#{normalized value} |
 * | Limit day total   | LIMIT#{subject}       | DAY#{yyyy-mm-dd}   | (expiresAt TTL, 40 days after the day) |
 * | Limit version     | LIMIT#{subject}       | VERSION            |                                   |
 * | Card · identity standing | USER#{userId}  | VERIFY#CARD#{cardId} · VERIFY#IDENTITY |                   |
 * | Verification request | VERIFYREQ#{id}     | REQUEST            | gsi1: VERIFYQUEUE#PENDING / {submittedAt}#{id} (under review), VERIFYQUEUE#DECIDED / {decidedAt}#{id}; gsi2 (decided, photos kept): VERIFYPHOTOS / {decidedAt}#{id}; (expiresAt TTL while awaiting photos, 1 day) |
 * | Partner           | PARTNER#{userId}      | PROFILE; DAY#{yyyy-mm-dd}; SUBDAY#{yyyy-mm-dd}#{sub-id} | gsi1 (PROFILE): PARTNERS / {createdAt}#{userId} |
 * | Partner defaults  | PARTNERS              | DEFAULTS           |                                   |
 * | Monitor's partner | PARTNERMONITOR#{host} | PARTNER            |                                   |
 * | Partner API key   | PARTNERKEY#{sha256}   | KEY                |                                   |
 * | Partner payout    | PARTNERPAYOUT#{id}    | PAYOUT             | gsi1: PARTNERPAYOUTS#{userId} / {createdAt}#{id}; gsi2 (while asked for): PARTNERPAYOUTS#OPEN / {createdAt}#{id} |
 *
 * Access patterns (each is a GetItem, a Query, or a conditional/transactional write; never a Scan):
 * 1. User by id: GetItem USER#{id}/PROFILE.
 * 2. User by email / username / referral code: GetItem of the marker, then of the user.
 * 3. Uniqueness of email, username, referral code: Put of the marker with attribute_not_exists(pk)
 *    in the same TransactWriteItems as the user.
 * 4. Whole geo tree: Query pk=GEO (about 150 items, one page).
 * 5. A geo node and its descendants: Query pk=GEO, begins_with(sk, NODE#{key}).
 * 6. Settings: Query pk=SETTING; one setting: GetItem SETTING/{key}.
 * 7. Dashboard day buckets: Query pk=STATS#DAY, sk BETWEEN {from} AND {to}#~ (16 shards a day, summed
 *    per day, with a day's unsharded item from before the sharding); a counted event ADDs on one
 *    random shard of its business day (the setting businessTimeZone) in its own transaction.
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
 * 13. Application by id (with its status history): Query pk=APP#{id} (sk APP, then HIST#...).
 * 14. A user's applications, newest first: Query gsi1 gsi1pk=USERAPPS#{userId}; total from APPSTATS.
 * 15. Applications of one status by creation time (admin filter, expiry job: PENDING older than the
 *     cutoff): Query gsi2 gsi2pk=APPSTATUS#{status}, gsi2sk < {cutoff}; totals from STATS#APPS shards.
 * 16. All applications by creation time (admin table): Query gsi3 gsi3pk=APPS; total from the shards.
 *     Page N is read by walking from the nearer end (bounded); see docs/decisions.md. Free-text
 *     search reads the newest 500 of the filter's partition (this, 14 or 15) and matches in memory;
 *     a search that may be an email also reads those applications' owners: BatchGetItem of USER#{id}
 *     (pattern 1), 100 keys a call.
 * 17. Per-status counts: Query pk=STATS#APPS (16 shards, summed); a status change ADDs -1/+1 on one
 *     random shard in the same transaction as the change (shards keep concurrent writers apart).
 * 18. Open applications per user (at most 5): APPSTATS.openCount, conditional ADD in the creating
 *     transaction.
 * 19. Recently completed (dashboard): Query gsi1 gsi1pk=APPLOG#COMPLETED, newest first.
 * 20. A user's notifications, newest first: Query pk=USER#{id}, begins_with(sk, NOTIF#); unread
 *     ones: Query gsi2 gsi2pk=UNREAD#{id} (sparse: removed when read); counts in NOTIFSTATS.
 * 21. Rates: Query pk=RATES (published table, reserves included); a quote: BatchGet of the
 *     direction, the two currency values, the two feed prices, the market sources' prices of its
 *     fiat currency and the received currency's reserve. A currency's feed price history (how a quote came
 *     about; written by the rates job, read by staff tools): Query pk=RATEHIST#{code}, sk <= {at}; a
 *     market source's: pk=RATEHIST#{source}#{code}. One direction (its card verification rule when
 *     an application is made; the SBP banks a card-RUB deal pays to, for the order page and the
 *     client's payout details): GetItem of RATES/DIRECTION#{from}>{to}, consistent.
 *     The rates job's provider calls (when each provider was last called, when it may be called
 *     next) come with the Query; a call is claimed first with an UpdateItem of RATES/PROVIDER#{name}
 *     conditional on its notBefore having passed, so two runs at once never both call a provider.
 * 22. Audit trail of one target: Query pk=AUDIT#{type}#{id}; of one day: Query gsi1 AUDITDAY#{day}.
 *     An entry is only ever added: a Put conditional on attribute_not_exists(pk) in the change's
 *     own transaction (functions/data/audit.ts has no update or delete of one). AUDITDAY is the UTC
 *     day of `at`. The audit page (GET /admin/audit) and the security log (GET /admin/security/audit)
 *     read a period as instants [since, until): the UTC days they touch newest first (a business day
 *     touches two), each a Query of gsi1 AUDITDAY#{day} descending with gsi1sk BETWEEN since and the
 *     cursor's key (else until), with a FilterExpression of the kind's target types or actions and
 *     the actor, at most 40 Queries a page; a deal's or an account's own trail is the same Query of
 *     its partition pk=AUDIT#{type}#{id} (sk BETWEEN). The cursor is the last sort key read, or
 *     {day}T~ (that whole day still to read).
 * 23. Idempotent submit: Put IDEMP#{userId}#{key} with attribute_not_exists (or expired) in the
 *     application's creating transaction; a replay reads it with GetItem.
 * 24. Users of one role, newest first (admin filter by role, GET /admin/managers): Query gsi2
 *     gsi2pk=ROLE#{role} (gsi2pk moves with the role in the same update). Staff partitions are small.
 * 25. Number of users: Query pk=STATS#USERS, `total` summed over its 16 shards (ADD 1 on a random one
 *     in the registration transaction) and the unsharded TOTAL item from before; per staff role:
 *     Select COUNT on pattern 24; USER = total - staff.
 * 26. Admin user search/filters (isActive, emailVerified, text): Query pattern 8 or 24 with a
 *     FilterExpression over the newest 1,000 users only, plus an exact email/username marker hit.
 * 27. Market ticker: Put MARKET/TICKER after each good provider answer (at most about once a minute
 *     per edge location, the CloudFront cache in front); GetItem of it when the provider fails.
 * 28. Working hours: every city's time zone, weekly hours and monitors' code: Query pk=GEO,
 *     begins_with(sk, CITY#) (beside pattern 4, so the public tree is two Queries of one partition);
 *     what a quote or an application needs (its city's item, the card hours, maintenance): one
 *     BatchGetItem of those three; public status: BatchGetItem of the last two. Staff edits are
 *     Puts conditional on the `updatedAt` read, with their audit entry, in one transaction.
 * 29. Reserves (what the office holds per currency, with its alert level and state): on the rates
 *     table's Query (pattern 21; the quote's BatchGet adds the reserve of the received currency);
 *     alone, Query pk=RATES begins_with(sk, RESERVE#); the two of an application, BatchGet. Staff
 *     set one with an Update conditional on the version read; completing an application ADDs to both in
 *     its status-change transaction (the paid-out one conditional on amount >= what is paid); the
 *     alert state flips with an Update conditional on amount against alertLevel and on the state.
 *     Once the books hold a currency (its `bookedAt`, set once by the carry-over with an Update
 *     conditional on attribute_not_exists(bookedAt)), its amount is no longer moved: a direction's
 *     reserve is the balance of the office accounts that pay its asset out (pattern 45's list).
 * 30. Outbox: Put OUTBOX#{id}/MAIL (an item of a channel: a mail or a Telegram call) in the
 *     TransactWriteItems of the change that causes it; the table's stream hands it to the sender,
 *     which claims it with a conditional UpdateItem (queued or failed -> sending) and ends the claim
 *     conditionally (sent, suppressed: body and index entry removed, TTL 14 days; failed). A
 *     channel's unsent items, oldest first: Query gsi1 gsi1pk=OUTBOX#UNSENT (mail) or
 *     OUTBOX#UNSENT#TELEGRAM, gsi1sk >= {since} (sparse; the re-drive job and operators).
 * 31. Undeliverable address (a permanent bounce or a complaint): Put UNDELIVERABLE#{email}/MARK by
 *     the SES feedback handler; GetItem by the sender before each send and by the admin user detail.
 * 32. Money movements (the admin transaction history): Put MOVEMENT#{applicationId}#{direction}
 *     with attribute_not_exists in the transaction of the move that confirms it; by time, newest
 *     first, within a period of business days (the setting businessTimeZone), gsi?sk BETWEEN
 *     {since} AND {until - 1 ms}~, the UTC instants of the first day's start and the next day's
 *     after the last (the whole `to` day): all: Query gsi1 MOVEMENTS; a direction: gsi3 MOVEMENTS#DIR#{direction};
 *     a currency and a direction: gsi2 MOVEMENTS#CUR#{currency}#DIR#{direction}; a currency: the
 *     three gsi2 partitions of its directions, queried at once and merged by sort key. Each Query
 *     reads at most the page + 2 (one to know whether more follow, one the cursor's own item); the
 *     cursor is the last answered sort key (with the filter it belongs to), the next page's upper
 *     bound. No FilterExpression: a page costs its rows whatever the table or the period holds.
 *     The staff names: one BatchGetItem of the page's distinct staff (pattern 1's items). The CSV
 *     reads the same pages up to 10,000 rows or 5 MB, so no answer nears Lambda's 6 MB and none
 *     reads beyond the period.
 * 33. An application's thread (not in APP#{id}, which pattern 13 reads whole): Query
 *     pk=APPMSG#{applicationId}, newest first, a page of 50 (reversed to oldest first; the cursor
 *     reads earlier ones). A message is Put with attribute_not_exists in one TransactWriteItems with
 *     its attachments' updates (each conditional: still pending, same application, same uploader),
 *     the application's unread counter of the other side (ADD 1) and, when a mail is due, the
 *     outbox item and a SET of messageMailedClientAt/StaffAt conditional on the value read. Each
 *     file it keeps names the object the thread serves (`key`: the message's copy under sent/, or
 *     the upload for messages from before the copies). Before it, the sender's and the thread's
 *     minute are counted on throttle buckets (THROTTLE#message-user#{userId} and
 *     THROTTLE#message-thread#{applicationId}: conditional ADDs). Reading the thread sets the
 *     reader's side's counter to 0, conditional on it being above 0.
 * 34. Attachment (an upload to the uploads bucket, docs/architecture.md §4): Put ATTACH#{id}/ATTACH
 *     with attribute_not_exists when announced (state pending, expiresAt TTL one day); BatchGetItem
 *     of a message's ones before it is sent; attached in the message's transaction (state attached,
 *     sentKey the key of the message's copy of the file, expiresAt removed).
 * 35. Payment templates (ADMIN's, staff pick from them): every one, oldest first, Query gsi1
 *     PAYTEMPLATES (at most 200, no filter; the count before a create is the same Query with Select
 *     COUNT); one by GetItem PAYTEMPLATE#{id}/TEMPLATE (consistent). Created with attribute_not_exists,
 *     edited with an Update of its content conditional on the version read, deleted conditional on
 *     the version and on openDeals being 0, each in one TransactWriteItems with its audit entry and,
 *     for a card or office template, a ConditionCheck that RATES/CURRENCY#{code} or GEO/NODE#{city}
 *     exists. A deal issued from one ADDs 1 to openDeals in its transaction, and ADDs -1 as it ends.
 * 36. Unique payable amounts on a receiving wallet (a USDT payment, docs/architecture.md §4): the
 *     holds of one application's candidates (its amount and the 999 steps of 0.0001 above it), Query
 *     pk=PAYAMOUNT#{wallet}, sk BETWEEN AMOUNT#{first} AND AMOUNT#{last}; one taken with a Put
 *     conditional on attribute_not_exists(pk) OR applicationId = :own OR freeAfter < :now. A hold has
 *     no freeAfter while its deal is open, whatever its deadline, so a late payment always finds the
 *     deal it was told to; the status change that ends the deal sets freeAfter (the end plus the
 *     late-payment retention) and the TTL, with an Update conditional on applicationId = :own. The
 *     chain watcher finds the application a transfer pays with a GetItem of the transfer's wallet and
 *     exact amount.
 * 37. Incoming USDT transfers (the chain watcher): Put CHAINTX#{txId}/TRANSFER with
 *     attribute_not_exists (each once, whatever the provider repeats); the review list: Query gsi1
 *     CHAINREVIEW, oldest first; the matched ones not final yet: Query gsi1 CHAINUNFINAL (sparse:
 *     the entry goes when it is confirmed, with an Update conditional on state = matched). A deal's
 *     transfers (its staff detail): Query gsi2 CHAINTXAPP#{applicationId}, set with the transfer's
 *     applicationId wherever that is written (recorded, attached, recorded against a use).
 * 38. A receiving wallet's read cursor and health: GetItem / UpdateItem CHAINCURSOR#{wallet}/CURSOR
 *     (minTimestamp and fingerprint moved only after a read's transfers are recorded).
 * 39. Live push (docs/architecture.md "Live push"): a ticket is Put LIVETICKET#{sha256}/TICKET with
 *     attribute_not_exists and consumed by a DeleteItem conditional on attribute_exists(pk) AND
 *     expiresAtMs > now (ReturnValues ALL_OLD), so it connects once and never after it lapsed. A
 *     connection is Put LIVECONN#{connectionId}/CONN (TTL at the 2 h limit; with the ticket's
 *     sessionId) and deleted on $disconnect or a 410; the fan-out finds the connections of a user
 *     with a Query of gsi1 LIVEUSER#{userId} and every staff connection with a Query of gsi2
 *     LIVESTAFF (sparse: staff only; both small), skipping those past expiresAt, then reads their
 *     holders USER#{id}/PROFILE and sessions SESSION#{id}/SESSION in one consistent BatchGetItem
 *     (still active staff on a live session, else the connection is deleted and closed). A role
 *     change, deactivation, logout or session revoke closes the user's connections found by the
 *     same gsi1 Query (a logout's or revoke's filtered to that sessionId). Which version of an application was last
 *     pushed: UpdateItem LIVESEEN#{id}/SEEN conditional on attribute_not_exists(pk) OR version <
 *     :version, so a write that leaves `version` alone (the thread's unread counters) and a stream
 *     record delivered twice push nothing. A notice for staff alone that no other item's change
 *     makes (a chain event: functions/domain/chain/chain-events.ts) is Put STAFFNOTICE#{id}/NOTICE
 *     (with attribute_not_exists, TTL a day) in the transaction of what it tells; its INSERT is the
 *     notice.
 * 40. A user's session families (the security page's staff sessions): Query gsi1
 *     USERSESSIONS#{userId}, newest first (sparse: a revoke or logout removes the entry; families
 *     ended by the user's sessionEpoch or their 30 days stay until the TTL and are told apart in
 *     code; families begun before the index existed are not in it). The staff: pattern 24 per staff
 *     role. A staff revoke is an Update of SESSION#{id} conditional on it being unrevoked, in one
 *     TransactWriteItems with its audit entry and the actor's check.
 * 41. The Telegram bot (docs/architecture.md "The Telegram bot"): a link token is a one-time token
 *     (pattern 11, purpose telegram-link); using it is one TransactWriteItems: the token spent, the
 *     user's telegramLink set, TGUSER#{telegramUserId} Put (the Take button finds the staff member
 *     with a GetItem of it), the previous holder's link removed. Who started the bot: Put
 *     TGCONTACT#{username} on a private /start, GetItem by validate-telegram. Each update is Put
 *     TGUPDATE#{update_id} with attribute_not_exists first (a redelivered update does nothing).
 *     The bot's state, the groups it is in and the latest send errors: Query pk=TELEGRAM. Sending
 *     to a chat reserves a time slot on TGPACE#{chatId} (Put conditional on the version read).
 * 42. Staff invitations (docs/product.md "Staff by invitation"): Put STAFFINVITES/INVITE#{id} with
 *     its mail's outbox item; the pending ones: Query pk=STAFFINVITES (a handful); the link carries
 *     the id and a secret whose hash the item holds, so opening it is a GetItem. Resend and the TOTP
 *     set-up are Updates conditional on the hash read; accepting is one TransactWriteItems: the
 *     invitation Deleted (conditional on the hash and the expiry), the user and its markers Put
 *     (pattern 2's), the audit entry, and a ConditionCheck of the sender's USER#{invitedBy}/PROFILE
 *     (isActive and a role that may grant the invited one). Deactivating or demoting a staff member
 *     reads the pending ones (the same Query) and Deletes those they sent and may no longer grant,
 *     each with its audit entry, in the change's own TransactWriteItems.
 * 43. The register of used chain transactions (docs/architecture.md "One use per transaction"):
 *     every path that lets a USDT transaction pay a deal, pay a deal out or refund claims
 *     CHAINUSE#{txId}/USE with an Update conditional on attribute_not_exists(pk) OR claimKey = :own
 *     ({purpose}#{applicationId}: the same use claiming again is a no-op), in the TransactWriteItems
 *     of its effect; a check before that reads it with a GetItem to say why a hash cannot be used.
 * 44. A scheduled job's lease (docs/architecture.md "Scheduled jobs"): a run takes it with an
 *     UpdateItem of JOBLEASE#{job}/LEASE conditional on attribute_not_exists(pk) OR untilMs <= :now
 *     (until its timeout), and gives it back with a DeleteItem conditional on holder = :own; a run
 *     that finds it held does nothing. The chain watcher's back-off across runs while the TRON
 *     provider fails: GetItem / UpdateItem CHAINPROVIDER/BACKOFF (failures in a row, notBefore).
 * 45. The ledger (docs/architecture.md "The ledger"; functions/data/ledger.ts): an entry is, in the
 *     TransactWriteItems of the change that causes it, a Put of LEDGER#ENTRY#{id}/ENTRY conditional
 *     on attribute_not_exists (recorded once; gsi1 LEDGERDAY#{day} / {at}#{id}, gsi2
 *     LEDGERAPP#{applicationId} / {at}#{id}), per account a Put of its posting
 *     LEDGER#ACCT#{accountId}/POST#{at}#{entryId}, an UpdateItem ADD of the account's balance
 *     (LEDGER#ACCT#{id}/ACCOUNT; an office account conditional on attribute_exists, a book account
 *     created by it) and an ADD of its day's totals (LEDGER#ACCT#{id}/DAY#{day}), and a
 *     ConditionCheck that LEDGER#CLOSE/DAY#{day} does not exist (the day is open). Accounts: Query
 *     gsi1 LEDGERACCOUNTS (gsi1sk {currency}#{id}); an account's trail: Query LEDGER#ACCT#{id}
 *     begins_with POST#; its days from a day on: Query sk BETWEEN DAY#{day} AND DAY#~; a deal's
 *     entries: Query gsi2 LEDGERAPP#{applicationId}; a business day's entries: Query gsi1
 *     LEDGERDAY#{day}. A day's close: Put LEDGER#CLOSE/DAY#{day} conditional on attribute_not_exists;
 *     staff's count of an account: Put LEDGER#CLOSE/COUNT#{day}#{accountId} with the day's check;
 *     both read with GetItem + Query LEDGER#CLOSE begins_with COUNT#{day}#. The carry-over of an
 *     install's history (functions/data/ledger-carry-over.ts): Query gsi1 MOVEMENTS (pattern 32)
 *     every page, BatchGetItem of LEDGER#ENTRY#{movementId} and APP#{id}/APP, then the entries as
 *     above, each conditional, so what the books hold is skipped.
 * 46. A completed deal's market snapshot (functions/domain/rates/completion-snapshot.ts): Put
 *     APP#{id}/COMPLETION in the settling move's own transaction; read beside the deal with a
 *     GetItem; a period's: the completion log (pattern 19), then BatchGetItem of these.
 * 47. An export of the transaction history (functions/data/export-jobs.ts): Put EXPORT#{id}/JOB
 *     (refused if the id exists), read by GetItem (consistent), its end an Update conditional on
 *     `preparing`; expiresAt (TTL) two days on. Its file is the object exports/{id}/{fileName} of the
 *     uploads bucket. A page of movements is told about with one BatchGetItem of their deals
 *     (APP#{id}/APP), snapshots (pattern 46) and ledger entries (pattern 45, entry id = movement id).
 * 48. The reports' rollups (functions/data/report-rollups.ts, docs/architecture.md "Reports"): a
 *     counted event of a deal (created, taken, instructed, paid, ended; a completion's turnover and
 *     profit; a duration) ADDs its figures, in the transaction of the move that makes it, to one
 *     item per breakdown (all, direction, city, account, staff, source) and value, for its business
 *     day (D) and that day's month (M): REPORT#{breakdown}/D{day}#{value} and M{month}#{value},
 *     merged per item. A report reads a breakdown's items of a period: up to 62 days, one Query of
 *     the days (sk BETWEEN D{from}# AND D{to}$, '$' right after '#'); longer, the edge days' two
 *     Queries and one of the whole months between (M{first}# .. M{last}$), so a year reads 12 months and at most 60 days.
 * 49. A business day's report (functions/domain/reports/daily-report.ts): GetItem DAILYREPORT/{day}
 *     says whether it went; Put of it (attribute_not_exists) in the transaction of its outbox items,
 *     so however often the job runs, a day is reported once.
 * 50. The AML checks of a business month (functions/data/aml-usage.ts): UpdateItem ADD on
 *     STATS#AML/{yyyy-mm} (`checks`, `costMicroUsd`) once per check started; GetItem to read it.
 * 51. The operator's blacklists (functions/data/blacklist.ts): whether any of a request's values
 *     is listed, one BatchGetItem of BLACKLIST#{kind}#{normalized value}/ENTRY (consistent), one key
 *     per value; one list, newest first: Query gsi1 BLACKLIST#{kind}, a page and a cursor. An entry
 *     is Put with attribute_not_exists (a second listing of a value is refused) and Deleted with
 *     attribute_exists, each in one TransactWriteItems with its audit entry.
 * 52. The verification tiers' limits (functions/data/limit-counters.ts, docs/architecture.md §4
 *     "Limits"): a subject's (USER#{id}, IP#{address}, CARD#{key}) amount per business day, in cents,
 *     UpdateItem ADD total conditional on attribute_not_exists(total) OR total <= limit - amount, in
 *     the application's own transaction; a user's 30 days: GetItem LIMIT#USER#{id}/VERSION, then
 *     Query pk=LIMIT#USER#{id}, sk BETWEEN DAY#{first} AND DAY#{last} (at most 30 items), and the
 *     transaction ADDs 1 to the version conditional on the version read.
 * 53. Cards and verification (functions/data/cards.ts, verification-requests.ts; docs/product.md
 *     "Cards and verification"): a client's cards and identity standing, Query USER#{userId}
 *     begins_with(sk, VERIFY#); a card Put attribute_not_exists, Delete conditional on existing. A
 *     request: Put VERIFYREQ#{id}/REQUEST attribute_not_exists with the standing's Update naming it;
 *     a photo announced by an Update conditional on `awaitingPhotos` and the owner; sent with an
 *     Update conditional on `awaitingPhotos` (onto gsi1 VERIFYQUEUE#PENDING); decided with an Update
 *     conditional on `pending` (onto VERIFYQUEUE#DECIDED and gsi2 VERIFYPHOTOS), the standing's
 *     Update conditional on naming this request, the user's tier raised conditional on the tier read,
 *     and the audit entry, in one TransactWriteItems. The queue: Query gsi1 VERIFYQUEUE#PENDING
 *     (oldest first) and VERIFYQUEUE#DECIDED (newest first, 50). Retention: Query gsi2 VERIFYPHOTOS
 *     with gsi2sk < the cutoff; each request's photos deleted, then an Update (conditional on still
 *     indexed) sets photosDeletedAt and leaves the index.
 * 54. The AML screening of a USDT payment (functions/data/payment-screenings.ts): GetItem
 *     CHAINTX#{txId}/SCREENING (consistent) before a final payment confirms its deal; Put of the check
 *     as it stands, started once per transaction and read on by later watcher runs.
 * 55. The pool of receiving details (functions/data/receiving-use.ts, docs/architecture.md §4 "The
 *     pool"): a card or USDT template's use per business day and calendar month, RECVUSE#{templateId}
 *     with sk DAY#{yyyy-mm-dd} and MONTH#{yyyy-mm} (amount in 10^-6 units, deals): UpdateItem ADD
 *     conditional on each limit (attribute_not_exists OR used <= limit - this deal), with the
 *     template's take (ADD openDeals, SET lastPickedAt, conditional on its version and not paused)
 *     in the instructions' transaction; given back by an unconditional ADD when the deal ends with
 *     nothing received. A staff list reads each template's two by BatchGetItem. The near-limit alert
 *     of a period: Put RECVUSE#{templateId}/ALERT#{period} attribute_not_exists (once a period).
 * 56. Staff shifts (functions/data/shifts.ts, docs/operations.md "Staff shifts and rights"): going on shift is
 *     an Update of USER#{id}/PROFILE setting shiftSince and the sparse gsi3 entry ONSHIFT /
 *     {since}#{id}, conditional on attribute_not_exists(shiftSince); going off REMOVEs the three,
 *     conditional on the shiftSince read; each with its audit entry in one TransactWriteItems. Who
 *     is on shift (the dashboard, the staff group's mentions): Query gsi3 ONSHIFT, longest on shift
 *     first (a handful of items; holders no longer active staff are left out in code). A MANAGER's
 *     scope is the user item's staffScope, set by the staff edit (pattern 1's update).
 * 57. The partner program (functions/data/partners.ts, docs/product.md "Partners"): a completed deal's
 *     share ADDs to PARTNER#{id}/PROFILE (availableUnits, earnedUnits; the first write lists it in
 *     gsi1 PARTNERS) and to PARTNER#{id}/DAY#{day} (deals, earnedUnits) in the completing
 *     transaction; a click and a registration ADD to the day. A click or deal through a link with
 *     the partner's sub-id also ADDs to PARTNER#{id}/SUBDAY#{day}#{sub-id} (clicks; deals,
 *     earnedUnits). The partner page and API: GetItem of the profile, Query of the days between two
 *     DAY# keys and of the sub-ids' days between two SUBDAY# keys, Query gsi1 PARTNERPAYOUTS#{id}. Who owns
 *     a monitor's host: GetItem PARTNERMONITOR#{host}, Put with attribute_not_exists OR the same
 *     partner when an ADMIN sets it. An API key: GetItem PARTNERKEY#{sha256 of the key}. A payout
 *     asked for: Put PARTNERPAYOUT#{id} with the profile's ADD conditional on availableUnits >= the
 *     amount; staff's queue: Query gsi2 PARTNERPAYOUTS#OPEN (removed when paid or refused, in the
 *     decision's transaction, conditional on status = requested).
 * 58. Pages staff edit (functions/data/site-content.ts, docs/product.md "Pages staff edit"): a
 *     written block is SITECONTENT/BLOCK#{block}#{language}, Put with its audit entry (and Delete
 *     when it goes back to the built-in text), each change ADDing 1 to SITECONTENT/VERSION in the
 *     same transaction; the site's readers and the publisher Query the partition SITECONTENT (a
 *     dozen items); the publisher records what it wrote in SITECONTENT/PUBLISHED. The ticker's
 *     coins: GetItem SITECONTENT/TICKER (the ticker route), Put with its audit entry.
 */
export const keys = {
  user: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  emailMarker: (email: string) => ({ pk: `EMAIL#${email}`, sk: 'MARKER' }),
  staffInvitationPartition: 'STAFFINVITES',
  staffInvitation: (id: string) => ({ pk: 'STAFFINVITES', sk: `INVITE#${id}` }),
  usernameMarker: (username: string) => ({ pk: `USERNAME#${username.toLowerCase()}`, sk: 'MARKER' }),
  referralCodeMarker: (code: string) => ({ pk: `REFCODE#${code}`, sk: 'MARKER' }),
  geoPartition: 'GEO',
  geoNode: (key: string) => ({ pk: 'GEO', sk: `NODE#${key}` }),
  geoNodeSortKeyPrefix: 'NODE#',
  cityHours: (key: string) => ({ pk: 'GEO', sk: `CITY#${key}` }),
  cityHoursSortKeyPrefix: 'CITY#',
  cardHours: { pk: 'GEO', sk: 'HOURS#CARD' },
  maintenance: { pk: 'GEO', sk: 'MAINTENANCE' },
  settingPartition: 'SETTING',
  setting: (key: string) => ({ pk: 'SETTING', sk: key }),
  dailyStatsPartition: 'STATS#DAY',
  /** A shard of a business day's counters (`day` YYYY-MM-DD in the setting businessTimeZone). */
  dailyStatsShard: (day: string, shard: number) => ({ pk: 'STATS#DAY', sk: `${day}#${shard}` }),
  /** The last sort key of a day: after its shards `{day}#{n}` ('~' sorts after the digits). */
  dailyStatsRangeEnd: (day: string) => `${day}#~`,
  usersIndexPartition: 'USERS',
  onShiftIndex: 'ONSHIFT',
  /** A staff member's entry in the on-shift index while on shift (pattern 56). */
  onShiftEntry: (since: string, userId: string) => ({ gsi3pk: 'ONSHIFT', gsi3sk: `${since}#${userId}` }),
  userListEntry: (createdAt: string, userId: string) => ({
    gsi1pk: 'USERS',
    gsi1sk: `${createdAt}#${userId}`,
  }),
  paymentTemplate: (id: string) => ({ pk: `PAYTEMPLATE#${id}`, sk: 'TEMPLATE' }),
  receivingUse: (templateId: string, period: string) => ({ pk: `RECVUSE#${templateId}`, sk: period }),
  receivingUseAlert: (templateId: string, period: string) => ({
    pk: `RECVUSE#${templateId}`,
    sk: `ALERT#${period}`,
  }),
  paymentTemplatesIndex: 'PAYTEMPLATES',
  paymentTemplateListEntry: (createdAt: string, id: string) => ({
    gsi1pk: 'PAYTEMPLATES',
    gsi1sk: `${createdAt}#${id}`,
  }),
  movement: (id: string) => ({ pk: `MOVEMENT#${id}`, sk: 'MOVEMENT' }),
  movementsAll: 'MOVEMENTS',
  movementsOfCurrency: (currency: string, direction: string) => `MOVEMENTS#CUR#${currency}#DIR#${direction}`,
  movementsOfDirection: (direction: string) => `MOVEMENTS#DIR#${direction}`,
  /**
   * The index sort keys of a period between two ISO instants, `since` included, `until` not (a
   * period of business days' bounds): a key starts with its movement's `at`, '~' sorts after `Z#{id}`.
   */
  movementPeriod: (since: string, until: string) => ({
    from: since,
    to: `${new Date(Date.parse(until) - 1).toISOString()}~`,
  }),
  movementIndexEntries: (movement: { at: string; id: string; currency: string; direction: string }) => {
    const sortKey = `${movement.at}#${movement.id}`;
    return {
      gsi1pk: 'MOVEMENTS',
      gsi1sk: sortKey,
      gsi2pk: `MOVEMENTS#CUR#${movement.currency}#DIR#${movement.direction}`,
      gsi2sk: sortKey,
      gsi3pk: `MOVEMENTS#DIR#${movement.direction}`,
      gsi3sk: sortKey,
    };
  },
  session: (sessionId: string) => ({ pk: `SESSION#${sessionId}`, sk: 'SESSION' }),
  /** A user's session families, newest first (pattern 40). */
  userSessionsIndex: (userId: string) => `USERSESSIONS#${userId}`,
  userSessionEntry: (userId: string, createdAt: string, sessionId: string) => ({
    gsi1pk: `USERSESSIONS#${userId}`,
    gsi1sk: `${createdAt}#${sessionId}`,
  }),
  /** The session family's partition key prefix: a restore ends every family (infra/ops/table-restore.ts). */
  sessionPrefix: 'SESSION#',
  refreshToken: (tokenHash: string) => ({ pk: `REFRESH#${tokenHash}`, sk: 'TOKEN' }),
  oneTimeToken: (tokenHash: string, purpose: string) => ({ pk: `OTT#${tokenHash}`, sk: purpose }),
  throttleBucket: (rule: string, subject: string, windowStart: number) => ({
    pk: `THROTTLE#${rule}#${subject}`,
    sk: String(windowStart),
  }),
  throttleLastHit: (rule: string, subject: string) => ({ pk: `THROTTLE#${rule}#${subject}`, sk: 'LAST' }),
  /** A limit subject's (USER#{id}, IP#{address}, CARD#{key}) total of one business day (pattern 52). */
  limitDay: (subject: string, day: string) => ({ pk: `LIMIT#${subject}`, sk: `DAY#${day}` }),
  limitPartition: (subject: string) => `LIMIT#${subject}`,
  limitVersion: (subject: string) => ({ pk: `LIMIT#${subject}`, sk: 'VERSION' }),
  loginFailures: (subject: string) => ({ pk: `LOGINFAIL#${subject}`, sk: 'STATE' }),
  application: (id: string) => ({ pk: `APP#${id}`, sk: 'APP' }),
  applicationPartition: (id: string) => `APP#${id}`,
  applicationHistory: (id: string, at: string, rand: string) => ({
    pk: `APP#${id}`,
    sk: `HIST#${at}#${rand}`,
  }),
  applicationHistoryPrefix: 'HIST#',
  completionSnapshot: (id: string) => ({ pk: `APP#${id}`, sk: 'COMPLETION' }),
  dailyReport: (day: string) => ({ pk: 'DAILYREPORT', sk: day }),
  /** The AML checks started in a business month (`month` YYYY-MM in the setting businessTimeZone). */
  amlUsage: (month: string) => ({ pk: 'STATS#AML', sk: month }),
  reportPartition: (breakdown: string) => `REPORT#${breakdown}`,
  /** A rollup of a business day (`D2026-11-29`) or a month (`M2026-11`) for one value of a breakdown. */
  reportRollup: (breakdown: string, period: string, value: string) => ({
    pk: `REPORT#${breakdown}`,
    sk: `${period}#${value}`,
  }),
  applicationIndexSortKey: (createdAt: string, id: string) => `${createdAt}#${id}`,
  applicationsOfUser: (userId: string) => `USERAPPS#${userId}`,
  applicationsOfStatus: (status: string) => `APPSTATUS#${status}`,
  allApplications: 'APPS',
  completedLog: 'APPLOG#COMPLETED',
  userApplicationStats: (userId: string) => ({ pk: `USER#${userId}`, sk: 'APPSTATS' }),
  applicationStatusPartition: 'STATS#APPS',
  applicationStatusShard: (shard: number) => ({ pk: 'STATS#APPS', sk: `SHARD#${shard}` }),
  notification: (userId: string, id: string) => ({ pk: `USER#${userId}`, sk: `NOTIF#${id}` }),
  notificationPartition: (userId: string) => `USER#${userId}`,
  notificationSortKeyPrefix: 'NOTIF#',
  unreadNotifications: (userId: string) => `UNREAD#${userId}`,
  notificationStats: (userId: string) => ({ pk: `USER#${userId}`, sk: 'NOTIFSTATS' }),
  ratesPartition: 'RATES',
  currencyRate: (code: string) => ({ pk: 'RATES', sk: `CURRENCY#${code}` }),
  directionRate: (assetFrom: string, assetTo: string) => ({
    pk: 'RATES',
    sk: `DIRECTION#${assetFrom}>${assetTo}`,
  }),
  ratesMeta: { pk: 'RATES', sk: 'META' },
  /** What the rates job last did to hold a direction's place on BestChange. */
  directionPosition: (assetFrom: string, assetTo: string) => ({
    pk: 'RATES',
    sk: `POSITION#${assetFrom}>${assetTo}`,
  }),
  feedPrice: (code: string) => ({ pk: 'RATES', sk: `FEED#${code}` }),
  sourcePrice: (source: string, code: string) => ({ pk: 'RATES', sk: `SOURCE#${source}#${code}` }),
  rateProviderCall: (provider: string) => ({ pk: 'RATES', sk: `PROVIDER#${provider}` }),
  reserve: (code: string) => ({ pk: 'RATES', sk: `RESERVE#${code}` }),
  reserveSortKeyPrefix: 'RESERVE#',
  rateHistoryPartition: (code: string) => `RATEHIST#${code}`,
  sourceHistoryPartition: (source: string, code: string) => `RATEHIST#${source}#${code}`,
  auditPartition: (targetType: string, targetId: string) => `AUDIT#${targetType}#${targetId}`,
  auditDay: (at: string) => `AUDITDAY#${at.slice(0, 10)}`,
  /** The day index partition of a UTC day written YYYY-MM-DD (the same as `auditDay` of a time that day). */
  auditDayPartition: (day: string) => `AUDITDAY#${day}`,
  idempotency: (userId: string, key: string) => ({ pk: `IDEMP#${userId}#${key}`, sk: 'IDEMP' }),
  usersOfRole: (role: string) => `ROLE#${role}`,
  userRoleEntry: (role: string, createdAt: string, userId: string) => ({
    gsi2pk: `ROLE#${role}`,
    gsi2sk: `${createdAt}#${userId}`,
  }),
  usersCounterPartition: 'STATS#USERS',
  usersCounterShard: (shard: number) => ({ pk: 'STATS#USERS', sk: `SHARD#${shard}` }),
  marketTicker: { pk: 'MARKET', sk: 'TICKER' },
  /** An outbox item of any channel (sort key `MAIL` from when the outbox held only mail; kept for the items a table holds). */
  outboxItem: (id: string) => ({ pk: `OUTBOX#${id}`, sk: 'MAIL' }),
  /** The outbox item's partition key prefix: the sender's stream filter matches on it. */
  outboxPrefix: 'OUTBOX#',
  /** A channel's unsent items (mail's keeps the name it had when it was the only channel). */
  unsentOutbox: (channel: 'mail' | 'telegram') =>
    channel === 'mail' ? 'OUTBOX#UNSENT' : 'OUTBOX#UNSENT#TELEGRAM',
  undeliverableAddress: (email: string) => ({ pk: `UNDELIVERABLE#${email}`, sk: 'MARK' }),
  blacklistEntry: (kind: string, value: string) => ({ pk: `BLACKLIST#${kind}#${value}`, sk: 'ENTRY' }),
  blacklistIndex: (kind: string) => `BLACKLIST#${kind}`,
  blacklistListEntry: (kind: string, createdAt: string, value: string) => ({
    gsi1pk: `BLACKLIST#${kind}`,
    gsi1sk: `${createdAt}#${value}`,
  }),
  applicationMessage: (applicationId: string, at: string, id: string) => ({
    pk: `APPMSG#${applicationId}`,
    sk: `${at}#${id}`,
  }),
  applicationMessagesPartition: (applicationId: string) => `APPMSG#${applicationId}`,
  attachment: (id: string) => ({ pk: `ATTACH#${id}`, sk: 'ATTACH' }),
  chainTransfer: (txId: string) => ({ pk: `CHAINTX#${txId}`, sk: 'TRANSFER' }),
  chainReviewIndex: 'CHAINREVIEW',
  chainUnfinalIndex: 'CHAINUNFINAL',
  chainCursor: (wallet: string) => ({ pk: `CHAINCURSOR#${wallet}`, sk: 'CURSOR' }),
  chainUse: (txId: string) => ({ pk: `CHAINUSE#${txId}`, sk: 'USE' }),
  /** The AML screening of one incoming USDT transaction (pattern 54). */
  paymentScreening: (txId: string) => ({ pk: `CHAINTX#${txId}`, sk: 'SCREENING' }),
  chainProviderBackoff: { pk: 'CHAINPROVIDER', sk: 'BACKOFF' },
  jobLease: (job: string) => ({ pk: `JOBLEASE#${job}`, sk: 'LEASE' }),
  payableAmountPartition: (wallet: string) => `PAYAMOUNT#${wallet}`,
  liveTicket: (ticketHash: string) => ({ pk: `LIVETICKET#${ticketHash}`, sk: 'TICKET' }),
  liveConnection: (connectionId: string) => ({ pk: `LIVECONN#${connectionId}`, sk: 'CONN' }),
  liveConnectionsOfUser: (userId: string) => `LIVEUSER#${userId}`,
  liveStaffConnections: 'LIVESTAFF',
  liveSeen: (applicationId: string) => ({ pk: `LIVESEEN#${applicationId}`, sk: 'SEEN' }),
  telegramAccount: (telegramUserId: number) => ({ pk: `TGUSER#${telegramUserId}`, sk: 'LINK' }),
  telegramContact: (username: string) => ({ pk: `TGCONTACT#${username.toLowerCase()}`, sk: 'STARTED' }),
  telegramUpdate: (updateId: number) => ({ pk: `TGUPDATE#${updateId}`, sk: 'UPDATE' }),
  telegramPace: (chatId: string) => ({ pk: `TGPACE#${chatId}`, sk: 'PACE' }),
  telegramBotPartition: 'TELEGRAM',
  telegramBotState: { pk: 'TELEGRAM', sk: 'STATE' },
  telegramGroup: (chatId: string) => ({ pk: 'TELEGRAM', sk: `GROUP#${chatId}` }),
  telegramSendError: (at: string, rand: string) => ({ pk: 'TELEGRAM', sk: `ERROR#${at}#${rand}` }),
  /** Partition key prefixes the live fan-out's stream filter matches on (functions/data/live.ts). */
  applicationPrefix: 'APP#',
  applicationMessagesPrefix: 'APPMSG#',
  chainTransferPrefix: 'CHAINTX#',
  chainTransfersOfApplication: (applicationId: string) => `CHAINTXAPP#${applicationId}`,
  staffNotice: (id: string) => ({ pk: `STAFFNOTICE#${id}`, sk: 'NOTICE' }),
  staffNoticePrefix: 'STAFFNOTICE#',
  ledgerAccount: (id: string) => ({ pk: `LEDGER#ACCT#${id}`, sk: 'ACCOUNT' }),
  ledgerAccountsIndex: 'LEDGERACCOUNTS',
  ledgerAccountListEntry: (currency: string, id: string) => ({
    gsi1pk: 'LEDGERACCOUNTS',
    gsi1sk: `${currency}#${id}`,
  }),
  ledgerPosting: (accountId: string, at: string, entryId: string) => ({
    pk: `LEDGER#ACCT#${accountId}`,
    sk: `POST#${at}#${entryId}`,
  }),
  ledgerAccountDay: (accountId: string, day: string) => ({
    pk: `LEDGER#ACCT#${accountId}`,
    sk: `DAY#${day}`,
  }),
  ledgerEntry: (id: string) => ({ pk: `LEDGER#ENTRY#${id}`, sk: 'ENTRY' }),
  ledgerEntryDayEntry: (day: string, at: string, id: string) => ({
    gsi1pk: `LEDGERDAY#${day}`,
    gsi1sk: `${at}#${id}`,
  }),
  ledgerEntriesOfApplication: (applicationId: string) => `LEDGERAPP#${applicationId}`,
  ledgerEntryApplicationEntry: (applicationId: string, at: string, id: string) => ({
    gsi2pk: `LEDGERAPP#${applicationId}`,
    gsi2sk: `${at}#${id}`,
  }),
  ledgerDayClose: (day: string) => ({ pk: 'LEDGER#CLOSE', sk: `DAY#${day}` }),
  ledgerDayCount: (day: string, accountId: string) => ({
    pk: 'LEDGER#CLOSE',
    sk: `COUNT#${day}#${accountId}`,
  }),
  exportJob: (id: string) => ({ pk: `EXPORT#${id}`, sk: 'JOB' }),
  verificationStandingPrefix: 'VERIFY#',
  card: (userId: string, cardId: string) => ({ pk: `USER#${userId}`, sk: `VERIFY#CARD#${cardId}` }),
  cardSortKeyPrefix: 'VERIFY#CARD#',
  identityStanding: (userId: string) => ({ pk: `USER#${userId}`, sk: 'VERIFY#IDENTITY' }),
  verificationRequest: (id: string) => ({ pk: `VERIFYREQ#${id}`, sk: 'REQUEST' }),
  verificationQueue: (state: 'pending' | 'decided') =>
    state === 'pending' ? 'VERIFYQUEUE#PENDING' : 'VERIFYQUEUE#DECIDED',
  verificationPhotosIndex: 'VERIFYPHOTOS',
  /** `units` of 0.0001 USDT, zero-padded so the sort keys order as the amounts do. */
  partner: (userId: string) => ({ pk: `PARTNER#${userId}`, sk: 'PROFILE' }),
  partnerPartition: (userId: string) => `PARTNER#${userId}`,
  partnerDay: (userId: string, day: string) => ({ pk: `PARTNER#${userId}`, sk: `DAY#${day}` }),
  partnerSubDay: (userId: string, day: string, subId: string) => ({
    pk: `PARTNER#${userId}`,
    sk: `SUBDAY#${day}#${subId}`,
  }),
  partnersIndex: 'PARTNERS',
  partnerDefaults: { pk: 'PARTNERS', sk: 'DEFAULTS' },
  partnerMonitor: (host: string) => ({ pk: `PARTNERMONITOR#${host}`, sk: 'PARTNER' }),
  partnerKey: (keyHash: string) => ({ pk: `PARTNERKEY#${keyHash}`, sk: 'KEY' }),
  partnerPayout: (id: string) => ({ pk: `PARTNERPAYOUT#${id}`, sk: 'PAYOUT' }),
  partnerPayoutsOf: (userId: string) => `PARTNERPAYOUTS#${userId}`,
  openPartnerPayouts: 'PARTNERPAYOUTS#OPEN',
  siteContentPartition: 'SITECONTENT',
  siteBlockSortKeyPrefix: 'BLOCK#',
  siteBlock: (block: string, language: string) => ({ pk: 'SITECONTENT', sk: `BLOCK#${block}#${language}` }),
  siteContentVersion: { pk: 'SITECONTENT', sk: 'VERSION' },
  siteContentPublished: { pk: 'SITECONTENT', sk: 'PUBLISHED' },
  tickerChoice: { pk: 'SITECONTENT', sk: 'TICKER' },
  payableAmount: (wallet: string, units: bigint) => ({
    pk: `PAYAMOUNT#${wallet}`,
    sk: `AMOUNT#${units.toString().padStart(20, '0')}`,
  }),
} as const;
