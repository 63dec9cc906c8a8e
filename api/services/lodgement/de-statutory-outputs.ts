// The German statutory outputs of a period, drawn up from every finalised DE run paid in it: the
// Lohnsteuer-Anmeldung (per filing period, by the company's `lsta_period`), the Beitragsnachweise per
// health insurer and the Minijob-Zentrale's. Files only: nothing is lodged.
//
// The figures are sums of what the entries hold, to the cent; the facts that place an entry on a form
// (denomination, insurer) are the employee's as the run froze them at its period end. An entry that
// cannot be placed (church tax without a denomination, contributions without an insurer) refuses the
// output with 422 naming the employees, never a figure on the wrong line.
//
// The outputs total every employee of the employer, so only a caller that sees every employee (a partner
// key or an unscoped, unpinned token) may draw them up: a scoped total would misstate the filing, and a
// firm-wide one would show a scoped caller pay outside its view.
import type { UseCaseContext } from '../platform/use-case.ts';
import type { Repos } from '../../store/index.ts';
import type { PayRunTable } from '../../store/schema.ts';
import { loadWorkforce } from '../pay-runs/pay-run-calc.ts';
import { periodOf, requireRun, requireStatus } from '../pay-runs/pay-run-steps.ts';
import { resultOf } from '../pay-runs/pay-run-model.ts';
import { requireWholeTenant } from '../platform/data-scope.ts';
import { deOf } from '../../jurisdictions/index.ts';
import { decodeJsonObject } from '../../lib/json-column.ts';
import { lastDayOfMonth } from '../../lib/dates.ts';
import { AppError } from '../../lib/errors.ts';
import type { StatutoryOutputKind } from '../../model/statutory-output-kinds.ts';
import { deEntryFigures, type DeEntryFigures } from '../outputs/de-entry-figures.ts';
import { buildLohnsteuerAnmeldung, undeclaredChurchTax } from '../outputs/de-lohnsteuer-anmeldung.ts';
import {
  NOT_COMPUTED_LEVIES,
  buildBeitragsnachweise,
  buildMinijobBeitragsnachweis,
  insurerEntries,
} from '../outputs/de-beitragsnachweis.ts';

export type LstaPeriod = 'monthly' | 'quarterly' | 'annual';

/** The filing period that holds the month: the month, its calendar quarter or its year. */
export function filingPeriod(month: string, kind: LstaPeriod): { start: string; end: string; label: string } {
  const [y, m] = month.split('-').map(Number);
  if (kind === 'annual') return { start: `${y}-01-01`, end: `${y}-12-31`, label: String(y) };
  if (kind === 'quarterly') {
    const q = Math.floor((m - 1) / 3);
    const first = q * 3 + 1;
    return {
      start: `${y}-${String(first).padStart(2, '0')}-01`,
      end: lastDayOfMonth(y, first + 2),
      label: `${y}-Q${q + 1}`,
    };
  }
  return { start: `${month}-01`, end: lastDayOfMonth(y, m), label: month };
}

const NOTES: Record<StatutoryOutputKind, string[]> = {
  'lohnsteuer-anmeldung': [
    'Kennzahlen 41, 44 and 47 are 0.00: Payrail computes no flat-rate wage tax payable to the Finanzamt.',
    'The 2 % flat tax of minijobs is filed with the Minijob-Zentrale (see the Minijob-Beitragsnachweis); those minijobbers are not counted in Kennzahl 86.',
    'Church tax of denominations other than ev/lt/rf/fr (61) and rk (62) is listed by denomination for the Land-specific lines and is part of Kennzahl 83.',
  ],
  beitragsnachweis: [
    'The health contribution (1000) includes the insurer’s Zusatzbeitrag; the care contribution (0001) includes the childless surcharge.',
    'The reduced health rate (3000) is not modelled.',
    'U1, U2 (at the insurer’s rates the employer set) and the Insolvenzgeldumlage (0050) are the employer’s levies; runs before pack DE-2026.3 hold none (see not_included).',
  ],
  'minijob-beitragsnachweis': [
    'Pension 0100 is the employer’s 15 % plus the minijobber’s top-up; 0500 the employer’s 15 % for exempt minijobbers.',
    'U1 and U2 at the Minijob-Zentrale’s rates, and the Insolvenzgeldumlage (0050); runs before pack DE-2026.3 hold none (see not_included).',
  ],
};

