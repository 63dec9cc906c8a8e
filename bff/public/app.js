/* global location, history, setTimeout, clearTimeout, crypto, localStorage, matchMedia, EventSource, Blob */
// Brightwork's payroll pages. Payrail renders the payroll UI; this file is the host's part: who is
// signed in, where each click leads, and the governed writes the components ask for.
import { csvText, fieldInSheet, hiresFrom, importColumns, templateCsv } from './employee-import.js';

const $ = (s) => document.querySelector(s);
const esc = (s) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
const initials = (name) =>
  name
    .split(/\s+/)
    .map((p) => p[0])
    .slice(0, 2)
    .join('')
    .toUpperCase();

const ICONS = {
  back: '<svg viewBox="0 0 24 24"><path d="M15 18l-6-6 6-6"/></svg>',
  alert: '<svg viewBox="0 0 24 24"><circle cx="12" cy="12" r="9"/><path d="M12 8v5M12 16h.01"/></svg>',
  check: '<svg viewBox="0 0 24 24"><path d="M20 6 9 17l-5-5"/></svg>',
  info: '<svg viewBox="0 0 24 24"><circle cx="12" cy="12" r="9"/><path d="M12 11v5M12 8h.01"/></svg>',
  eye: '<svg viewBox="0 0 24 24"><path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z"/><circle cx="12" cy="12" r="3"/></svg>',
  shield:
    '<svg viewBox="0 0 24 24"><path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z"/><path d="M9 12l2 2 4-4"/></svg>',
  lock: '<svg viewBox="0 0 24 24"><rect x="4" y="11" width="16" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/></svg>',
  x: '<svg viewBox="0 0 24 24"><circle cx="12" cy="12" r="9"/><path d="M15 9l-6 6M9 9l6 6"/></svg>',
  doc: '<svg viewBox="0 0 24 24"><path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z"/><path d="M14 3v6h6M8 13h8M8 17h5"/></svg>',
};

const ROLE_TEXT = {
  preparer: 'Prepares and previews pay runs',
  approver: 'Approves and finalises pay runs',
  admin: 'Everything, including configuration',
  viewer: 'Read-only access to payroll',
  partner_staff: "Every employer of the partner's portfolio, read only",
};

const ACTIONS = {
  create: {
    title: 'Create this pay run',
    verb: 'Create pay run',
    icon: 'doc',
    done: 'Pay run created',
    text: 'Creates a draft for these dates with everyone paid at this frequency, calculated. Nobody is paid until it is approved and finalised.',
  },
  preview: {
    title: 'Preview this pay run',
    verb: 'Run preview',
    icon: 'eye',
    done: 'Preview ready',
    text: 'The engine calculates every employee with the same arithmetic that finalises, and returns totals and warnings. Nothing is committed; you can preview again after changes.',
  },
  approve: {
    title: 'Approve this pay run',
    verb: 'Approve',
    icon: 'shield',
    done: 'Pay run approved',
    text: 'Records that you approved these totals, and why. An approver still finalises it before anyone is paid.',
  },
  finalise: {
    title: 'Finalise this pay run',
    verb: 'Finalise',
    icon: 'lock',
    done: 'Pay run finalised',
    text: 'Locks the amounts and unlocks payslips, the bank file and super. Only voiding can undo it.',
    textDe:
      'Locks the amounts and unlocks payslips, the SEPA transfer file, the Lohnsteuer-Anmeldung and the Beitragsnachweise. Only voiding can undo it.',
  },
  void: {
    title: 'Void this pay run',
    verb: 'Void pay run',
    icon: 'x',
    done: 'Pay run voided',
    danger: true,
    text: 'Cancels the run. It stays in the record, marked void, with your reason.',
  },
  submit: {
    title: 'Submit the pay event to the ATO',
    verb: 'Submit',
    icon: 'shield',
    done: 'Pay event submitted',
    text: "Sends this run's Single Touch Payroll report. The ATO's answer shows on the run within moments.",
  },
  'finalise-year': {
    title: 'Finalise the financial year',
    verb: 'Finalise the year',
    icon: 'lock',
    done: 'Finalisation declaration submitted',
    text: "Declares every employee's year-to-date figures final for the year, as the ATO expects by 14 July.",
  },
  replace: {
    title: 'Replace the pay event',
    verb: 'Send the replacement',
    icon: 'doc',
    done: 'Replacement submitted',
    text: "Sends the run's pay event again in full, with today's details, in place of the one the ATO holds.",
  },
  correction: {
    title: 'Send the correction',
    verb: 'Send the correction',
    icon: 'shield',
    done: 'Correction submitted',
    text: "Reports these employees' year-to-date figures without the voided pay run.",
  },
  confirm: {
    title: 'Confirm payments as paid',
    verb: 'Confirm',
    icon: 'check',
    done: 'Payments confirmed',
    text: 'Records that the bank paid these employees.',
  },
  adjust: {
    title: "Save this employee's pay",
    verb: 'Save',
    icon: 'check',
    done: 'Pay saved',
    text: 'Replaces the lines entered on this employee in the draft run. Timesheet hours and booked leave stay as they are.',
  },
  shifts: {
    title: "Save this employee's shifts",
    verb: 'Save shifts',
    icon: 'check',
    done: 'Shifts saved',
    text: "Replaces this employee's timesheet hours in the draft run with these shifts. With an award, each shift is paid at the award's rates for the times worked.",
  },
  setup: {
    title: 'Save this change',
    verb: 'Save',
    icon: 'check',
    done: 'Settings saved',
    text: "Changes to the employer's details, sites and cost centres apply from the next pay run.",
  },
  'bank-file': {
    title: 'Generate the bank file',
    verb: 'Generate bank file',
    icon: 'doc',
    done: 'Bank file generated',
    download: true,
    text: "Creates the file of this run's net pay for your bank to upload (ABA in Australia, a SEPA transfer in Germany) and downloads it. Asked again, it is the same file.",
  },
  'super-batch': {
    title: 'Create the super batch',
    verb: 'Create super batch',
    icon: 'doc',
    done: 'Super batch created',
    text: "Creates this run's contributions for each super fund, ready to send through your clearing house.",
  },
  'super-file': {
    title: 'Download the super file',
    verb: 'Download super file',
    icon: 'doc',
    done: 'Super file downloaded',
    download: true,
    text: "Downloads this run's contributions in the SuperStream alternative file format for your clearing house or fund, with each member's tax file number. Keep it safe and upload it only there.",
  },
  employee: {
    title: "Save this employee's details",
    verb: 'Save',
    icon: 'check',
    done: 'Employee updated',
    text: 'The change applies from the next pay run. It goes into the audit trail with your name and reason.',
  },
  award: {
    title: 'Assign this award',
    verb: 'Assign award',
    icon: 'check',
    done: 'Award assigned',
    text: "The employee's pay follows this award and classification from the next pay run.",
  },
  leave: {
    title: 'Request leave for this employee',
    verb: 'Request leave',
    icon: 'check',
    done: 'Leave requested',
    text: 'The request goes to an approver. Approved leave is paid in the next pay run.',
  },
  import: {
    title: 'Add these employees',
    verb: 'Add employees',
    icon: 'check',
    done: 'Import sent',
    text: 'Each row of the file becomes a new employee. A row with a problem is not added: it is listed with what to correct, and the other rows are still added.',
  },
  return: {
    title: 'Record a returned payment',
    verb: 'Record return',
    icon: 'x',
    danger: true,
    done: 'Returned payment recorded',
    text: 'Records that the bank sent this payment back. Pay it again in a new bank file.',
  },
};

/** Who is signed in (from the host session) and which employer this host shows. */
let me = null;
/** The employer, read through the proxy: the name for the header and the country for the components. */
let company = null;
/** The last token POST /bff/session handed to the components. */
let session = null;
/**
 * The employer on screen: the host's own, or for partner staff the client they opened from the portfolio.
 * The provider's `tenant-id` follows it, so the components get a new client whose first token is for it.
 */
let tenant = null;
const tenantPath = () => `/api/v1/tenants/${encodeURIComponent(tenant)}`;

// ---- Theme --------------------------------------------------------------------------------------

// The user's choice, else the system's. Brightwork's colours and Payrail's dark theme follow one class.
const THEME_KEY = 'brightwork-theme';
const systemDark = matchMedia('(prefers-color-scheme: dark)');
const theme = () => localStorage.getItem(THEME_KEY) ?? (systemDark.matches ? 'dark' : 'light');
function applyTheme() {
  document.documentElement.className = `payrail-theme-${theme()}`;
  $('#theme').setAttribute('aria-pressed', String(theme() === 'dark'));
}
applyTheme();
systemDark.addEventListener('change', applyTheme);
$('#theme').addEventListener('click', () => {
  localStorage.setItem(THEME_KEY, theme() === 'dark' ? 'light' : 'dark');
  applyTheme();
});

// ---- Errors -------------------------------------------------------------------------------------

