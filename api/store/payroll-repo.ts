// Cost centres, employees (with effective-dated versions), company details, pay runs and entries.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { RunSearchTerm } from '../model/run-search-term.ts';
import type { Dialect } from './db.ts';
import { contains, insertMany, jsonArrayFrom, jsonRows } from './sql-dialect.ts';
import { preparedQuery } from './prepared.ts';
import { payDayOf } from './pay-day.ts';
import type { PayDay } from '../model/pay-day.ts';
import { randomHex } from '../lib/ids.ts';
import type {
  Database,
  CostCentreTable,
  CostCentreMappingTable,
  EmployeeListPeriodTable,
  EmployeeTable,
  EmployeeVersionTable,
  PayRunTable,
  PayRunEntryTable,
} from './schema.ts';

/** A list position: [last_name, first_name, id] as of the read date. */
export type EmployeeListPosition = [string, string, string];

/**
 * What a page of the employee list is narrowed to, in SQL. Each inner list is a set of alternatives, and
 * every set must match: cost-centre codes (`CODE`, or `CODE-*` for the code and every code below it)
 * and sites, against the employee's placement as of the read date.
 */
export interface EmployeePageFilter {
  ids?: string[];
  /** Search words, each to appear in the name as of the read date (any case). */
  words?: string[];
  costCentres?: string[][];
  sites?: string[][];
}

export interface EmployeePageRow extends EmployeeTable {
  /** The name and placement as of the read date: the list's order and filters. */
  list_first_name: string;
  list_last_name: string;
  list_cost_centre_code: string | null;
  list_site: string | null;
}

/** One cost-centre filter on the employee's placement: `CODE`, or `CODE-*` for it and every code below. */
function codeMatch(filter: string): RawBuilder<SqlBool> {
  if (!filter.endsWith('-*')) return sql<SqlBool>`p.cost_centre_code = ${filter}`;
  const base = filter.slice(0, -2);
  return sql<SqlBool>`(p.cost_centre_code = ${base} or substr(p.cost_centre_code, 1, ${base.length + 1}) = ${`${base}-`})`;
}

/** An employee row with its case-value patches and the evidence id of its last change, in one round trip. */
const employeeWithHistory = preparedQuery((db, { tenantId, id }: { tenantId: string; id: string }, dialect) =>
  db
    .selectFrom('employees as e')
    .selectAll('e')
    .select((eb) => [
      jsonArrayFrom(
        dialect,
        eb
          .selectFrom('employee_versions as v')
          .select(['v.effective_from', 'v.seq', 'v.data_json'])
          .whereRef('v.employee_id', '=', 'e.id'),
      ).as('versions'),
      eb
        .selectFrom('evidence_links as l')
        .select('l.evidence_id')
        .whereRef('l.resource_id', '=', 'e.id')
        .where('l.tenant_id', '=', tenantId)
        .where('l.action', 'not like', '%.read')
        .orderBy('l.seq', 'desc')
        .limit(1)
        .as('last_change'),
    ])
    .where('e.tenant_id', '=', tenantId)
    .where('e.id', '=', id),
);