async function companyData(r: Repos, tenantId: string) {
  const row = await r.getCompany(tenantId);
  return row ? decodeJsonObject(row.data_json, `company.data_json of ${tenantId}`) : {};
}

/** Every finalised entry of the runs, with the facts each run froze. */
async function entriesOfRuns(uc: UseCaseContext, r: Repos, runs: PayRunTable[]) {
  const out: DeEntryFigures[] = [];
  for (const run of runs) {
    const entries = await r.listEntries(run.id);
    const who = new Map(
      (
        await loadWorkforce(
          uc,
          r,
          periodOf(run),
          entries.map((e) => e.employee_id),
        )
      ).map((w) => [w.row.id, deOf(w.data).de]),
    );
    for (const e of entries) {
      const d = who.get(e.employee_id);
      const h = d?.health_insurance;
      out.push(
        deEntryFigures(e, resultOf(e), {
          denomination: d?.church_tax_denomination ?? null,
          insurer: h?.insurer ?? null,
          health_type: h?.type === 'private' ? 'private' : 'statutory',
        }),
      );
    }
  }
  return { runs, entries: out };
}

const unplaced = (rule: string, message: string, list: DeEntryFigures[], missing: string) => {
  const employees = [...new Map(list.map((e) => [e.employee_id, e])).values()].map((e) => ({
    employee_id: e.employee_id,
    employee_name: e.employee_name,
    missing,
  }));
  return new AppError(422, 'pack_validation_failed', message, { rule, employees });
};

/**
 * The company settings a levy on these entries needed and did not have, named as the company patch names
 * them (the insurer's rates by its Betriebsnummer): a U1 or U2 amount is missing from the form until they are set
 * and the run recalculated. Minijobs use the Minijob-Zentrale's rates, so only U1 participation can be missing.
 */
function missingLevies(list: DeEntryFigures[], minijob: boolean): string[] {
  const out = new Set<string>();
  for (const e of list)
    for (const m of e.levies_missing) {
      if (m === 'u1_participation') out.add('u1_participation');
      else if (!minijob && e.insurer)
        out.add(`insurer_levy_rates[${e.insurer.betriebsnummer}].${m} (${e.insurer.name})`);
    }
  return [...out].sort();
}

const EXEMPT_AS: Record<string, string> = { public_body: 'a public body', private_household: 'a private household' };

/** The employer's Insolvenzgeldumlage exemption in words, when it has one on file. */
function exemptionNote(company: Record<string, unknown>): string[] {
  const x = company.insolvency_levy_exemption as { reason?: string; basis?: string } | null | undefined;
  const as = x?.reason ? EXEMPT_AS[x.reason] : undefined;
  return as
    ? [
        `No Insolvenzgeldumlage (0050) from runs after the exemption: the employer is exempt as ${as} (§ 358 Abs. 1 Satz 2 SGB III; ${x!.basis}).`,
      ]
    : [];
}

const last4 = (v: unknown) => (typeof v === 'string' && v ? v.replace(/\D/g, '').slice(-4) : null);

/**
 * One statutory output of the period holding `month` (YYYY-MM), or one finalised run's share of it
 * (`{ runId }`): 403 for a caller that does not see every employee, 501 where the pack has no statutory
 * outputs, 409 for a run not finalised, 422 when the employer or an entry lacks what places a figure on the
 * form.
 */