/** The API's error envelope (also what the BFF answers with), as something a person can read. */
/** What a failed call says, in words: the API's message and each field's, never a code or a status. */
function describe(body, status) {
  const e = body?.error;
  const listed = [
    ...(Array.isArray(e?.errors) ? e.errors : []),
    ...(Array.isArray(e?.violations) ? e.violations : []),
  ].filter((f) => f?.message);
  return {
    message: e?.message ?? FAILED[status] ?? FAILED[status >= 500 ? 500 : 0],
    code: e?.code ?? `http_${status}`,
    status: e?.status ?? status,
    fields: listed.map((f) => ({ ...f, label: fieldLabel(f.path) })),
  };
}
const FAILED = {
  0: 'This page could not reach its server. Check the connection and try again.',
  401: 'Your sign-in has ended. Sign in again to carry on.',
  403: 'Your role does not allow this.',
  404: 'This could not be found. It may have been removed.',
  500: 'Payrail could not finish this just now. Try again in a moment.',
};
/** `employment.annual_salary` or `payments[2].bsb` as the words a form would label it: "Annual salary", "BSB". */
function fieldLabel(path) {
  const last = String(path ?? '')
    .split('.')
    .pop()
    .replace(/\[\d+\]/g, '');
  if (!last || last === '(root)') return '';
  const words = {
    bsb: 'BSB',
    tfn: 'TFN',
    abn: 'ABN',
    iban: 'IBAN',
    bic: 'BIC',
    svnr: 'SV-Nummer',
    tax_id: 'Steuer-ID',
  };
  return words[last] ?? last.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}
const errorHtml = (d) =>
  `<b>${esc(d.message)}</b>${
    d.fields.length
      ? `<br>${d.fields.map((f) => (f.label ? `${esc(f.label)}: ${esc(f.message)}` : esc(f.message))).join('<br>')}`
      : ''
  }`;

function banner(d) {
  const el = $('#banner');
  if (!d) {
    el.hidden = true;
    return;
  }
  el.innerHTML = `${ICONS.alert}<div>${errorHtml(d)}</div>`;
  el.hidden = false;
}

let toastTimer;
function toast(html) {
  const el = $('#toast');
  el.innerHTML = `${ICONS.check}<div>${html}</div>`;
  el.classList.add('on');
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove('on'), 5000);
}

async function getJson(url, init) {
  let res;
  try {
    res = await fetch(url, { ...init, headers: { accept: 'application/json', ...init?.headers } });
  } catch {
    return {
      ok: false,
      status: 0,
      body: { error: { code: 'network_error', message: 'This page could not reach its server.', status: 0 } },
    };
  }
  const body = await res.json().catch(() => null);
  return { ok: res.ok, status: res.status, body };
}

// ---- Payrail session ----------------------------------------------------------------------------

/** The components call this when they have no token yet and once on a 401: a fresh origin-bound token. */
async function tokenProvider() {
  // Partner staff name the employer they opened; the BFF mints a view-only token for it (or refuses).
  const named = me.user.role === 'partner_staff' ? `?tenant=${encodeURIComponent(tenant)}` : '';
  const r = await getJson(`/bff/session${named}`, { method: 'POST' });
  if (!r.ok) {
    const d = describe(r.body, r.status);
    session = null;
    if (r.status === 401) {
      // The host sign-in itself has ended: back to the sign-in screen after saying why.
      banner({ ...d, message: `${d.message} Your session has ended; taking you to the sign-in page.` });
      setTimeout(() => location.reload(), 2500);
    } else banner(d);
    throw new Error(d.message);
  }
  session = { ...r.body.data, at: Date.now() };
  return session.token;
}

// ---- Sign-in ------------------------------------------------------------------------------------

async function showSignIn() {
  $('#app').hidden = true;
  $('#signin').hidden = false;
  const r = await getJson('/bff/users');
  const list = $('#users');
  list.innerHTML = (r.body?.data ?? [])
    .map(
      (u) => `<li><button type="button" class="user" data-user="${esc(u.id)}">
      <span class="avatar">${esc(initials(u.name))}</span>
      <span class="who"><b>${esc(u.name)}</b><span>${esc(u.title)} · ${esc(ROLE_TEXT[u.role] ?? '')}</span></span>
      <span class="role ${esc(u.role)}">${esc(u.role)}</span></button></li>`,
    )
    .join('');
  list.onclick = async (e) => {
    const b = e.target.closest('[data-user]');
    if (!b) return;
    const res = await getJson('/bff/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: b.dataset.user }),
    });
    if (!res.ok) {
      const err = $('#signin-error');
      err.innerHTML = errorHtml(describe(res.body, res.status));
      err.hidden = false;
      return;
    }
    // A fresh page gives the new user a fresh Payrail client: no token of the previous user survives.
    history.replaceState(null, '', '/');
    location.reload();
  };
}

async function signOut() {
  await getJson('/bff/sign-out', { method: 'POST' });
  history.replaceState(null, '', '/');
  location.reload();
}

// ---- Pages --------------------------------------------------------------------------------------

/** An amount as the employer's country writes it: $2,410.55, 2.410,55 €. */
const money = (amount, currency) =>
  new Intl.NumberFormat(company?.country === 'DE' ? 'de-DE' : 'en-AU', { style: 'currency', currency }).format(
    Number(amount),
  );

/** A date as the employer's country writes it: 2 Dec 2026, 02.12.2026. */
const date = (d) =>
  new Intl.DateTimeFormat(company?.country === 'DE' ? 'de-DE' : 'en-AU', { dateStyle: 'medium' }).format(
    new Date(`${d}T00:00:00`),
  );

