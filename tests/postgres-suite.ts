// The PostgreSQL pass of `npm test` (scripts/test-all.ts, step `api-postgres`): the API test files run a
// second time with every test API on a fresh PostgreSQL database. The SQLite pass runs every file; this
// pass runs what can behave differently on the other store: the store itself, SQL spelled per dialect
// (api/store/sql-dialect.ts and the raw SQL of the repositories), concurrent writers and processes (on
// PostgreSQL they really run at once, serialised only by the advisory locks `Store.transaction` takes),
// background jobs, idempotency, migrations, the evidence chain, several instances on one database, and one
// file per route family so that every family's reads and writes meet PostgreSQL at least once.
//
// Left out on purpose: files that never open a store (the packs, the file builders under outputs/, the SDK
// build, the route table), the BFF's (they run the API on SQLite whatever the pass), the stateless
// calculation and the policy-derived matrices, and second or third files of a route family whose
// difference from the sample is arithmetic or validation in TypeScript.
//
// The list is by file: a new test file runs on SQLite only until it is added here. Add it when it
// exercises something above (a new query or a new column type in api/store, a lock, a job, a race between
// requests, a new route family). `PAYRAIL_TEST_POSTGRES_ALL=1 npm test`, or the step `api-postgres-all`,
// runs every file on PostgreSQL.
export const POSTGRES_SUITE: Record<string, string> = {
  // The store and what differs by store.
  'tests/api/postgres-store.test.ts':
    "the PostgreSQL store itself: health, boot errors, prepared statements, the receipts' own connections",
  'tests/api/evidence-chain.test.ts': 'chain appends: PostgreSQL links the records in the database (migration 0023)',
  'tests/api/receipts.test.ts': 'read receipts: group commit, on PostgreSQL their own connections and commit mode',
  'tests/api/revocation-freshness.test.ts': 'the revocation read on its own connection, failing closed when it cannot',
  'tests/api/leave/leave-store.test.ts': "batched inserts inside each dialect's bound-parameter limit",
  'tests/api/employee-list-scale.test.ts':
    'the employee list paged in SQL (row-value cursor, collation, counts), the index filled at boot after a migration',
  'tests/api/seed.test.ts': 'a fresh database migrated and seeded through the API; its chains verify',
  'tests/api/sensitive-data.test.ts': 'no raw identifier in any byte the store keeps (every PostgreSQL row)',
  // Concurrency, processes, jobs and idempotency.
  'tests/api/multi-instance.test.ts':
    'several processes on one database: one chain, racing approvals and finalises, revocations, job takeover',
  'tests/api/workforce-revision.test.ts':
    'the workforce revision (an upsert in every employee write) read by two processes before they keep a workforce',
  'tests/api/crash.test.ts': 'a process killed mid-write: all or nothing, the finalise job resumes, retries replay',
  'tests/api/idempotency.test.ts': 'idempotency records: replay, mismatch, scope and retention',
  'tests/api/idempotency-processes.test.ts': 'idempotency across processes under the advisory lock',
  'tests/api/employees-bulk.test.ts':
    'bulk hiring: batched inserts of employees, evidence and links inside the bound-parameter limit, the job and its documents',
  'tests/api/webhooks.test.ts': 'the webhook outbox in the change’s transaction, fan-out and claims (per-dialect SQL)',
  'tests/api/webhooks-processes.test.ts':
    'webhook deliveries claimed with SKIP LOCKED by two processes at once; an event outlives a killed process',
  'tests/api/lodgement/stp-submit.test.ts': 'the sandbox rail as a background job (claimed with SKIP LOCKED)',
  'tests/api/abuse-budgets.test.ts':
    'per-tenant lanes for expensive work: on PostgreSQL every query yields, so requests of tenants interleave',
  'tests/api/lodgement/stp-corrections.test.ts':
    'pending corrections and replacement rules read lodgements across runs by submission time',
  // Per-dialect SQL behind reads.
  'tests/api/governance.test.ts':
    'audit-trail filters in JSON SQL, chain verification, 50 concurrent writes to one chain',
  'tests/api/delegation.test.ts': 'the actor filter over a delegation chain (a JSON array member), session trees',
  'tests/api/portfolio.test.ts': 'the portfolio queries: CTEs, JSON members, money summed in cents, counts',
  'tests/api/portfolio-clients.test.ts': "the client list's search, sort and cursor in SQL",
  'tests/api/data-scope.test.ts': 'data scope as SQL conditions on the list index (cost-centre prefixes, sites)',
  'tests/api/tokens.test.ts': 'tokens: revocations seen by a second instance on the same database, key rotation',
  // One file per route family.
  'tests/api/tenants.test.ts': 'partners, tenants and packs: slugs, isolation, binding re-pins',
  'tests/api/employees-de.test.ts': 'employees: effective-dated versions read back as one JSON array per row',
  'tests/api/org-setup.test.ts': 'company',
  'tests/api/sites.test.ts': 'sites',
  'tests/api/cost-centres.test.ts': 'cost centres and mapping rules',
  'tests/api/calendar.test.ts': 'pay schedules and the calendar',
  'tests/api/pay-items.test.ts': 'pay items',
  'tests/api/awards.test.ts': 'awards',
  'tests/api/year-to-date-openings.test.ts':
    'year-to-date openings (migration 0028): the new table, its once-per-employee key, reads by tax year',
  'tests/api/draft-validation.test.ts': 'readiness and validation without a write',
  'tests/api/pay-runs.test.ts': 'pay runs: the state machine, segregation of duties, void and delete',
  'tests/api/pay-run-exceptions.test.ts': 'pay-run exceptions',
  'tests/api/pay-run-outputs.test.ts': 'payslips, the payment file and the super batch',
  'tests/api/lodgement/after-finalise.test.ts': 'payments, super liabilities and the checklist after finalise',
  'tests/api/leave/au-leave.test.ts': 'leave: requests, balances, bookings, accrual on finalise',
  'tests/api/leave/au-leave-rules.test.ts':
    'leave settings and opening balances, a cash-out booking with its agreement (migration 0035)',
  'tests/api/reports.test.ts': 'reports',
  'tests/api/de-statutory-outputs.test.ts': 'statutory outputs',
  'tests/api/de-one-off-payments.test.ts':
    'year-to-date openings (migration 0027, a composite primary key) and the year to date read by period across runs',
  'tests/api/sdk-demo-session.test.ts': 'the SDK demo session (tokens for the seeded employers)',
};
