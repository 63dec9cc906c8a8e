// Validation without a write: a form checks a draft employee (before any id exists) or a change of an
// employee's tax, bank or pension settings against the same intake and pack rules the write runs, and gets
// every violation at once. Nothing is stored and no evidence is written; what intake seals is thrown away.
import type { z } from 'zod';
import type { Repos } from '../../store/index.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { DraftEmployeeBody, ViolationView } from '../../schemas/validation.ts';
import { createEmployeeBody, settingsBody } from '../../schemas/employees.ts';
import { emptyEmployee, withPatch, type EmployeeData } from '../../model/employee.ts';
import { employeePatch, settingsPatch, type SettingsKind } from './employee-intake.ts';
import { dateParams, employeeViolations, loadEmployeeData, requireEmployeeRow } from './employees.ts';
import { jurisdictionOf } from '../../jurisdictions/index.ts';
import { AppError } from '../../lib/errors.ts';

export interface ValidationResult {
  valid: boolean;
  violations: ViolationView[];
}

const END_OF_TIME = '9999-12-31';

/** Where a refused field sits in the part checked, from the path the refusal named and its status. */
type Rebase = (path: string, status: number) => string;

/**
 * Runs one check and turns a refusal into violations: a pack rule (422), or a field the request schema or
 * the identifier check refuses (400 with field errors). Anything else (501, a missing employee) is the answer.
 */
function collect<T>(out: ViolationView[], part: string[], fn: () => T, rebase: Rebase = (p) => p): T | undefined {
  try {
    return fn();
  } catch (err) {
    const list = err instanceof AppError ? violationsOf(err) : null;
    if (!list) throw err;
    for (const v of list)
      out.push({ ...v, path: [...part, rebase(v.path, (err as AppError).status)].filter(Boolean).join('.') });
    return undefined;
  }
}

/**
 * A refusal's violations: a pack rule's (422, with its rule), or the fields the request schema or the identifier
 * check refuses (400, without one); null for any other refusal.
 */
export function violationsOf(err: AppError): ViolationView[] | null {
  const list = err.status === 422 ? err.detail.violations : err.status === 400 ? err.detail.errors : undefined;
  if (!Array.isArray(list)) return null;
  return (list as { path?: unknown; message?: unknown; rule?: unknown }[]).map((v) => ({
    path: typeof v.path === 'string' ? v.path : '',
    message: String(v.message ?? err.message),
    rule: typeof v.rule === 'string' ? v.rule : null,
  }));
}

/** Settings paths are the body's own fields: the section prefixes some pack rules put on them go. */
const SECTION_PREFIX = /^(statutory\.\w+|bank)\./;
const settingsPath: Rebase = (p) => p.replace(SECTION_PREFIX, '');

function schemaViolations(out: ViolationView[], part: string, error: z.ZodError) {
  for (const i of error.issues)
    out.push({ path: [part, ...i.path.map(String)].join('.'), message: i.message, rule: null });
}

const answer = (violations: ViolationView[]): ValidationResult => ({ valid: violations.length === 0, violations });

/** Engine rules on the employee a change would leave behind (salary required on DE, the tax class …; a hire's TFN or reason). */
function engineViolations(uc: UseCaseContext, data: EmployeeData, mode: 'create' | 'update') {
  return employeeViolations(uc, data, mode).map((v) => ({
    path: v.path,
    message: v.message,
    rule: v.rule,
  }));
}

/**
 * POST employees/validate: the create body as `POST employees` takes it and the bank and pension settings as
 * their endpoints take them. Paths name the part (`employee.statutory.au.tfn`, `bank.bank_bsb`).
 */
export async function validateDraftEmployee(
  uc: UseCaseContext,
  r: Repos,
  body: DraftEmployeeBody,
): Promise<ValidationResult> {
  const t = uc.requireTenant();
  const j = jurisdictionOf(t.tenant.jurisdiction);
  const statutoryAt = j.viewKey ? `statutory.${j.viewKey}` : 'statutory';
  const out: ViolationView[] = [];
  const parsed = createEmployeeBody.safeParse(body.employee);
  if (!parsed.success) schemaViolations(out, 'employee', parsed.error);
  else {
    collect(out, ['employee'], () => dateParams(uc, undefined, parsed.data.effective_from));
    // Statutory intake names a rule by the section's own field (`tfn`); the body has it under `statutory.au`.
    const inSection: Rebase = (p, status) =>
      status === 422 && !/^(statutory|employment)\./.test(p) ? `${statutoryAt}.${p}` : p;
    const patch = collect(out, ['employee'], () => employeePatch(uc, parsed.data, 'create'), inSection);
    if (patch) {
      const data = withPatch(emptyEmployee(t.tenant.jurisdiction), patch);
      for (const v of engineViolations(uc, data, 'create')) out.push({ ...v, path: `employee.${v.path}` });
    }
    const code = parsed.data.cost_centre_code;
    if (code) {
      const cc = await r.getCostCentre(t.tenant.id, code);
      if (!cc || cc.status !== 'active')
        out.push({ path: 'employee.cost_centre_code', message: `No active cost centre ${code}.`, rule: null });
    }
  }
  // The engine's rules are the employee part's: the settings parts are checked by their own intake only.
  const draft = emptyEmployee(t.tenant.jurisdiction);
  for (const kind of ['bank', 'pension'] as const) {
    const sent = body[kind];
    if (sent) settingsViolations(uc, out, kind, sent, draft, [kind], false);
  }
  return answer(out);
}

/** The settings intake on a body, its paths relative to the body's fields. */
function settingsViolations(
  uc: UseCaseContext,
  out: ViolationView[],
  kind: SettingsKind,
  sent: unknown,
  current: EmployeeData,
  part: string[],
  engineRules = true,
) {
  const parsed = settingsBody.safeParse(sent);
  if (!parsed.success) return schemaViolations(out, part.join('.'), parsed.error);
  const patch = collect(out, part, () => settingsPatch(uc, kind, parsed.data, current), settingsPath);
  if (patch && engineRules)
    for (const v of engineViolations(uc, withPatch(current, patch), 'update'))
      out.push({ ...v, path: [...part, settingsPath(v.path, 422)].join('.') });
}

/** POST …/tax-settings/validate, …/bank-accounts/validate, …/pension/validate: a change checked, not written. */
export async function validateSettingsChange(
  uc: UseCaseContext,
  r: Repos,
  id: string,
  kind: SettingsKind,
  body: Record<string, unknown>,
): Promise<ValidationResult> {
  const effectiveFrom = typeof body.effective_from === 'string' ? body.effective_from : undefined;
  dateParams(uc, undefined, effectiveFrom);
  const row = await requireEmployeeRow(uc, r, id);
  const current = await loadEmployeeData(uc, r, row.id, END_OF_TIME);
  const out: ViolationView[] = [];
  settingsViolations(uc, out, kind, body, current, []);
  return answer(out);
}