const fmtRange = (a, b) => {
  const f = new Intl.DateTimeFormat(company?.country === 'DE' ? 'de-DE' : 'en-AU', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  return f.formatRange(new Date(`${a}T00:00:00`), new Date(`${b}T00:00:00`));
};
const runLabels = new Map();

async function runLabel(id) {
  if (!runLabels.has(id)) {
    runLabels.set(
      id,
      getJson(`${tenantPath()}/pay-runs/${encodeURIComponent(id)}`).then((r) =>
        r.ok ? fmtRange(r.body.data.period_start, r.body.data.period_end) : id,
      ),
    );
  }
  return runLabels.get(id);
}

function crumbs(parts) {
  $('#crumbs').innerHTML = parts
    .map((p, i) =>
      i === parts.length - 1
        ? `<b>${esc(p.label)}</b>`
        : `<a href="${p.href}">${esc(p.label)}</a><span class="sep">/</span>`,
    )
    .join('');
}

/** Marks the side navigation's current page. */
function navAt(page) {
  for (const [id, on] of [
    ['#nav-runs', page === 'runs'],
    ['#nav-leave', page === 'leave'],
    ['#nav-people', page === 'people'],
    ['#nav-audit', page === 'audit'],
    ['#nav-reports', page === 'reports'],
    ['#nav-clients', page === 'clients'],
    ['#nav-settings', page === 'settings'],
    ['#nav-my-pay', page === 'my-pay'],
    ['#nav-my-details', page === 'my-details'],
  ]) {
    $(id).classList.toggle('active', on);
    if (on) $(id).setAttribute('aria-current', 'page');
    else $(id).removeAttribute('aria-current');
  }
}

/** Leave: an employee requests their own; approvers and admins decide requests and see the team's leave. */
function leavePage(view) {
  navAt('leave');
  crumbs([{ label: 'Leave' }]);
  if (me.user.employee) {
    // Their balances and requests only: the pinned token reads nothing of anyone else's.
    view.innerHTML = `<div class="page-head"><div><h1>My leave</h1>
      <p>Your leave balances and requests. A request goes to your manager for approval; approved leave is paid in your next pay.</p></div></div>
      <div class="stack"><payrail-leave-request id="leave-request"></payrail-leave-request>
        <payrail-leave-management id="leave"></payrail-leave-management></div>`;
    return;
  }
  const decides = me.user.role === 'approver' || me.user.role === 'admin';
  view.innerHTML = `<div class="page-head"><div><h1>Leave</h1>
    <p>${decides ? 'Decide leave requests, then check balances and who is away.' : 'Leave balances and who is away.'}</p></div></div>
    <div class="stack">${decides ? '<payrail-leave-approvals id="approvals"></payrail-leave-approvals>' : ''}
      <payrail-leave-management id="leave"></payrail-leave-management></div>`;
}

/** The form each readiness item or detail section is completed in, on the employee's page. */
const FORMS = [
  { key: 'bank', label: 'Bank account', tag: 'payrail-bank-details', match: /bank|account|iban|bsb/i },
  {
    key: 'tax',
    label: 'Tax',
    tag: 'payrail-tax-declaration',
    match: /tax|tfn|steuer|declaration|threshold|help|study/i,
  },
  {
    key: 'super',
    label: 'Super',
    labelDe: 'Sozialversicherung',
    tag: 'payrail-super-form',
    match: /super|fund|pension|usi|social|sv_|svnr|kranken|insur/i,
  },
  { key: 'award', label: 'Award', tag: 'payrail-award-config', match: /award|classification/i, au: true, admin: true },
];
const formFor = (kind) => FORMS.find((f) => f.match.test(kind ?? ''))?.key ?? null;
const formsHere = () =>
  FORMS.filter((f) => (!f.au || company?.country !== 'DE') && (!f.admin || me.user.role === 'admin'));
const formLabel = (f) => (company?.country === 'DE' && f.labelDe) || f.label;

/**
 * One employee: their details and payroll readiness (each area left to complete opens the form that
 * completes it), the forms for bank, tax, super and award, their payslips and their leave.
 */
async function employeePage(view, employeeId, form) {
  navAt('people');
  const id = encodeURIComponent(employeeId);
  const base = `#/people/${id}`;
  const edits = !me.user.employee && ['preparer', 'admin'].includes(me.user.role);
  const forms = edits ? formsHere() : [];
  const chosen = forms.find((f) => f.key === form);
  crumbs([{ label: 'People', href: '#/people' }, { label: '…' }]);
  const tabs = `<nav class="tabs" aria-label="This employee">
      <a href="${base}" ${chosen ? '' : 'aria-current="page"'}>Overview</a>
      ${forms.map((f) => `<a href="${base}/${f.key}" ${chosen === f ? 'aria-current="page"' : ''}>${esc(formLabel(f))}</a>`).join('')}
    </nav>`;
  view.innerHTML = `<h1 class="sr-only" id="employee-heading">Employee</h1>
    <a class="back" href="${chosen ? base : '#/people'}">${ICONS.back}${chosen ? 'Back to the employee' : 'All people'}</a>
    ${tabs}
    <div class="stack">${
      chosen
        ? `<${chosen.tag} id="employee-form" employee-id="${esc(employeeId)}"></${chosen.tag}>`
        : `<payrail-employee-detail id="employee" employee-id="${esc(employeeId)}"></payrail-employee-detail>
      <section class="panel" aria-labelledby="payslips-title"><h2 id="payslips-title">Payslips</h2>
        <ul class="links" id="employee-payslips"><li class="muted">Loading payslips…</li></ul></section>
      <payrail-leave-request id="employee-leave" employee-id="${esc(employeeId)}"></payrail-leave-request>`
    }</div>`;
  const shown = onScreen();
  const e = await getJson(`${tenantPath()}/employees/${id}`);
  if (!shown()) return;
  const name = e.ok ? `${e.body.data.first_name} ${e.body.data.last_name}` : 'Employee';
  crumbs([
    { label: 'People', href: '#/people' },
    ...(chosen ? [{ label: name, href: base }, { label: formLabel(chosen) }] : [{ label: name }]),
  ]);
  const h = $('#employee-heading');
  if (h) h.textContent = chosen ? `${name}: ${formLabel(chosen)}` : name;
  if (!e.ok) banner(describe(e.body, e.status));
  if (!chosen) void employeePayslips(employeeId);
}

/**
 * The finalised runs that paid the employee, newest first, each opening their payslip (`link` gives its
 * address). `every`: all of them, as an employee's own page lists; else the latest eight.
 */
async function employeePayslips(employeeId, { box: boxId = '#employee-payslips', link, every = false } = {}) {
  const box = $(boxId);
  const runs = [];
  for (const status of ['finalised', 'lodged']) {
    let cursor = null;
    do {
      const page = `${tenantPath()}/pay-runs?status=${status}&limit=${every ? 100 : 12}`;
      const r = await getJson(cursor ? `${page}&cursor=${encodeURIComponent(cursor)}` : page);
      if (!r.ok) break;
      runs.push(...r.body.data);
      cursor = every && r.body.has_more ? r.body.next_cursor : null;
    } while (cursor);
  }
  runs.sort((a, b) => b.payment_date.localeCompare(a.payment_date));
  // Each run's payslips as this user may see them: a run that did not pay the employee has none of theirs.
  const paid = [];
  for (const run of every ? runs : runs.slice(0, 8)) {
    const slips = await getJson(`${tenantPath()}/pay-runs/${encodeURIComponent(run.id)}/payslips`);
    const slip = slips.ok ? slips.body.data.find((p) => p.employee_id === employeeId) : null;
    if (slip) paid.push({ run, slip });
  }
  if (!box?.isConnected) return;
  const href = link ?? ((run) => `#/runs/${encodeURIComponent(run.id)}/payslips/${encodeURIComponent(employeeId)}`);
  const net = (slip) => slip.net;
  const currency = (slip) => slip.currency;
  box.innerHTML = paid.length
    ? paid
        .map(
          ({ run, slip }) =>
            `<li><a href="${href(run)}">${esc(fmtRange(run.period_start, run.period_end))}</a><span class="muted">${paidWords(run.paid_on ?? run.payment_date)}${net(slip) ? ` · ${esc(money(net(slip), currency(slip)))} net` : ''}</span></li>`,
        )
        .join('')
    : `<li class="muted">No payslips yet: they appear once a pay run that pays ${every ? 'you' : 'this employee'} is finalised.</li>`;
}

/** "Paid 2 Dec 2026", or "To be paid on 16 Dec 2026" for a payslip whose pay day is still ahead. */
const paidWords = (d) =>
  d > new Date().toISOString().slice(0, 10) ? `To be paid on ${esc(date(d))}` : `Paid ${esc(date(d))}`;

/** The employee this user's token is pinned to, as the API says (its caller context), asked once. */
let pinnedEmployee;
async function myEmployeeId() {
  if (pinnedEmployee === undefined) {
    const r = await getJson(`${tenantPath()}/me`);
    pinnedEmployee = r.ok ? (r.body.data.employee_id ?? null) : null;
  }
  return pinnedEmployee;
}

/** An employee's own pay: every payslip of theirs, each opening with its PDF. Nobody else's pay is here. */
async function myPayPage(view, runId) {
  navAt('my-pay');
  const shown = onScreen();
  const id = await myEmployeeId();
  if (!shown()) return;
  if (!id) return void (view.innerHTML = '<p class="muted">Your sign-in is not linked to anyone on the payroll.</p>');
  if (runId) {
    crumbs([{ label: 'My pay', href: '#/my/pay' }, { label: 'Payslip' }]);
    view.innerHTML = `<h1 class="sr-only">Payslip</h1><a class="back" href="#/my/pay">${ICONS.back}All my payslips</a>
      <payrail-payslip-viewer id="payslip" pay-run-id="${esc(runId)}" employee-id="${esc(id)}" show-ytd></payrail-payslip-viewer>`;
    return;
  }
  crumbs([{ label: 'My pay' }]);
  view.innerHTML = `<div class="page-head"><div><h1>My pay</h1>
      <p>Your payslips from ${esc(company?.name ?? 'your employer')}: every pay run that paid you, newest first. Open one to see it in full or download it as a PDF.</p></div></div>
    <div class="stack"><section class="panel" aria-labelledby="my-payslips-title"><h2 id="my-payslips-title">Payslips</h2>
      <ul class="links" id="my-payslips"><li class="muted">Loading your payslips…</li></ul></section></div>`;
  await employeePayslips(id, {
    box: '#my-payslips',
    every: true,
    link: (run) => `#/my/pay/${encodeURIComponent(run.id)}`,
  });
}

/** An employee's own details and payroll readiness, read through their pinned token (nothing to edit here). */
async function myDetailsPage(view) {
  navAt('my-details');
  crumbs([{ label: 'My details' }]);
  const shown = onScreen();
  const id = await myEmployeeId();
  if (!shown()) return;
  if (!id) return void (view.innerHTML = '<p class="muted">Your sign-in is not linked to anyone on the payroll.</p>');
  view.innerHTML = `<div class="page-head"><div><h1>My details</h1>
      <p>What ${esc(company?.name ?? 'your employer')} has on file for your pay. To change anything, ask your payroll officer.</p></div></div>
    <div class="stack"><payrail-employee-detail id="employee" employee-id="${esc(id)}"></payrail-employee-detail></div>`;
}

/** People: the employee list; payroll officers and administrators add a new employee with the wizard. */
function peoplePage(view, adding) {
  navAt('people');
  const adds = !me.user.employee && (me.user.role === 'preparer' || me.user.role === 'admin');
  if (adding && adds) {
    crumbs([{ label: 'People', href: '#/people' }, { label: 'New employee' }]);
    view.innerHTML = `<div class="page-head"><div><h1>New employee</h1>
      <p>Enter the new starter's details step by step. Nothing is saved until you add them on the last step.</p></div></div>
      <div class="stack"><payrail-employee-onboarding id="onboarding"></payrail-employee-onboarding></div>`;
    return;
  }
  crumbs([{ label: 'People' }]);
  view.innerHTML = `<div class="page-head"><div><h1>People</h1><p>Everyone on the payroll.</p></div>
      ${adds ? '<div class="head-actions"><a class="btn" href="#/people/import" id="import-employees">Import from a spreadsheet</a><a class="btn primary" href="#/people/new" id="add-employee">Add employee</a></div>' : ''}</div>
    <div class="stack"><payrail-employees-list id="people" page-size="20"></payrail-employees-list></div>`;
}

// ---- Importing employees from a spreadsheet ------------------------------------------------------

/**
 * The import on screen: the file read (its name, the table and the hires in it), then the bulk hire the API
 * answered, polled until every row is answered. Kept here so a redraw of the page keeps it.
 */
let importing = null;

const plural = (n, one, many = `${one}s`) => `${n.toLocaleString('en-AU')} ${n === 1 ? one : many}`;

/** What a column takes, in the words of the template's guide. */
function columnHint(c) {
  if (c.kind === 'date') return company?.country === 'DE' ? 'A date: 14.03.1991' : 'A date: 14/03/1991';
  if (c.kind === 'choice')
    return Object.keys(c.choices)
      .map((k) => k.replace(/^./, (x) => x.toUpperCase()))
      .join(', ');
  if (c.kind === 'yes_no') return 'Yes or No';
  if (c.kind === 'money') return 'An amount: 72000.00';
  return c.example ? `For example ${c.example}` : '';
}

const csvHref = (text) => URL.createObjectURL(new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' }));

/** Papa Parse, loaded the first time a file is read. */
let papa = null;
function loadPapa() {
  papa ??= new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = '/vendor/papaparse.min.js';
    s.onload = () => resolve(globalThis.Papa);
    s.onerror = () => reject(new Error('The CSV reader could not be loaded.'));
    document.head.append(s);
  });
  return papa;
}