export function payrollRepo(db: Kysely<Database>, dialect: Dialect) {
  /** The list index's rows in force on `asOf`, joined to their employees, with the filter as SQL conditions. */
  function listPeriodsAsOf(tenantId: string, asOf: string, f: EmployeePageFilter) {
    let q = db
      .selectFrom('employee_list_periods as p')
      .innerJoin('employees as e', 'e.id', 'p.employee_id')
      .where('p.tenant_id', '=', tenantId)
      .where('p.valid_from', '<=', asOf)
      .where((eb) => eb.or([eb('p.valid_to', 'is', null), eb('p.valid_to', '>', asOf)]));
    if (f.ids) q = q.where('p.employee_id', 'in', f.ids.length ? f.ids : ['']);
    for (const codes of f.costCentres ?? []) q = q.where((eb) => eb.or(codes.map(codeMatch)));
    for (const sites of f.sites ?? []) q = q.where('p.site', 'in', sites.length ? sites : ['']);
    for (const w of f.words ?? [])
      q = q.where(contains(dialect, sql<string>`lower(p.first_name || ' ' || p.last_name)`, w.toLowerCase()));
    return q;
  }

  async function insertListPeriods(rows: EmployeeListPeriodTable[]) {
    // 8 columns a row: 100 rows stay well inside SQLite's limit on bound parameters.
    for (let i = 0; i < rows.length; i += 100)
      await db
        .insertInto('employee_list_periods')
        .values(rows.slice(i, i + 100))
        .execute();
  }

  /**
   * Gives the tenant's workforce a new token: called by every write of its employees or their case values, in
   * the writer's transaction. A token is random, so one that rolled back is never seen again.
   */
  async function newWorkforceRevision(tenantId: string) {
    const revision = randomHex(12);
    await db
      .insertInto('workforce_revisions')
      .values({ tenant_id: tenantId, revision })
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ revision }))
      .execute();
  }
  return {
    listCostCentres: (tenantId: string, includeArchived: boolean) => {
      let q = db.selectFrom('cost_centres').selectAll().where('tenant_id', '=', tenantId);
      if (!includeArchived) q = q.where('status', '=', 'active');
      return q.orderBy('code').execute();
    },
    getCostCentre: (tenantId: string, code: string) =>
      db
        .selectFrom('cost_centres')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('code', '=', code)
        .executeTakeFirst(),
    async insertCostCentre(c: CostCentreTable) {
      await db.insertInto('cost_centres').values(c).execute();
    },
    async updateCostCentre(tenantId: string, code: string, patch: Partial<CostCentreTable>) {
      await db
        .updateTable('cost_centres')
        .set(patch)
        .where('tenant_id', '=', tenantId)
        .where('code', '=', code)
        .execute();
    },
    listMappings: (tenantId: string, source?: string) => {
      let q = db.selectFrom('cost_centre_mappings').selectAll().where('tenant_id', '=', tenantId);
      if (source) q = q.where('source', '=', source as 'employee');
      return q.orderBy('priority').orderBy('created_at').execute();
    },
    async insertMapping(m: CostCentreMappingTable) {
      await db.insertInto('cost_centre_mappings').values(m).execute();
    },
    getMapping: (tenantId: string, id: string) =>
      db
        .selectFrom('cost_centre_mappings')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst(),
    async deleteMapping(tenantId: string, id: string) {
      await db.deleteFrom('cost_centre_mappings').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    },

    /** Every tenant of every partner (for rebuilding derived indexes). */
    everyTenant: () => db.selectFrom('tenants').select(['id', 'jurisdiction']).orderBy('id').execute(),
    async insertEmployee(e: EmployeeTable) {
      await db.insertInto('employees').values(e).execute();
      await newWorkforceRevision(e.tenant_id);
    },
    /** The token of the tenant's workforce as last written (see `newWorkforceRevision`); null before any write. */
    workforceRevision: async (tenantId: string) =>
      (
        await db
          .selectFrom('workforce_revisions')
          .select('revision')
          .where('tenant_id', '=', tenantId)
          .executeTakeFirst()
      )?.revision ?? null,
    /** Many new employees at once (a bulk hire): their rows, first case values and list index, a few statements each. */
    async insertNewEmployees(
      employees: EmployeeTable[],
      versions: EmployeeVersionTable[],
      periods: EmployeeListPeriodTable[],
    ) {
      await insertMany(db, dialect, 'employees', employees);
      await insertMany(db, dialect, 'employee_versions', versions);
      await insertMany(db, dialect, 'employee_list_periods', periods);
      for (const tenantId of new Set(employees.map((e) => e.tenant_id))) await newWorkforceRevision(tenantId);
    },
    getEmployee: (tenantId: string, id: string) =>
      db.selectFrom('employees').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst(),
    /**
     * An employee for a single read, in one round trip: the row, every case-value patch in the order they apply,
     * and the record of its last change (reads are not changes).
     */
    async employeeForRead(tenantId: string, id: string) {
      const [found] = await employeeWithHistory(db, dialect, { tenantId, id });
      if (!found) return undefined;
      const { versions, last_change, ...row } = found;
      return {
        row: row as EmployeeTable,
        // A JSON array keeps no promised order, so the patches are put in the order they apply here.
        versions: jsonRows<Pick<EmployeeVersionTable, 'effective_from' | 'seq' | 'data_json'>>(versions).sort(
          (a, b) => a.effective_from.localeCompare(b.effective_from) || a.seq - b.seq,
        ),
        lastChange: last_change ?? null,
      };
    },
    async updateEmployee(tenantId: string, id: string, patch: Partial<EmployeeTable>) {
      await db.updateTable('employees').set(patch).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
      await newWorkforceRevision(tenantId);
    },
    /** Ordered by name then id; `after` is the last row's [last_name, first_name, id]. */
    listEmployees: (
      tenantId: string,
      opts: { after?: [string, string, string] | null; limit?: number; ids?: string[] },
    ) => {
      let q = db.selectFrom('employees').selectAll().where('tenant_id', '=', tenantId);
      if (opts.ids) q = q.where('id', 'in', opts.ids.length ? opts.ids : ['']);
      if (opts.after) {
        const [l, f, i] = opts.after;
        q = q.where((eb) =>
          eb.or([
            eb('last_name', '>', l),
            eb.and([eb('last_name', '=', l), eb('first_name', '>', f)]),
            eb.and([eb('last_name', '=', l), eb('first_name', '=', f), eb('id', '>', i)]),
          ]),
        );
      }
      q = q.orderBy('last_name').orderBy('first_name').orderBy('id');
      return (opts.limit ? q.limit(opts.limit) : q).execute();
    },
    /** Replaces an employee's rows of the list index (after each change of its patches or placement). */
    async replaceListPeriods(employeeId: string, rows: EmployeeListPeriodTable[]) {
      await db.deleteFrom('employee_list_periods').where('employee_id', '=', employeeId).execute();
      await insertListPeriods(rows);
    },
    /** Replaces a whole tenant's list index (after its placement rules change). */
    async replaceTenantListPeriods(tenantId: string, rows: EmployeeListPeriodTable[]) {
      await db.deleteFrom('employee_list_periods').where('tenant_id', '=', tenantId).execute();
      await insertListPeriods(rows);
    },
    /**
     * Up to `limit` employees in name order as of `asOf`, after `after`, narrowed by `f`: the list index is
     * read in order, so a page costs its own rows (and the index entries a filter skips), not the tenant's.
     */
    employeePage: (
      tenantId: string,
      asOf: string,
      after: EmployeeListPosition | null,
      limit: number,
      f: EmployeePageFilter = {},
    ): Promise<EmployeePageRow[]> => {
      let q = listPeriodsAsOf(tenantId, asOf, f)
        .selectAll('e')
        .select([
          'p.first_name as list_first_name',
          'p.last_name as list_last_name',
          'p.cost_centre_code as list_cost_centre_code',
          'p.site as list_site',
        ]);
      if (after) {
        const [l, fi, id] = after;
        q = q.where(sql<SqlBool>`(p.last_name, p.first_name, p.employee_id) > (${l}, ${fi}, ${id})`);
      }
      return q.orderBy('p.last_name').orderBy('p.first_name').orderBy('p.employee_id').limit(limit).execute();
    },
    /** How many employees the same filter finds over every page, and how many of them are active. */
    async employeeCount(tenantId: string, asOf: string, f: EmployeePageFilter = {}) {
      const row = await listPeriodsAsOf(tenantId, asOf, f)
        .select([
          sql<number>`count(*)`.as('total'),
          sql<number>`coalesce(sum(case when e.status = 'active' then 1 else 0 end), 0)`.as('active'),
        ])
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), active: Number(row.active) };
    },
    /** Whether any employee is placed in a cost centre, and at a site, as of `asOf` (for failing closed). */
    async listDimensions(tenantId: string, asOf: string) {
      const any = (column: 'cost_centre_code' | 'site') =>
        db
          .selectFrom('employee_list_periods')
          .select('employee_id')
          .where('tenant_id', '=', tenantId)
          .where(column, 'is not', null)
          .where('valid_from', '<=', asOf)
          .where((eb) => eb.or([eb('valid_to', 'is', null), eb('valid_to', '>', asOf)]))
          .limit(1)
          .executeTakeFirst();
      return { anyPlaced: !!(await any('cost_centre_code')), anySited: !!(await any('site')) };
    },
    /** The case-value patches of some employees in force on `asOf`, in the order they apply, per employee. */
    versionsOfMany: (employeeIds: string[], asOf: string) =>
      db
        .selectFrom('employee_versions')
        .select(['employee_id', 'data_json'])
        .where('employee_id', 'in', employeeIds.length ? employeeIds : [''])
        .where('effective_from', '<=', asOf)
        .orderBy('employee_id')
        .orderBy('effective_from')
        .orderBy('seq')
        .execute(),
    /** The first recorded patch of each of some employees (how one reads before its first value period). */
    firstVersionsOf: (employeeIds: string[]) =>
      db
        .selectFrom('employee_versions as v')
        .select(['v.employee_id', 'v.data_json'])
        .where('v.employee_id', 'in', employeeIds.length ? employeeIds : [''])
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('employee_versions as w')
                .select('w.seq')
                .whereRef('w.employee_id', '=', 'v.employee_id')
                .where((eb) =>
                  eb.or([
                    eb('w.effective_from', '<', eb.ref('v.effective_from')),
                    eb.and([
                      eb('w.effective_from', '=', eb.ref('v.effective_from')),
                      eb('w.seq', '<', eb.ref('v.seq')),
                    ]),
                  ]),
                ),
            ),
          ),
        )
        .execute(),
    async insertEmployeeVersion(v: EmployeeVersionTable) {
      await db.insertInto('employee_versions').values(v).execute();
      await newWorkforceRevision(v.tenant_id);
    },
    async nextVersionSeq(employeeId: string) {
      const r = await db
        .selectFrom('employee_versions')
        .select((eb) => eb.fn.max('seq').as('m'))
        .where('employee_id', '=', employeeId)
        .executeTakeFirst();
      return Number(r?.m ?? 0) + 1;
    },
    /** Case-value patches in force on `asOf`, in the order they apply (effective date, then write order). */
    versionsOf: (employeeId: string, asOf: string) =>
      db
        .selectFrom('employee_versions')
        .selectAll()
        .where('employee_id', '=', employeeId)
        .where('effective_from', '<=', asOf)
        .orderBy('effective_from')
        .orderBy('seq')
        .execute(),
    /**
     * Every employee's patches in force on `asOf`, unordered and without their bookkeeping columns: a pay run
     * reads the whole tenant's, and sorting them in SQL (a temporary B-tree over every row) costs more than the
     * caller ordering each employee's few.
     */
    patchesAsOf: (tenantId: string, asOf: string) =>
      db
        .selectFrom('employee_versions')
        .select(['employee_id', 'effective_from', 'seq', 'data_json'])
        .where('tenant_id', '=', tenantId)
        .where('effective_from', '<=', asOf)
        .execute(),
    /** The same for every employee of a tenant at once (pay runs). */
    versionsAsOf: (tenantId: string, asOf: string) =>
      db
        .selectFrom('employee_versions')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('effective_from', '<=', asOf)
        .orderBy('employee_id')
        .orderBy('effective_from')
        .orderBy('seq')
        .execute(),

    getCompany: (tenantId: string) =>
      db.selectFrom('company').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst(),
    async upsertCompany(tenantId: string, data_json: string, bank_json: string, at: string) {
      await db
        .insertInto('company')
        .values({ tenant_id: tenantId, data_json, bank_json, updated_at: at })
        .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ data_json, bank_json, updated_at: at }))
        .execute();
    },

    async insertPayRun(p: PayRunTable) {
      await db.insertInto('pay_runs').values(p).execute();
    },
    getPayRun: (tenantId: string, id: string) =>
      db.selectFrom('pay_runs').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst(),
    async updatePayRun(tenantId: string, id: string, patch: Partial<PayRunTable>) {
      await db.updateTable('pay_runs').set(patch).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    },
    async deletePayRun(tenantId: string, id: string) {
      await db.deleteFrom('pay_run_entries').where('pay_run_id', '=', id).execute();
      await db.deleteFrom('pay_runs').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    },
    listPayRuns: (
      tenantId: string,
      f: {
        status?: string;
        from?: string;
        to?: string;
        after?: [string, string] | null;
        limit?: number;
        search?: RunSearchTerm[];
      },
    ) => {
      let q = db.selectFrom('pay_runs').selectAll().where('tenant_id', '=', tenantId);
      if (f.status) q = q.where('status', '=', f.status);
      // Every word of a search must match the run somewhere.
      for (const term of f.search ?? []) {
        q = q.where((eb) => {
          const any = [];
          if (term.statuses.length) any.push(eb('status', 'in', term.statuses));
          if (term.frequencies.length) any.push(eb('pay_frequency', 'in', term.frequencies));
          for (const m of term.months)
            any.push(eb('period_start', 'like', `____-${m}-%`), eb('period_end', 'like', `____-${m}-%`));
          if (term.dateText)
            for (const col of ['period_start', 'period_end', 'payment_date'] as const)
              any.push(eb(col, 'like', `%${term.dateText}%`));
          return any.length ? eb.or(any) : sql<SqlBool>`1 = 0`;
        });
      }
      if (f.from) q = q.where('period_end', '>=', f.from);
      if (f.to) q = q.where('period_start', '<=', f.to);
      if (f.after) {
        const [ps, id] = f.after;
        q = q.where((eb) =>
          eb.or([eb('period_start', '<', ps), eb.and([eb('period_start', '=', ps), eb('id', '<', id)])]),
        );
      }
      q = q.orderBy('period_start', 'desc').orderBy('id', 'desc');
      return (f.limit ? q.limit(f.limit) : q).execute();
    },
    overlappingRuns: (tenantId: string, frequency: string, start: string, end: string) =>
      db
        .selectFrom('pay_runs')
        .select(['id', 'status'])
        .where('tenant_id', '=', tenantId)
        .where('pay_frequency', '=', frequency)
        .where('status', '!=', 'voided')
        .where('period_start', '<=', end)
        .where('period_end', '>=', start)
        .execute(),
    async insertEntries(rows: PayRunEntryTable[]) {
      await insertMany(db, dialect, 'pay_run_entries', rows);
    },
    async replaceEntry(row: PayRunEntryTable) {
      await db
        .insertInto('pay_run_entries')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['pay_run_id', 'employee_id']).doUpdateSet({
            items_json: row.items_json,
            input_json: row.input_json,
            result_json: row.result_json,
            evidence_id: row.evidence_id,
            employee_name: row.employee_name,
            cost_centre_code: row.cost_centre_code,
            site: row.site,
            updated_at: row.updated_at,
          }),
        )
        .execute();
    },
    async deleteEntries(payRunId: string, employeeIds: string[]) {
      for (let i = 0; i < employeeIds.length; i += 500)
        await db
          .deleteFrom('pay_run_entries')
          .where('pay_run_id', '=', payRunId)
          .where('employee_id', 'in', employeeIds.slice(i, i + 500))
          .execute();
    },
    async setEntryEvidence(payRunId: string, employeeId: string, evidenceId: string) {
      await db
        .updateTable('pay_run_entries')
        .set({ evidence_id: evidenceId })
        .where('pay_run_id', '=', payRunId)
        .where('employee_id', '=', employeeId)
        .execute();
    },
    runsInStatus: (status: string) => db.selectFrom('pay_runs').selectAll().where('status', '=', status).execute(),
    listEntries: (payRunId: string) =>
      db
        .selectFrom('pay_run_entries')
        .selectAll()
        .where('pay_run_id', '=', payRunId)
        .orderBy('employee_name')
        .orderBy('employee_id')
        .execute(),
    /** One page of a run's entries in the order `listEntries` gives; `after` is the last row's [employee_name, employee_id]. */
    listEntriesAfter: (payRunId: string, after: [string, string] | null, limit: number) => {
      let q = db.selectFrom('pay_run_entries').selectAll().where('pay_run_id', '=', payRunId);
      if (after) {
        const [name, id] = after;
        q = q.where((eb) =>
          eb.or([eb('employee_name', '>', name), eb.and([eb('employee_name', '=', name), eb('employee_id', '>', id)])]),
        );
      }
      return q.orderBy('employee_name').orderBy('employee_id').limit(limit).execute();
    },
    getEntry: (payRunId: string, employeeId: string) =>
      db
        .selectFrom('pay_run_entries')
        .selectAll()
        .where('pay_run_id', '=', payRunId)
        .where('employee_id', '=', employeeId)
        .executeTakeFirst(),
    /**
     * Finalised entries of many employees at once, counted on the day `on` names (within the dates, and
     * answered as `paid_date`): year-to-date figures on a run's payslips and limits over the year.
     */
    finalisedEntriesForMany: (
      tenantId: string,
      employeeIds: string[],
      fromDate: string,
      toDate: string,
      on: PayDay,
    ) => {
      const day = payDayOf(on);
      return db
        .selectFrom('pay_run_entries')
        .innerJoin('pay_runs', 'pay_runs.id', 'pay_run_entries.pay_run_id')
        .select([
          'pay_run_entries.employee_id',
          'pay_run_entries.result_json',
          'pay_run_entries.pay_run_id',
          day.as('paid_date'),
        ])
        .where('pay_runs.tenant_id', '=', tenantId)
        .where('pay_run_entries.employee_id', 'in', employeeIds.length ? employeeIds : [''])
        .where('pay_runs.status', 'in', ['finalised', 'lodged'])
        .where(day, '>=', fromDate)
        .where(day, '<=', toDate)
        .execute();
    },
    /** Finalised (or lodged, never voided) entries of employees whose period ends within the dates, with the period. */
    finalisedEntriesByPeriod: (tenantId: string, employeeIds: string[], fromDate: string, toDate: string) =>
      db
        .selectFrom('pay_run_entries')
        .innerJoin('pay_runs', 'pay_runs.id', 'pay_run_entries.pay_run_id')
        .select([
          'pay_run_entries.employee_id',
          'pay_run_entries.result_json',
          'pay_runs.period_start',
          'pay_runs.period_end',
          'pay_runs.pay_frequency',
        ])
        .where('pay_runs.tenant_id', '=', tenantId)
        .where('pay_run_entries.employee_id', 'in', employeeIds.length ? employeeIds : [''])
        .where('pay_runs.status', 'in', ['finalised', 'lodged'])
        .where('pay_runs.period_end', '>=', fromDate)
        .where('pay_runs.period_end', '<=', toDate)
        .orderBy('pay_runs.period_end')
        .execute(),
    /**
     * Runs of some statuses paid within [from, to] counted on the day `on` names (or the one run asked for),
     * oldest payday first: what reports read.
     */
    reportRuns: (
      tenantId: string,
      statuses: string[],
      f: { payRunId?: string; from: string; to: string; on: PayDay },
    ) => {
      const day = payDayOf(f.on);
      let q = db.selectFrom('pay_runs').selectAll().where('tenant_id', '=', tenantId).where('status', 'in', statuses);
      q = f.payRunId ? q.where('id', '=', f.payRunId) : q.where(day, '>=', f.from).where(day, '<=', f.to);
      return q.orderBy(day).orderBy('id').execute();
    },
    /** The entries of many runs in one query, by run then name. */
    entriesOfRuns: (tenantId: string, runIds: string[]) =>
      db
        .selectFrom('pay_run_entries')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('pay_run_id', 'in', runIds.length ? runIds : [''])
        .orderBy('pay_run_id')
        .orderBy('employee_name')
        .orderBy('employee_id')
        .execute(),
    /** Finalised (or lodged) runs of a tenant paid within the dates, by payment date: a statutory period's runs. */
    finalisedRunsPaidBetween: (tenantId: string, fromDate: string, toDate: string) =>
      db
        .selectFrom('pay_runs')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('status', 'in', ['finalised', 'lodged'])
        .where('payment_date', '>=', fromDate)
        .where('payment_date', '<=', toDate)
        .orderBy('payment_date')
        .orderBy('id')
        .execute(),
  };
}