export async function statutoryOutput(
  uc: UseCaseContext,
  kind: StatutoryOutputKind,
  of: { month: string } | { runId: string },
) {
  uc.requireCapability('statutory_outputs');
  requireWholeTenant(
    uc,
    'Statutory outputs total every employee of the employer: they need a credential that sees all employees ' +
      '(no data scope, not pinned to one employee).',
  );
  const t = uc.requireTenant();
  const version = t.binding.pack_version;
  const r = uc.store.repos;
  const company = await companyData(r, t.tenant.id);
  const lstaPeriod = company.lsta_period as LstaPeriod | undefined;
  if (kind === 'lohnsteuer-anmeldung' && !lstaPeriod && !('runId' in of))
    throw new AppError(
      422,
      'pack_validation_failed',
      'Set the company’s lsta_period (monthly, quarterly or annual): it decides which runs the Lohnsteuer-Anmeldung covers.',
      { rule: `${version}/company/lsta_period_required` },
    );
  let runs: PayRunTable[];
  let period: { start: string; end: string; label: string };
  if ('runId' in of) {
    // One run's share: its own entries, placed in the month it was paid.
    const run = await requireRun(uc, r, of.runId);
    requireStatus(run, ['finalised', 'lodged'], 'produce outputs for');
    runs = [run];
    period = { start: run.payment_date, end: run.payment_date, label: run.payment_date.slice(0, 7) };
  } else {
    period = kind === 'lohnsteuer-anmeldung' ? filingPeriod(of.month, lstaPeriod!) : filingPeriod(of.month, 'monthly');
    runs = await r.finalisedRunsPaidBetween(t.tenant.id, period.start, period.end);
  }
  const { entries } = await entriesOfRuns(uc, r, runs);
  const employer = {
    name: (company.legal_name as string | undefined) ?? t.tenant.name,
    betriebsnummer: (company.betriebsnummer as string | undefined) ?? null,
    steuernummer_last4: last4(company.steuernummer),
  };
  const needs: Record<StatutoryOutputKind, string[]> = {
    'lohnsteuer-anmeldung': ['steuernummer'],
    beitragsnachweis: ['betriebsnummer'],
    'minijob-beitragsnachweis': ['betriebsnummer', 'steuernummer'],
  };
  const missing = needs[kind].filter((f) => !company[f]);
  // Levies a Beitragsnachweis owes on the wages it holds that the pack does not compute: with any such wages
  // the form is incomplete without them.
  const leviedEntries =
    kind === 'beitragsnachweis'
      ? insurerEntries(entries)
      : kind === 'minijob-beitragsnachweis'
        ? entries.filter((e) => e.category === 'minijob')
        : [];
  const notIncluded = leviedEntries.some((e) => !e.levies_computed) ? NOT_COMPUTED_LEVIES : [];
  const missingLevySettings = missingLevies(leviedEntries, kind === 'minijob-beitragsnachweis');
  const common = {
    kind,
    period: { label: period.label, start: period.start, end: period.end },
    ...(kind === 'lohnsteuer-anmeldung' && lstaPeriod ? { lsta_period: lstaPeriod } : {}),
    pack_version: version,
    currency: 'EUR',
    employer,
    pay_run_ids: runs.map((x) => x.id),
    entry_count: entries.length,
    // The employer fields the filing names that are not on file: the figures stand, the form cannot go yet.
    missing_company_fields: missing,
    ready_to_file: missing.length === 0 && notIncluded.length === 0 && missingLevySettings.length === 0,
    ...(kind === 'lohnsteuer-anmeldung' ? {} : { missing_levy_settings: missingLevySettings }),
    notes: [...NOTES[kind], ...(kind === 'lohnsteuer-anmeldung' ? [] : exemptionNote(company))],
  };
  if (kind === 'lohnsteuer-anmeldung') {
    const undeclared = undeclaredChurchTax(entries);
    if (undeclared.length)
      throw unplaced(
        `${version}/lsta/church_tax_denomination_required`,
        `${undeclared.length} entr${undeclared.length === 1 ? 'y has' : 'ies have'} church tax but no denomination on file.`,
        undeclared,
        'church_tax_denomination',
      );
    return { ...common, lohnsteuer_anmeldung: buildLohnsteuerAnmeldung(entries) };
  }
  if (kind === 'beitragsnachweis') {
    const noInsurer = insurerEntries(entries).filter((e) => !e.insurer);
    if (noInsurer.length)
      throw unplaced(
        `${version}/beitragsnachweis/insurer_required`,
        `${noInsurer.length} entr${noInsurer.length === 1 ? 'y has' : 'ies have'} contributions but no health insurer on file.`,
        noInsurer,
        'health_insurer',
      );
    return { ...common, not_included: notIncluded, beitragsnachweise: buildBeitragsnachweise(entries) };
  }
  return {
    ...common,
    not_included: notIncluded,
    minijob_beitragsnachweis: buildMinijobBeitragsnachweis(entries),
  };
}

export type StatutoryOutput = Awaited<ReturnType<typeof statutoryOutput>>;