async function readFile(file) {
  const Papa = await loadPapa();
  // Empty lines are kept (and skipped as rows later), so each row's number is its row in the spreadsheet.
  const table = await new Promise((resolve, reject) =>
    Papa.parse(file, { complete: (r) => resolve(r.data), error: reject }),
  );
  importing = { file: file.name, table, ...hiresFrom(table, company?.country ?? 'AU'), answer: null };
}

/** People › Import: the template, the file chosen, what is in it, and once sent every row's outcome. */
function importPage(view) {
  navAt('people');
  crumbs([{ label: 'People', href: '#/people' }, { label: 'Import from a spreadsheet' }]);
  if (me.user.employee || !['preparer', 'admin'].includes(me.user.role)) {
    view.innerHTML = `<div class="page-head"><div><h1>Import from a spreadsheet</h1>
      <p>Only payroll officers and administrators add employees.</p></div></div>`;
    return;
  }
  const country = company?.country ?? 'AU';
  const columns = importColumns(country);
  // A file chosen but not sent is forgotten with the page; an import sent is followed until it is answered.
  if (!importing?.answer && !importing?.sending) importing = null;
  view.innerHTML = `<div class="page-head"><div><h1>Import from a spreadsheet</h1>
      <p>Add everyone on your payroll at once. Fill in the template with one row per person, save it as CSV and choose the file here. Nobody is added until you confirm.</p></div></div>
    <div class="stack">
      <section class="panel" aria-labelledby="import-template-title"><h2 id="import-template-title">1. Fill in the template</h2>
        <p class="muted">First and last name are needed for every row; the rest can be completed later on each employee's page. Columns can be in any order, and columns the template does not have are left out.</p>
        <a class="btn" id="import-template" href="${csvHref(templateCsv(country))}" download="Employee import template.csv">Download the template (CSV)</a>
        <details class="guide"><summary>What each column takes</summary>
          <table class="sheet"><thead><tr><th scope="col">Column</th><th scope="col">What to enter</th></tr></thead><tbody>
          ${columns.map((c) => `<tr><th scope="row">${esc(c.header)}${c.required ? '' : ' <span class="muted">(optional)</span>'}</th><td>${esc(columnHint(c))}</td></tr>`).join('')}
          </tbody></table></details>
      </section>
      <section class="panel" aria-labelledby="import-file-title"><h2 id="import-file-title">2. Choose the file</h2>
        <label class="file"><span>CSV file</span><input type="file" id="import-file" accept=".csv,text/csv"></label>
        <div id="import-read" aria-live="polite"></div>
      </section>
      <div id="import-outcome"></div>
    </div>`;
  $('#import-file').addEventListener('change', async (e) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const shown = onScreen();
    $('#import-read').innerHTML = '<p class="muted">Reading the file…</p>';
    try {
      await readFile(file);
    } catch {
      importing = null;
      if (shown())
        $('#import-read').innerHTML =
          '<p class="alert" role="alert">This file could not be read as CSV. Save the spreadsheet as CSV (comma separated) and choose it again.</p>';
      return;
    }
    if (shown()) drawImport();
  });
  drawImport();
}

/** The import's parts of the page as they stand: the file read, or the answer and its rows. */
function drawImport() {
  const read = $('#import-read');
  const outcome = $('#import-outcome');
  if (!read || !outcome) return;
  const a = importing?.answer;
  read.innerHTML = importing && !a ? importSummary() : '';
  outcome.innerHTML = a
    ? `<section class="panel" aria-labelledby="import-result-title" id="import-result">${importResult(a)}</section>`
    : '';
  $('#import-send')?.addEventListener('click', sendImport);
}

const KIND_WORDS = {
  full_time: 'Full time',
  part_time: 'Part time',
  casual: 'Casual',
  minijob: 'Minijob',
  midijob: 'Midijob',
};
const amountText = (v) => (/^\d+(\.\d+)?$/.test(v) ? money(v, company?.country === 'DE' ? 'EUR' : 'AUD') : v);
const dateText = (v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? date(v) : v);

/** What the chosen file holds: how many people, the columns left out, and its first rows. */
function importSummary() {
  const { file, rows, missing, unused } = importing;
  if (missing.length)
    return `<p class="alert" role="alert"><b>${esc(file)} has no ${missing.map(esc).join(' or ')} column.</b> Add it as the template has it and choose the file again.</p>`;
  if (!rows.length)
    return `<p class="alert" role="alert"><b>${esc(file)} has no one in it.</b> Fill in a row per person below the column names.</p>`;
  const pay = (h) =>
    h.employment?.annual_salary
      ? `${amountText(h.employment.annual_salary)} a year`
      : h.employment?.hourly_rate
        ? `${amountText(h.employment.hourly_rate)} an hour`
        : '';
  const kind = (h) => {
    const k = h.statutory?.de?.employment_kind ?? h.employment?.type;
    return KIND_WORDS[k] ?? k ?? '';
  };
  return `<p><b>${esc(file)}: ${plural(rows.length, 'person', 'people')}</b></p>
    ${unused.length ? `<p class="muted">Not imported, as the template has no such column: ${unused.map(esc).join(', ')}.</p>` : ''}
    <div class="sheet-wrap"><table class="sheet"><caption class="muted">${rows.length > 8 ? 'The first 8 rows' : 'Every row'}</caption>
      <thead><tr><th scope="col">Row</th><th scope="col">Name</th><th scope="col">Employment type</th><th scope="col">Start date</th><th scope="col">Pay</th></tr></thead><tbody>
      ${rows
        .slice(0, 8)
        .map(
          ({ line, hire }) =>
            `<tr><td>${line}</td><td>${esc(`${hire.first_name ?? ''} ${hire.last_name ?? ''}`.trim())}</td><td>${esc(kind(hire))}</td><td>${esc(dateText(hire.employment?.start_date ?? ''))}</td><td>${esc(pay(hire))}</td></tr>`,
        )
        .join('')}
      </tbody></table></div>
    <p><button class="btn primary" id="import-send">Add ${plural(rows.length, 'employee')}</button></p>`;
}

/** The bulk hire as far as it has got: its progress, then how many were added and each row not added. */
function importResult(a) {
  if (a.status === 'failed')
    return `<h2 id="import-result-title">3. Not finished</h2><p class="alert" role="alert">The import stopped before every row was added. The rows added so far are on the People page; try the rest again.</p>`;
  if (a.status !== 'succeeded')
    return `<h2 id="import-result-title">3. Adding employees</h2>
      <p role="status">Working through the rows: ${a.progress.toLocaleString('en-AU')} of ${plural(a.total, 'row')} done…</p>
      <progress max="${a.total}" value="${a.progress}" aria-label="Rows added"></progress>`;
  const refused = a.results.filter((r) => r.status === 'refused');
  const country = company?.country ?? 'AU';
  const lineOf = (r) => importing.rows[r.row]?.line ?? r.row + 2;
  const nameOf = (r) => {
    const h = importing.rows[r.row]?.hire ?? {};
    return `${h.first_name ?? ''} ${h.last_name ?? ''}`.trim();
  };
  const problems = (r) => {
    const fields = r.error.errors ?? [];
    if (!fields.length) return esc(r.error.message);
    return fields
      .map((f) => {
        const { column, typed } = fieldInSheet(importing, lineOf(r), f.path, country);
        const where = column ? `${column}${typed ? ` (${typed})` : ''}` : fieldLabel(f.path);
        return where ? `${esc(where)}: ${esc(f.message)}` : esc(f.message);
      })
      .join('<br>');
  };
  return `<h2 id="import-result-title">3. Done</h2>
    <p role="status"><b>${plural(a.created, 'employee')} added.</b> ${a.created ? "Each new employee's page shows what is still needed before their first pay, such as bank details." : ''}</p>
    ${
      refused.length
        ? `<p><b>${plural(refused.length, 'row')} not added.</b> Correct ${refused.length === 1 ? 'it' : 'them'} in the file of the rows not added and import that file.</p>
      <div class="sheet-wrap"><table class="sheet"><thead><tr><th scope="col">Row</th><th scope="col">Name</th><th scope="col">What to correct</th></tr></thead><tbody>
      ${refused.map((r) => `<tr><td>${lineOf(r)}</td><td>${esc(nameOf(r))}</td><td>${problems(r)}</td></tr>`).join('')}
      </tbody></table></div>
      <p class="head-actions"><a class="btn" id="import-refused" href="${csvHref(csvText([importing.table[0], ...refused.map((r) => importing.table[lineOf(r) - 1])]))}" download="Rows not added.csv">Download the rows not added (CSV)</a><a class="btn" href="#/people">See everyone</a></p>`
        : '<p><a class="btn" href="#/people">See everyone</a></p>'
    }`;
}

/** Sends the rows with the officer's reason, then follows a large import's job until every row is answered. */
async function sendImport() {
  const sent = importing;
  sent.sending = true;
  const body = await ask('import', '/employees/bulk', { employees: sent.rows.map((r) => r.hire) }).catch(() => null);
  sent.sending = false;
  if (!body || importing !== sent) return;
  sent.answer = body.data;
  const draw = () => importing === sent && drawImport();
  draw();
  while (sent.answer.status === 'queued' || sent.answer.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const r = await getJson(`${tenantPath()}/employees/bulk/${encodeURIComponent(sent.answer.id)}`);
    if (!r.ok) {
      if (importing === sent && $('#import-outcome')) banner(describe(r.body, r.status));
      return;
    }
    sent.answer = r.body.data;
    draw();
  }
}

/**
 * The audit trail: every evidence record this user may see, opened at one record when a component's
 * "Evidence" link led here. Checking the chain takes the partner key, so only administrators are offered it.
 */
function auditPage(view, evidenceId) {
  navAt('audit');
  crumbs([{ label: 'Audit trail' }]);
  const admin = me.user.role === 'admin';
  view.innerHTML = `<div class="page-head"><div><h1>Audit trail</h1>
      <p>Every change to payroll, who made it and why. ${admin ? 'Verify the chain to confirm no record was altered.' : ''}</p></div></div>
    <div class="stack"><payrail-governance-trail id="trail" class="${admin ? '' : 'no-verify'}" ${evidenceId ? `evidence-id="${esc(evidenceId)}"` : ''}></payrail-governance-trail></div>`;
}

/** Settings, for administrators: the employer's details, pay schedule and sites, and its cost centres. */
function settingsPage(view) {
  navAt('settings');
  crumbs([{ label: 'Settings' }]);
  view.innerHTML = `<div class="page-head"><div><h1>Settings</h1>
      <p>${esc(company?.name ?? 'Your organisation')}'s details as they appear on payslips and reports, its pay schedule, sites and cost centres. Each change asks for a reason, which goes into the audit trail with your name.</p></div></div>
    <div class="stack"><payrail-org-setup id="org-setup"></payrail-org-setup>
      <payrail-cost-centres id="cost-centres"></payrail-cost-centres></div>`;
}

/** The employer's name and country (for the header and the components), read through the proxy. */
async function loadCompany() {
  const c = me.company
    ? { ok: true, body: { data: { legal_name: me.company.name, country: me.company.country } } }
    : await getJson(`${tenantPath()}/company`);
  company = c.ok
    ? {
        name: c.body.data.trading_name ?? c.body.data.legal_name,
        country: c.body.data.country ?? c.body.data.jurisdiction,
      }
    : null;
  $('#company').textContent = company ? `${company.name} · ${company.country}` : '';
  const provider = $('#payrail');
  provider.setAttribute('tenant-id', tenant);
  if (company?.country) provider.setAttribute('country', company.country);
  return c;
}

/** Reports: the employer's payroll reports; the CSV comes through this host's proxy with the user's token. */
function reportsPage(view) {
  navAt('reports');
  crumbs([{ label: 'Reports' }]);
  view.innerHTML = `<div class="page-head"><div><h1>Reports</h1>
    <p>Payroll reports for ${esc(company?.name ?? 'your organisation')} from finalised pay runs. Download any of them as CSV for a spreadsheet or your accounting system.</p></div></div>
    <div class="stack"><payrail-reports-dashboard id="reports"></payrail-reports-dashboard></div>`;
}

/**
 * Partner staff: the portfolio of employers, read through this host's /api/portfolio (the BFF adds the
 * partner key); an employer chosen there opens its own pages, each read with a view-only token for it.
 */
async function clientsPage(view, [clientId, sub, runId, payslips, employeeId]) {
  navAt('clients');
  if (!clientId) {
    crumbs([{ label: 'Clients' }]);
    $('#company').textContent = 'All employers';
    view.innerHTML = `<div class="page-head"><div><h1>Clients</h1>
      <p>Every employer you look after: who needs attention, pay runs in progress and the next pay dates. Open an employer or a pay run to see its details.</p></div></div>
      <div class="stack">
        <payrail-portfolio-dashboard id="portfolio" portfolio-base="/api/portfolio"></payrail-portfolio-dashboard>
        <payrail-client-list id="clients" portfolio-base="/api/portfolio" page-size="10"></payrail-client-list>
        <payrail-pipeline-board id="pipeline" portfolio-base="/api/portfolio"></payrail-pipeline-board>
      </div>`;
    return;
  }
  if (tenant !== clientId) {
    tenant = clientId;
    runLabels.clear();
    view.innerHTML = '';
    const shown = onScreen();
    const c = await loadCompany();
    if (!shown()) return;
    if (!c.ok) {
      crumbs([{ label: 'Clients', href: '#/clients' }, { label: 'Employer' }]);
      banner(describe(c.body, c.status));
      return;
    }
  }
  $('#company').textContent = company ? `${company.name} · ${company.country}` : '';
  const base = `#/clients/${encodeURIComponent(clientId)}`;
  const name = company?.name ?? 'Employer';
  if (sub !== 'runs' || !runId) {
    crumbs([{ label: 'Clients', href: '#/clients' }, { label: name }]);
    view.innerHTML = `<div class="page-head"><div><h1>${esc(name)}</h1>
      <p>Payroll at a glance and every pay run. You have read-only access to this employer.</p></div></div>
      <div class="stack">
        <payrail-dashboard></payrail-dashboard>
        <payrail-pay-runs-list id="runs" page-size="10"></payrail-pay-runs-list>
      </div>`;
    return;
  }
  const run = encodeURIComponent(runId);
  crumbs([{ label: 'Clients', href: '#/clients' }, { label: name, href: base }, { label: '…' }]);
  later(runLabel(runId), (l) =>
    crumbs([{ label: 'Clients', href: '#/clients' }, { label: name, href: base }, { label: l }]),
  );
  if (payslips === 'payslips') {
    view.innerHTML = `<h1 class="sr-only">Payslip</h1><a class="back" href="${base}/runs/${run}">${ICONS.back}Back to the pay run</a>
      <payrail-payslip-viewer id="payslip" pay-run-id="${esc(runId)}" ${employeeId ? `employee-id="${esc(employeeId)}"` : ''} show-ytd></payrail-payslip-viewer>`;
    return;
  }
  // Read-only: the run and where it stands, step by step, in the employer's country's steps.
  view.innerHTML = `<h1 class="sr-only">Pay run</h1><a class="back" href="${base}">${ICONS.back}${esc(name)}</a>
    <div class="stack"><payrail-pay-run-detail id="detail" pay-run-id="${esc(runId)}"></payrail-pay-run-detail>
      <div id="after-finalise" class="stack"><payrail-payroll-checklist pay-run-id="${esc(runId)}"></payrail-payroll-checklist></div></div>`;
}

/** One employee's pay in a run ("Edit" on the run): award and timesheet lines, and the lines entered on it. */
function entryPage(view, runId, employeeId) {
  const run = encodeURIComponent(runId);
  crumbs([{ label: 'Payroll', href: '#/runs' }, { label: '…', href: `#/runs/${run}` }, { label: 'Employee pay' }]);
  later(runLabel(runId), (l) =>
    crumbs([{ label: 'Payroll', href: '#/runs' }, { label: l, href: `#/runs/${run}` }, { label: 'Employee pay' }]),
  );
  view.innerHTML = `<h1 class="sr-only">Employee pay</h1><a class="back" href="#/runs/${run}">${ICONS.back}Back to the pay run</a>
    <div class="stack"><payrail-pay-run-entry id="entry" pay-run-id="${esc(runId)}" employee-id="${esc(employeeId)}"></payrail-pay-run-entry></div>`;
}

/** Employer settings are for the employer's own administrators. */
const admin = () => me.user.role === 'admin' && !me.user.employee;

/**
 * Which page is on screen: each route is a new one. A page that waits for the API before it draws checks it is
 * still the page on screen, so a quick click elsewhere is not drawn over by the page it left.
 */
let pageNo = 0;
const onScreen = () => {
  const n = pageNo;
  return () => n === pageNo;
};
/** Draws what `promise` gives, if the page that asked for it is still on screen. */
function later(promise, draw) {
  const shown = onScreen();
  void promise.then((value) => shown() && draw(value));
}

function route() {
  pageNo++;
  const [, runs, runId, sub, employeeId] = location.hash.replace(/^#/, '').split('/');
  const view = $('#view');
  banner(null);
  if (me.user.role === 'partner_staff')
    return clientsPage(view, runs === 'clients' ? location.hash.split('/').slice(2).map(decodeURIComponent) : []);
  // An employee's own pages: their pay, their leave, their details, and nothing of the employer's.
  if (me.user.employee) {
    if (runs === 'my' && runId === 'details') return myDetailsPage(view);
    if (runs === 'leave') return leavePage(view);
    if (runs !== 'my' || runId !== 'pay') history.replaceState(null, '', '#/my/pay');
    return myPayPage(view, runs === 'my' && runId === 'pay' && sub ? decodeURIComponent(sub) : null);
  }
  if (runs === 'reports' && !me.user.employee) {
    reportsPage(view);
    return;
  }
  if (runs === 'leave') {
    leavePage(view);
    return;
  }
  if (runs === 'people') {
    if (runId === 'import') return importPage(view);
    if (runId && runId !== 'new' && !me.user.employee) return employeePage(view, decodeURIComponent(runId), sub);
    peoplePage(view, runId === 'new');
    return;
  }
  if (runs === 'settings' && admin()) {
    settingsPage(view);
    return;
  }
  if (runs === 'audit' && !me.user.employee) {
    auditPage(view, runId && decodeURIComponent(runId));
    return;
  }
  navAt('runs');
  if (runs !== 'runs' || !runId) {
    crumbs([{ label: 'Payroll', href: '#/runs' }, { label: 'Pay runs' }]);
    view.innerHTML = `
      <div class="page-head"><div><h1>Payroll</h1>
        <p>Pay runs for ${esc(company?.name ?? 'your organisation')}. Open a run to check each employee's pay, then move it through preview, approval and finalisation.</p></div></div>
      <div class="stack">
        <payrail-dashboard></payrail-dashboard>
        <payrail-pay-runs-list id="runs" page-size="10"></payrail-pay-runs-list>
        ${company?.country === 'DE' ? '' : '<payrail-super-overview></payrail-super-overview>'}
      </div>`;
    return;
  }
  const run = encodeURIComponent(runId);
  if (sub === 'payslips') {
    crumbs([{ label: 'Payroll', href: '#/runs' }, { label: '…', href: `#/runs/${run}` }, { label: 'Payslip' }]);
    later(runLabel(runId), (l) =>
      crumbs([{ label: 'Payroll', href: '#/runs' }, { label: l, href: `#/runs/${run}` }, { label: 'Payslip' }]),
    );
    // The page's own heading; the payslip's title (the employer) is the component's.
    view.innerHTML = `<h1 class="sr-only">Payslip</h1><a class="back" href="#/runs/${run}">${ICONS.back}Back to the pay run</a>
      <payrail-payslip-viewer id="payslip" pay-run-id="${esc(runId)}" ${employeeId ? `employee-id="${esc(employeeId)}"` : ''} show-ytd></payrail-payslip-viewer>`;
    return;
  }
  if (sub === 'entries' && employeeId) {
    entryPage(view, runId, employeeId);
    return;
  }
  const role = me.user.role;
  const hint =
    role === 'viewer'
      ? 'You have read-only access, so no actions are offered.'
      : `As ${role === 'admin' ? 'an admin' : `the ${role}`}, the actions your role allows appear on the run. Each one asks you for a reason, which goes into Payrail's audit trail with your name.`;
  crumbs([{ label: 'Payroll', href: '#/runs' }, { label: '…' }]);
  later(runLabel(runId), (l) => {
    crumbs([{ label: 'Payroll', href: '#/runs' }, { label: l }]);
    const h = $('#run-heading');
    if (h) h.textContent = `Pay run ${l}`;
  });
  view.innerHTML = `<h1 class="sr-only" id="run-heading">Pay run</h1><a class="back" href="#/runs">${ICONS.back}All pay runs</a>
    <div class="stack">
      <div class="note">${ICONS.info}<div><b>Signed in as ${esc(me.user.name)}</b> (${esc(role)}). ${esc(hint)} Choose an employee to open their payslip.</div>
        <a class="btn" id="open-payslips" href="#/runs/${run}/payslips">${ICONS.doc}Payslips</a></div>
      <payrail-pay-run-detail id="detail" pay-run-id="${esc(runId)}" show-governance></payrail-pay-run-detail>
      <payrail-payrun-exceptions id="exceptions" pay-run-id="${esc(runId)}" show-governance></payrail-payrun-exceptions>
      <div id="after-finalise" class="stack"></div>
    </div>`;
  // After finalise: lodgement (Australian employers), the bank file and payments, and the checklist.
  void getJson(`${tenantPath()}/pay-runs/${run}`).then((r) => {
    const box = $('#after-finalise');
    if (!r.ok || !box || !['finalised', 'lodged'].includes(r.body.data.status)) return;
    const id = esc(runId);
    box.innerHTML = `${company?.country === 'DE' ? '' : `<payrail-stp-submission pay-run-id="${id}"></payrail-stp-submission>`}
      <payrail-payments pay-run-id="${id}"></payrail-payments>
      <payrail-payroll-checklist pay-run-id="${id}"></payrail-payroll-checklist>`;
  });
}

// ---- What the components ask for ----------------------------------------------------------------

document.addEventListener('payrail-view-pay-run', (e) => {
  const run = encodeURIComponent(e.detail.id);
  // Partner staff: the run of the employer it belongs to (the pipeline board names it) or of the one open.
  if (me.user.role === 'partner_staff')
    location.hash = `#/clients/${encodeURIComponent(e.detail.tenant_id ?? tenant)}/runs/${run}`;
  else location.hash = `#/runs/${run}`;
});
document.addEventListener('payrail-edit-entry', (e) => {
  location.hash = `#/runs/${encodeURIComponent(e.detail.pay_run_id)}/entries/${encodeURIComponent(e.detail.employee_id)}`;
});
document.addEventListener('payrail-client-select', (e) => {
  e.preventDefault();
  location.hash = `#/clients/${encodeURIComponent(e.detail.id)}`;
});
// An employee's name or "View": on a pay run, their payslip in it; anywhere else, their page (at the form a
// readiness section names). Partner staff and employees have no employee pages.
document.addEventListener('payrail-view-employee', (e) => {
  const parts = location.hash.replace(/^#/, '').split('/');
  const at = parts.indexOf('runs');
  if (at >= 0 && parts[at + 1]) {
    location.hash = `#${parts.slice(0, at + 2).join('/')}/payslips/${encodeURIComponent(e.detail.id)}`;
    return;
  }
  if (me.user.role === 'partner_staff' || me.user.employee) return;
  const form = e.detail.section && formsHere().find((f) => f.key === formFor(e.detail.section));
  location.hash = `#/people/${encodeURIComponent(e.detail.id)}${form ? `/${form.key}` : ''}`;
});
// A readiness item's "fix": the form that completes it, on the employee's page.
document.addEventListener('payrail-fix-requirement', (e) => {
  if (!e.detail.employee_id || me.user.role === 'partner_staff' || me.user.employee) return;
  const form = formsHere().find((f) => f.key === formFor(e.detail.kind));
  location.hash = `#/people/${encodeURIComponent(e.detail.employee_id)}${form ? `/${form.key}` : ''}`;
});
/** The name the service gave the file (the person and the period), its UTF-8 form first (RFC 6266). */
function fileNameOf(disposition) {
  if (!disposition) return null;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (utf8) {
    try {
      return decodeURIComponent(utf8[1]);
    } catch {
      // A malformed encoding falls back to the plain name.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? null;
}
document.addEventListener('payrail-download', async (e) => {
  // The proxy adds this user's token, so the PDF link never carries a credential.
  e.preventDefault();
  const res = await fetch(e.detail.url).catch(() => null);
  if (!res?.ok) {
    banner(describe(await res?.json().catch(() => null), res?.status ?? 0));
    return;
  }
  const a = document.createElement('a');
  a.href = URL.createObjectURL(await res.blob());
  a.download = fileNameOf(res.headers.get('content-disposition')) ?? 'Payslip.pdf';
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
});

// An employee's request goes to the host's own endpoint: the host sends it for the signed-in employee. The
// form is handed the outcome, so a refusal shows there in words with the request still filled in.
document.addEventListener('payrail-save', (e) => {
  if (e.detail.form !== 'leave-request') return;
  e.preventDefault();
  // Someone asking for another person (on the employee's page) sends it with their own token and a reason.
  if (!me.user.employee && e.detail.payload.employee_id) {
    e.detail.waitUntil?.(ask('leave', '/leave/requests', e.detail.payload));
    return;
  }
  e.detail.waitUntil?.(requestOwnLeave(e.detail.payload));
});
async function requestOwnLeave(payload) {
  const r = await getJson('/bff/leave-requests', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  if (!r.ok) throw r.body ?? { error: describe(r.body, r.status) };
  $('#payrail').invalidate?.();
  toast('<b>Leave requested</b><br>Your manager has been asked to approve it.');
  return r.body;
}
// An employee's pay lines: saved through the reason dialog, like every other change to a run.
document.addEventListener('payrail-save', (e) => {
  if (e.detail.form !== 'pay-run-entry') return;
  e.preventDefault();
  const [, , runId] = location.hash.replace(/^#/, '').split('/');
  ask('adjust', `/pay-runs/${encodeURIComponent(decodeURIComponent(runId))}/entries`, e.detail.payload);
});
// The shifts an employee worked: the run's timesheet for them, saved through the reason dialog.
document.addEventListener('payrail-save', (e) => {
  if (e.detail.form !== 'pay-run-shifts') return;
  e.preventDefault();
  const [, , runId] = location.hash.replace(/^#/, '').split('/');
  ask('shifts', `/pay-runs/${encodeURIComponent(decodeURIComponent(runId))}/timesheets`, e.detail.payload);
});
// An existing employee's bank account, tax declaration or super fund: the form names whose; the dialog adds the reason.
const SEGMENTS = { 'bank-details': 'bank-accounts', 'tax-declaration': 'tax-settings', 'super-form': 'pension' };
document.addEventListener('payrail-save', (e) => {
  const segment = SEGMENTS[e.detail.form];
  if (!segment || !e.detail.employee_id) return;
  e.preventDefault();
  ask('employee', `/employees/${encodeURIComponent(e.detail.employee_id)}/${segment}`, e.detail.payload, 'PATCH');
});
document.addEventListener('payrail-save', (e) => {
  if (e.detail.form !== 'award' || !e.detail.employee_id) return;
  e.preventDefault();
  ask('award', `/employees/${encodeURIComponent(e.detail.employee_id)}/award`, e.detail.payload, 'PUT');
});
// A new pay run: the list names the dates; the dialog adds the reason, and the run is this user's to prepare.
document.addEventListener('payrail-save', (e) => {
  if (e.detail.form !== 'pay-runs-list') return;
  e.preventDefault();
  ask('create', e.detail.request.path, e.detail.payload);
});
// Settings: the element names the request (method and path under the employer); the dialog adds the reason.
document.addEventListener('payrail-save', (e) => {
  if (e.detail.form !== 'org-setup' && e.detail.form !== 'cost-centres') return;
  e.preventDefault();
  const { method, path } = e.detail.request;
  ask('setup', path, method === 'DELETE' ? undefined : e.detail.payload, method);
});
// The reviewer wrote the reason in the exceptions list itself: it goes with the request as it is.
document.addEventListener('payrail-acknowledge-exception', async (e) => {
  e.preventDefault();
  const { pay_run_id: payRunId, id, reason } = e.detail;
  const r = await getJson(
    `${tenantPath()}/pay-runs/${encodeURIComponent(payRunId)}/exceptions/${encodeURIComponent(id)}/acknowledge`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-host-governance-reason': encodeURIComponent(reason),
        'idempotency-key': crypto.randomUUID(),
      },
      body: '{}',
    },
  );
  if (!r.ok) {
    banner(describe(r.body, r.status));
    return;
  }
  $('#payrail').invalidate?.();
  toast('<b>Exception acknowledged</b><br>Recorded in the audit trail with your reason.');
  route();
});
document.addEventListener('payrail-cancel', (e) => {
  if (e.detail.form === 'leave-request') location.hash = '#/runs';
  if (e.detail.form === 'employee-onboarding') location.hash = '#/people';
  // A form on an employee's page: back to the employee.
  if (SEGMENTS[e.detail.form] && e.detail.employee_id)
    location.hash = `#/people/${encodeURIComponent(e.detail.employee_id)}`;
});

// A new employee goes to the host's own endpoint: the host writes it with its reason, naming this user.
document.addEventListener('payrail-save', async (e) => {
  if (e.detail.form !== 'employee-onboarding') return;
  e.preventDefault();
  const r = await getJson('/bff/employees', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(e.detail.payload),
  });
  if (!r.ok) {
    banner(describe(r.body, r.status));
    return;
  }
  $('#payrail').invalidate?.();
  const name = `${e.detail.payload.employee.first_name} ${e.detail.payload.employee.last_name}`;
  toast(`<b>Employee added</b><br>${esc(name)}`);
  location.hash = '#/people';
});

// An approver's decision goes through the proxy with this user's token; the note doubles as the reason. The
// queue is handed the outcome: a refusal (more than the balance) shows on the request, which stays pending.
document.addEventListener('payrail-leave-decision', (e) => {
  e.preventDefault();
  e.detail.waitUntil?.(decideLeave(e.detail));
});
async function decideLeave({ id, action, note }) {
  const reason =
    note && note.length >= 3 ? note : `Leave ${action === 'approve' ? 'approved' : 'rejected'} by ${me.user.name}`;
  const r = await getJson(
    `/api/v1/tenants/${encodeURIComponent(me.tenant)}/leave/requests/${encodeURIComponent(id)}/${action}`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-host-governance-reason': encodeURIComponent(reason),
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify(note ? { note } : {}),
    },
  );
  if (!r.ok) throw r.body ?? { error: describe(r.body, r.status) };
  $('#payrail').invalidate?.();
  toast(`<b>Leave ${action === 'approve' ? 'approved' : 'rejected'}</b><br>${esc(r.body.data.employee_name)}`);
  route();
  return r.body;
}

let pending = null;
document.addEventListener('payrail-pay-run-action', (e) => {
  const a = ACTIONS[e.detail.action];
  if (!a) return;
  // This page handles the request itself (a dialog for the reason), so the component needn't say it passed it on.
  e.preventDefault();
  const path = `/pay-runs/${encodeURIComponent(e.detail.id)}/${e.detail.action}`;
  if (e.detail.action !== 'finalise') return void ask(e.detail.action, path, {});
  // Finalised after its payment date, the run was not paid on it: the day people are paid is asked, so super
  // falls due from that day (it defaults to today).
  void getJson(`${tenantPath()}/pay-runs/${encodeURIComponent(e.detail.id)}`).then((r) => {
    const planned = r.ok ? r.body.data.payment_date : null;
    const today = new Date().toISOString().slice(0, 10);
    ask('finalise', path, {}, 'POST', planned && planned < today ? planned : null);
  });
});

/** Opens the reason dialog for a governed request: `method` (POST unless said) on `path` under the tenant, with `body`. */
function ask(action, path, body, method = 'POST', missedPayDate = null) {
  const a = ACTIONS[action];
  const box = $('#paid-on-box');
  box.hidden = !missedPayDate;
  if (missedPayDate) {
    $('#paid-on-hint').textContent =
      `This run was due to be paid on ${date(missedPayDate)}. Enter the day people were, or will be, paid.`;
    $('#paid-on').value = new Date().toISOString().slice(0, 10);
  }
  // Settles as the request does: the answer once sent, or null when the dialog is closed without sending it.
  let settle;
  const outcome = new Promise((resolve, reject) => (settle = { resolve, reject }));
  outcome.catch(() => {});
  pending = { action, path, body, method, settle };
  $('#action-title').textContent = a.title;
  // A German employer has no super: its dialogs name its own steps.
  $('#action-text').textContent = (company?.country === 'DE' && a.textDe) || a.text;
  $('#action-icon').innerHTML = ICONS[a.icon];
  $('#action-icon').className = `dlg-icon${a.danger ? ' danger' : ''}`;
  $('#action-submit').textContent = a.verb;
  $('#action-submit').className = `btn ${a.danger ? 'danger' : 'primary'}`;
  $('#action-submit').disabled = false;
  $('#action-error').hidden = true;
  $('#reason').value = '';
  $('#action').showModal();
  $('#reason').focus();
  return outcome;
}

// The money after finalise: each request goes through the same dialog, so it carries the approver's reason.
// The element has asked for the payer's declaration the ATO requires with every report: it goes with the request.
document.addEventListener('payrail-stp-submit', (e) => {
  e.preventDefault();
  ask('submit', `/pay-runs/${encodeURIComponent(e.detail.id)}/submit`, { declaration: e.detail.declaration });
});
document.addEventListener('payrail-stp-finalise-year', (e) => {
  e.preventDefault();
  const { financial_year, declaration } = e.detail;
  ask('finalise-year', '/stp/finalise-year', { financial_year, declaration });
});
document.addEventListener('payrail-stp-replace', (e) => {
  e.preventDefault();
  ask('replace', `/lodgements/${encodeURIComponent(e.detail.lodgement_id)}/replace`, {
    declaration: e.detail.declaration,
  });
});
document.addEventListener('payrail-stp-send-correction', (e) => {
  e.preventDefault();
  const { financial_year, employee_ids, declaration } = e.detail;
  ask('correction', '/stp/update-events', { financial_year, employee_ids, declaration });
});
document.addEventListener('payrail-payments-confirm', (e) => {
  e.preventDefault();
  const ids = e.detail.employee_ids;
  ask('confirm', `/pay-runs/${encodeURIComponent(e.detail.id)}/payments/confirm`, ids ? { employee_ids: ids } : {});
});
document.addEventListener('payrail-payment-file', (e) => {
  e.preventDefault();
  ask('bank-file', `/pay-runs/${encodeURIComponent(e.detail.id)}/payment-file`, {});
  pending.format = e.detail.format;
  pending.runId = e.detail.id;
});
document.addEventListener('payrail-super-batch', (e) => {
  e.preventDefault();
  ask('super-batch', `/pay-runs/${encodeURIComponent(e.detail.id)}/super-batch`, {});
});
document.addEventListener('payrail-super-file', (e) => {
  e.preventDefault();
  ask('super-file', `/pay-runs/${encodeURIComponent(e.detail.id)}/super-file`, {});
  pending.format = 'saff';
  pending.runId = e.detail.id;
});
document.addEventListener('payrail-payment-return', (e) => {
  e.preventDefault();
  const { id, employee_id, reason } = e.detail;
  ask('return', `/pay-runs/${encodeURIComponent(id)}/payments/return`, { employee_id, reason });
});
// "Evidence" on a checklist step or a pay-run entry opens the audit trail at that record.
document.addEventListener('payrail-view-evidence', (e) => {
  e.preventDefault();
  if (me.user.employee) return;
  location.hash = `#/audit/${encodeURIComponent(e.detail.id)}`;
});
// "Verify chain": the host's backend checks the chain with the partner key and the trail shows the answer.
document.addEventListener('payrail-verify-request', async (e) => {
  e.preventDefault();
  const trail = e.target;
  const r = await getJson('/bff/governance/verify', { method: 'POST' });
  if (!r.ok) {
    trail.verification = null;
    banner(describe(r.body, r.status));
    return;
  }
  trail.verification = r.body.data;
});
$('#action-cancel').addEventListener('click', () => $('#action').close());
// The control that opened the dialog may be gone (the page was drawn again): focus then goes to the heading.
$('#action').addEventListener('close', () => {
  pending?.settle.reject(null);
  pending = null;
  setTimeout(() => {
    if (document.activeElement === document.body) focusHeading();
  });
});

$('#action-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  if (!pending) return;
  const reason = $('#reason').value.trim();
  const err = $('#action-error');
  if (reason.length < 3) {
    err.innerHTML = '<b>Give a reason of at least 3 characters.</b>It is recorded with the approval.';
    err.hidden = false;
    return;
  }
  const { action, path, method } = pending;
  let { body } = pending;
  if (!$('#paid-on-box').hidden) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test($('#paid-on').value)) {
      err.innerHTML = '<b>Enter the day people were paid.</b>Super falls due from that day.';
      err.hidden = false;
      return;
    }
    body = { ...body, paid_on: $('#paid-on').value };
  }
  $('#action-submit').disabled = true;
  // Same-origin through the BFF: it adds this user's token and turns the host's reason into the API's
  // governance reason. Percent-encoded because a header cannot carry an en dash or a euro sign.
  const init = {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      'x-host-governance-reason': encodeURIComponent(reason),
      'idempotency-key': crypto.randomUUID(),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
  const url = `/api/v1/tenants/${encodeURIComponent(me.tenant)}${path}`;
  const r = ACTIONS[action].download ? await downloadFile(url, init, pending) : await getJson(url, init);
  $('#action-submit').disabled = false;
  if (!r.ok) {
    err.innerHTML = errorHtml(describe(r.body, r.status));
    err.hidden = false;
    return;
  }
  pending.settle.resolve(r.body);
  $('#action').close();
  pending = null;
  // The run changed behind the components' backs: forget cached answers before showing it again.
  $('#payrail').invalidate?.();
  // A new trading name is the employer's name in the header from now on.
  if (action === 'setup') await loadCompany();
  const evidence = r.body?.evidence_id;
  // No record id in a payroll officer's words: the record is a link into the audit trail.
  const record =
    evidence && action !== 'setup' && !me.user.employee
      ? ` <a href="#/audit/${encodeURIComponent(evidence)}">View the record</a>`
      : '';
  toast(`<b>${esc(ACTIONS[action].done)}</b><br>Recorded in the audit trail with your reason.${record}`);
  route();
});

/**
 * A governed request whose answer is a file (the bank file, the super file): saved under a name a payroll officer knows
 * (the run's period and the format), its evidence record named by the API's header.
 */
async function downloadFile(url, init, { runId, format }) {
  const res = await fetch(url, init).catch(() => null);
  if (!res?.ok) {
    const body = await res?.json().catch(() => null);
    return { ok: false, status: res?.status ?? 0, body };
  }
  const blob = await res.blob();
  const label = runId ? await runLabel(runId) : 'pay run';
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download =
    format === 'saff' ? `Super contributions ${label}.csv` : `Bank file ${label}.${format === 'sepa' ? 'xml' : 'aba'}`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  return { ok: true, status: res.status, body: { evidence_id: res.headers.get('x-payrail-evidence-id') } };
}

// ---- Navigation on narrow screens, skip link, focus -------------------------------------------------

const narrow = matchMedia('(max-width: 960px)');
/** Opens or closes the navigation behind the menu button (below 960 px; wider, it is always shown). */
function menu(open, focus = false) {
  const button = $('#menu');
  if (open === (button.getAttribute('aria-expanded') === 'true')) return;
  button.setAttribute('aria-expanded', String(open));
  $('#side').classList.toggle('open', open);
  if (open) $('#main-nav a[href]:not([hidden])')?.focus();
  else if (focus) button.focus();
}
$('#menu').addEventListener('click', () => menu($('#menu').getAttribute('aria-expanded') !== 'true'));
$('#side').addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && $('#side').classList.contains('open')) {
    e.stopPropagation();
    menu(false, true);
  }
});
// Focus or a click leaving the open menu closes it, so it never covers the page.
document.addEventListener('click', (e) => {
  if (!$('#side').contains(e.target)) menu(false);
});
$('#side').addEventListener('focusout', (e) => {
  if (e.relatedTarget && !$('#side').contains(e.relatedTarget)) menu(false);
});
narrow.addEventListener('change', () => menu(false));

/** Focus to the page's main heading (made focusable for it), else to the page itself. */
function focusHeading() {
  const h = $('#view h1') ?? $('#view');
  if (h !== $('#view')) h.setAttribute('tabindex', '-1');
  h.focus({ preventScroll: false });
}
// The skip link moves focus without changing the address, which holds the page's route.
$('#skip').addEventListener('click', (e) => {
  e.preventDefault();
  focusHeading();
});

// ---- Start --------------------------------------------------------------------------------------

/**
 * The elements that show what a change made elsewhere (another browser, the partner's own systems) alters. Forms
 * are left alone: what someone is typing is never replaced under them.
 */
const SHOWS_CHANGES = [
  'payrail-pay-runs-list',
  'payrail-pay-run-detail',
  'payrail-payroll-checklist',
  'payrail-payments',
  'payrail-payrun-exceptions',
  'payrail-dashboard',
  'payrail-employees-list',
  'payrail-employee-detail',
  'payrail-leave-management',
  'payrail-super-overview',
  'payrail-stp-submission',
  'payrail-portfolio-dashboard',
  'payrail-pipeline-board',
  'payrail-client-list',
  'payrail-governance-trail',
].join(',');

/** Payrail's webhooks reach this page through the BFF; each change it names brings the page's figures up to date. */
function followChanges() {
  const changes = new EventSource('/bff/events');
  changes.addEventListener('payrail', () => {
    $('#payrail').invalidate?.();
    for (const el of document.querySelectorAll(SHOWS_CHANGES)) el.reload?.();
  });
}

async function start() {
  const r = await getJson('/bff/me');
  me = r.body?.data ?? null;
  if (!me?.user) {
    await showSignIn();
    $('#booting').hidden = true;
    return;
  }
  $('#signin').hidden = true;
  $('#app').hidden = false;
  $('#me-avatar').textContent = initials(me.user.name);
  $('#me-name').textContent = me.user.name;
  $('#me-role').textContent = me.user.title;
  $('#me-role').title = `${me.user.title}, payroll ${me.user.role}`;
  $('#sign-out').addEventListener('click', signOut);

  // Partner staff look after many employers: their pages are the portfolio's, not one employer's.
  const partner = me.user.role === 'partner_staff';
  $('#nav-clients').hidden = !partner;
  const employee = !!me.user.employee;
  for (const id of ['#nav-runs', '#nav-people']) $(id).hidden = partner || employee;
  $('#nav-leave').hidden = partner;
  for (const id of ['#nav-my-pay', '#nav-my-details']) $(id).hidden = !employee;
  $('#nav-reports').hidden = partner || !!me.user.employee;
  $('#nav-settings').hidden = !admin();

  // An employee's token reads only their own records: the host names the company for them.
  $('#nav-audit').hidden = partner || !!me.user.employee;
  tenant = me.tenant;
  const c = partner ? { ok: true } : await loadCompany();
  $('#payrail').tokenProvider = tokenProvider;
  const home = partner ? '#/clients' : employee ? '#/my/pay' : '#/runs';
  const pages = partner
    ? ['#/clients']
    : employee
      ? ['#/my/', '#/leave']
      : ['#/runs', '#/leave', '#/people', '#/reports', '#/audit', '#/settings'];
  if (!pages.some((p) => location.hash.startsWith(p))) history.replaceState(null, '', home);
  // A new page: the menu folds away and focus moves to the page's heading, where a screen reader reads on.
  window.addEventListener('hashchange', async () => {
    menu(false);
    await route();
    focusHeading();
  });
  $('#booting').hidden = true;
  await route();
  followChanges();
  if (!c.ok) banner(describe(c.body, c.status));
}

await start();
