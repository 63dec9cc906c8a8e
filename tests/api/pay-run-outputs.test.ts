// What a finalised pay run unlocks, through the real app: payslips (JSON with year-to-date figures,
// and PDF), the ABA payment file with its SHA-256 in evidence, and the super batch; the 501s of the
// DE pack; and replays of the money-moving outputs.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startTestApi, REASON, type TestApi, type CallOpts } from '../helpers/api.ts';
import {
  auditTrail,
  cents,
  createTenant,
  draftRun,
  entriesOf,
  evidenceOf,
  expectStatus,
  fortnight,
  fromCents,
  getRun,
  hireAu,
  hireDe,
  month,
  approve,
  preview,
  runPath,
  runToFinalised,
  sumCents,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';
import { parseAbaFile } from '../../api/services/outputs/aba.ts';

const run = promisify(execFile);
let api: TestApi;
let t: TenantRef;
let employees: string[];
let priorYear: string;
let voided: string;
let runA: string;
let runB: string;
let draft: string;
let approved: string;

const get = (p: string, opts: CallOpts = {}) => api.call('GET', p, opts);
const post = (p: string, opts: CallOpts = {}) => api.call('POST', p, { body: {}, reason: REASON, ...opts });
const byEmployee = <T extends { employee_id: string }>(rows: T[]) => new Map(rows.map((r) => [r.employee_id, r]));

async function repin(tenant: TenantRef, version: string) {
  expectStatus(
    await api.call('PATCH', `/v1/partners/tenants/${tenant.id}/bindings/${tenant.bindingId}`, {
      body: { pack_version: version },
      reason: REASON,
    }),
    200,
    'repin',
  );
}

before(async () => {
  api = await startTestApi();
  t = await createTenant(api, { name: 'Outputs Roasting Co' });
  employees = [
    await hireAu(api, t, {
      first_name: 'Priya',
      last_name: 'Ramanathan',
      pay_frequency: 'fortnightly',
      annual_salary: 91_000,
    }),
    await hireAu(api, t, {
      first_name: 'Tom',
      last_name: 'Kettering',
      pay_frequency: 'fortnightly',
      hourly_rate: 38.5,
      hours_per_week: 30,
    }),
    await hireAu(api, t, {
      first_name: 'Mei',
      last_name: 'Lin',
      pay_frequency: 'fortnightly',
      annual_salary: 65_000,
      study_loan: true,
    }),
  ];
  // A run paid in June 2026 belongs to the previous financial year (pinned to AU-2025.1 at the time).
  await repin(t, 'AU-2025.1');
  priorYear = (await draftRun(api, t, fortnight(0, '2026-06-08'))).id;
  await runToFinalised(api, t, priorYear);
  await repin(t, 'AU-2026.1');
  // A voided run never counts towards year to date.
  voided = (await draftRun(api, t, fortnight(0))).id;
  await runToFinalised(api, t, voided);
  expectStatus(await post(runPath(t, voided, '/void')), 200, 'void');

  runA = (await draftRun(api, t, fortnight(0))).id;
  expectStatus(
    await post(runPath(t, runA, '/entries'), {
      body: { employee_id: employees[0], items: [{ type: 'bonus', amount: '500.00' }] },
    }),
    200,
  );
  expectStatus(
    await post(runPath(t, runA, '/entries'), {
      body: {
        employee_id: employees[1],
        items: [
          { type: 'salary_sacrifice', amount: '50.00' },
          { type: 'deduction', amount: '12.50' },
        ],
      },
    }),
    200,
  );
  await runToFinalised(api, t, runA);
  runB = (await draftRun(api, t, fortnight(1))).id;
  await runToFinalised(api, t, runB);
  draft = (await draftRun(api, t, fortnight(2))).id;
  approved = (await draftRun(api, t, fortnight(3))).id;
  expectStatus(await preview(api, t, approved), 200);
  expectStatus(await approve(api, t, approved), 200);
});
after(async () => {
  await api.close();
});

describe('before finalise', () => {
  test('payslips, payslip PDFs, the payment file and the super batch are 409 state_conflict on a draft or approved run', async () => {
    for (const id of [draft, approved]) {
      const replies = [
        await get(runPath(t, id, '/payslips')),
        await get(runPath(t, id, `/payslips/${employees[0]}.pdf`)),
        await post(runPath(t, id, '/payment-file')),
        await post(runPath(t, id, '/super-batch')),
      ];
      for (const r of replies) {
        assert.equal(r.status, 409, r.text);
        assert.equal(r.body.error.code, 'state_conflict');
      }
    }
  });
});

describe('payslips', () => {
  test("one JSON payslip per employee with the entry's figures, the pack version and the lines", async () => {
    const slips = expectStatus(await get(runPath(t, runA, '/payslips')), 200).data;
    const entries = byEmployee(await entriesOf(api, t, runA));
    assert.deepEqual(slips.map((s: any) => s.employee_id).sort(), [...employees].sort());
    for (const s of slips) {
      const e = entries.get(s.employee_id)!;
      assert.equal(s.pay_run_id, runA);
      assert.equal(s.pack_version, 'AU-2026.1');
      assert.equal(s.currency, 'AUD');
      assert.deepEqual(
        [s.period_start, s.period_end, s.payment_date],
        [fortnight(0).period_start, fortnight(0).period_end, fortnight(0).payment_date],
      );
      assert.deepEqual([s.gross, s.tax, s.net], [e.gross, e.tax, e.net]);
      assert.equal(s.employer.name, 'Outputs Roasting Co');
      assert.equal(s.employer.abn, '51824753556');
      assert.equal(s.employee.name, e.employee_name);
      assert.equal(s.payment.bsb, '062-000');
      assert.match(s.payment.account_last3, /^\d{3}$/);
      assert.equal(fromCents(sumCents(s.earnings.map((x: any) => x.amount))), s.gross, 'earnings add up to gross');
      assert.equal(
        fromCents(cents(s.gross) - sumCents(s.deductions.map((x: any) => x.amount))),
        s.net,
        'gross less deductions is net',
      );
    }
    const tom = slips.find((s: any) => s.employee_id === employees[1]);
    assert.deepEqual(
      tom.deductions.map((d: any) => d.label),
      // Each names where it went (Fair Work Regulations 2009 r 3.46(1)(g)); a deduction entered without a payee
      // is called by its pay item's name.
      [
        'Salary sacrifice to super \u2014 paid to AustralianSuper',
        'PAYG withholding (scale 2) \u2014 paid to the Australian Taxation Office',
        'After-tax deduction',
      ],
    );
    assert.deepEqual(
      tom.deductions.map((d: any) => d.amount).filter((a: string) => a !== tom.tax),
      ['50.00', '12.50'],
    );
    const priya = slips.find((s: any) => s.employee_id === employees[0]);
    assert.ok(
      // A bonus is withheld as if spread over the year's 26 fortnightly pays (ATO Schedule 5) and its line says so.
      priya.earnings.some(
        (x: any) => x.label === 'Bonus (tax worked out as if paid over 26 pays)' && x.amount === '500.00',
      ),
      'the bonus is an earnings line',
    );
  });

  test('year to date sums the finalised runs of the financial year up to this payment, leaving out voided runs and the previous year', async () => {
    const [a, b, prior] = [
      byEmployee(await entriesOf(api, t, runA)),
      byEmployee(await entriesOf(api, t, runB)),
      byEmployee(await entriesOf(api, t, priorYear)),
    ];
    const slipsA = byEmployee(expectStatus(await get(runPath(t, runA, '/payslips')), 200).data as any[]);
    const slipsB = byEmployee(expectStatus(await get(runPath(t, runB, '/payslips')), 200).data as any[]);
    const priorSlips = byEmployee(expectStatus(await get(runPath(t, priorYear, '/payslips')), 200).data as any[]);
    for (const id of employees) {
      const sa: any = slipsA.get(id);
      const sb: any = slipsB.get(id);
      for (const k of ['gross', 'tax', 'net', 'super']) {
        assert.equal(sa.ytd[k], a.get(id)![k], `${k} YTD of the first run is that run alone`);
        assert.equal(
          sb.ytd[k],
          fromCents(cents(a.get(id)![k]) + cents(b.get(id)![k])),
          `${k} YTD of the second run adds the first`,
        );
      }
      assert.equal((priorSlips.get(id) as any).ytd.gross, prior.get(id)!.gross, 'the June run starts its own year');
      assert.equal((priorSlips.get(id) as any).pack_version, 'AU-2025.1');
    }
  });

  test('the payslip PDF is application/pdf and its text shows employer, employee, period, net and year to date', async () => {
    const id = employees[0];
    const res = await fetch(`${api.url}${runPath(t, runB, `/payslips/${id}.pdf`)}`, {
      headers: { authorization: `Bearer ${api.partner.key}` },
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/pdf');
    const bytes = Buffer.from(await res.arrayBuffer());
    assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    const slip = (expectStatus(await get(runPath(t, runB, '/payslips')), 200).data as any[]).find(
      (s) => s.employee_id === id,
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payslip-'));
    try {
      fs.writeFileSync(path.join(dir, 'slip.pdf'), bytes);
      const { stdout } = await run('pdftotext', ['-layout', path.join(dir, 'slip.pdf'), '-']);
      const text = stdout.replace(/\s+/g, ' ');
      const aud = (s: string) =>
        new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(Number(s));
      for (const expected of [
        'Outputs Roasting Co',
        'ABN 51 824 753 556',
        'Priya Ramanathan',
        '16 Nov 2026',
        '29 Nov 2026',
        'Net pay',
        aud(slip.net),
        'Year to date',
        aud(slip.ytd.gross),
        aud(slip.ytd.net),
      ]) {
        assert.ok(text.toLowerCase().includes(expected.toLowerCase()), `payslip text lacks ${expected}: ${text}`);
      }
      assert.ok(!text.includes(runB), 'no pay-run id on the payslip');
      assert.ok(!text.includes('AU-2026.1'), 'no rules version on the payslip');
      assert.notEqual(
        slip.ytd.gross,
        slip.gross,
        'year to date differs from this pay, so the check above means something',
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a payslip PDF for someone not in the run is 404', async () => {
    const r = await get(runPath(t, runB, '/payslips/emp_0000000000000000.pdf'));
    assert.equal(r.status, 404);
  });
});

describe('one payslip, and lists in pages', () => {
  const embed = async (body: Record<string, unknown>) =>
    expectStatus(await api.call('POST', `/v1/tenants/${t.id}/embed/token`, { body }), 201).data.token;

  test('GET …/payslips/{employeeId} answers that payslip alone, as the list shows it, with a ps_ id fixed by run and employee', async () => {
    const listed = byEmployee(expectStatus(await get(runPath(t, runA, '/payslips')), 200).data as any[]);
    const ids = new Set<string>();
    for (const id of employees) {
      const one = expectStatus(await get(runPath(t, runA, `/payslips/${id}`)), 200, 'one payslip').data;
      assert.deepEqual(one, listed.get(id));
      assert.match(one.id, /^ps_[0-9a-f]{16}$/);
      assert.equal(expectStatus(await get(runPath(t, runA, `/payslips/${id}`)), 200).data.id, one.id, 'stable');
      ids.add(one.id);
    }
    assert.equal(ids.size, employees.length, 'one id per employee');
    const other = expectStatus(await get(runPath(t, runB, `/payslips/${employees[0]}`)), 200).data;
    assert.ok(!ids.has(other.id), 'another run, another payslip id');

    assert.equal((await get(runPath(t, runA, '/payslips/emp_0000000000000000'))).status, 404);
    const draftSlip = await get(runPath(t, draft, `/payslips/${employees[0]}`));
    assert.equal(draftSlip.status, 409, draftSlip.text);
    // A token pinned to one employee reads their payslip, and nobody else's.
    const pinned = await embed({ components: ['payslip-viewer'], employee_id: employees[1] });
    assert.equal(
      expectStatus(await get(runPath(t, runA, `/payslips/${employees[1]}`), { key: pinned }), 200).data.employee_id,
      employees[1],
    );
    for (const p of [`/payslips/${employees[0]}`, `/payslips/${employees[0]}.pdf`]) {
      const r = await get(runPath(t, runA, p), { key: pinned });
      assert.equal(r.status, 404, `${p}: ${r.text}`);
    }
  });

  test("the JSON payslip and the PDF read the one employee's entry, never the run's entries", async () => {
    const repos = api.deps.store.repos;
    const calls = { listEntries: 0, getEntry: 0 };
    const { listEntries, getEntry } = repos;
    repos.listEntries = (...a) => (calls.listEntries++, listEntries(...a));
    repos.getEntry = (...a) => (calls.getEntry++, getEntry(...a));
    try {
      expectStatus(await get(runPath(t, runA, `/payslips/${employees[2]}`)), 200);
      const pdf = await fetch(`${api.url}${runPath(t, runA, `/payslips/${employees[2]}.pdf`)}`, {
        headers: { authorization: `Bearer ${api.partner.key}` },
      });
      assert.equal(pdf.status, 200);
      await pdf.arrayBuffer();
    } finally {
      repos.listEntries = listEntries;
      repos.getEntry = getEntry;
    }
    assert.deepEqual(calls, { listEntries: 0, getEntry: 2 });
  });

  test('entries and payslips answer the list envelope: every row without a limit, pages with limit and cursor', async () => {
    for (const tail of ['/entries', '/payslips']) {
      const all = expectStatus(await get(runPath(t, runA, tail)), 200);
      assert.equal(all.data.length, employees.length, `${tail}: every row without a limit`);
      assert.equal(all.has_more, false);
      assert.equal(all.next_cursor, null);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const q: string = `?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page = expectStatus(await get(runPath(t, runA, `${tail}${q}`)), 200, `${tail}${q}`);
        assert.equal(page.data.length, 1);
        seen.push(page.data[0].employee_id);
        assert.equal(page.has_more, page.next_cursor !== null);
        cursor = page.next_cursor;
        pages++;
      } while (cursor);
      assert.equal(pages, employees.length);
      assert.deepEqual(
        seen,
        all.data.map((x: any) => x.employee_id),
        `${tail}: the pages, in order, are the whole list`,
      );
      const two = expectStatus(await get(runPath(t, runA, `${tail}?limit=2`)), 200);
      assert.deepEqual(
        two.data.map((x: any) => x.employee_id),
        seen.slice(0, 2),
      );
      const bad = await get(runPath(t, runA, `${tail}?cursor=not-a-cursor`));
      assert.equal(bad.status, 400, bad.text);
    }
    // A pinned token's pages hold only what it may see.
    const pinned = await embed({ components: ['payslip-viewer'], employee_id: employees[2] });
    for (const tail of ['/entries', '/payslips']) {
      const page = expectStatus(await get(runPath(t, runA, `${tail}?limit=1`), { key: pinned }), 200);
      assert.deepEqual(
        page.data.map((x: any) => x.employee_id),
        [employees[2]],
      );
      assert.equal(page.has_more, false);
    }
  });
});

describe('payment file', () => {
  test('an ABA file: text/plain, 120-character records with CRLF, one credit per employee totalling the net pay, its SHA-256 in evidence', async () => {
    const res = await fetch(`${api.url}${runPath(t, runB, '/payment-file')}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${api.partner.key}`,
        'content-type': 'application/json',
        'x-governance-reason': REASON,
      },
      body: '{}',
    });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type')!, /^text\/plain/);
    const paidOn = (await getRun(api, t, runB)).payment_date;
    assert.equal(
      res.headers.get('content-disposition'),
      `attachment; filename="Net-pay-Outputs-Roasting-Co-${paidOn}.aba"; filename*=UTF-8''Net-pay-Outputs-Roasting-Co-${paidOn}.aba`,
      'named after the employer and the day, with no internal id',
    );
    const text = await res.text();
    const records = text.split('\r\n');
    assert.equal(records.pop(), '', 'the file ends with CRLF');
    for (const r of records) assert.equal(r.length, 120);
    assert.equal(text.replace(/\r\n/g, '').includes('\n'), false, 'no bare line feeds');

    const aba = parseAbaFile(text);
    const entries = await entriesOf(api, t, runB);
    const netCents = sumCents(entries.map((e) => e.net));
    assert.equal(aba.total.record_count, entries.length);
    assert.equal(aba.total.credit_total_cents, netCents);
    assert.equal(aba.total.debit_total_cents, 0);
    assert.deepEqual(
      aba.details.map((d) => d.amount_cents).sort((x, y) => x - y),
      entries.map((e) => cents(e.net)).sort((x, y) => x - y),
    );
    for (const d of aba.details) {
      assert.equal(d.transaction_code, '53');
      assert.equal(d.bsb, '062-000');
      assert.equal(d.trace_bsb, '032-000');
    }
    assert.deepEqual(
      [
        aba.descriptive.bank_code,
        aba.descriptive.apca_user_id,
        aba.descriptive.description,
        aba.descriptive.processing_date,
      ],
      ['WBC', '301500', 'PAYROLL', fortnight(1).payment_date],
    );

    const sha = createHash('sha256').update(text).digest('hex');
    assert.equal(res.headers.get('x-payrail-sha256'), sha);
    const ev = await evidenceOf(api, t, res.headers.get('x-payrail-evidence-id')!);
    assert.equal(ev.action, 'pay_run.payment_file_generated');
    assert.equal(ev.resource, runB);
    assert.equal(ev.decision.sha256, sha);
    assert.equal(ev.decision.credit_total_cents, netCents);
  });

  test('asked again, the same file and evidence record; asked with another balancing_debit, 409 pointing to a re-issue', async () => {
    const first = await post(runPath(t, runB, '/payment-file'));
    const again = await post(runPath(t, runB, '/payment-file'), { body: { balancing_debit: false } });
    assert.equal(again.status, 200, again.text);
    assert.equal(again.text, first.text);
    assert.equal(again.headers.get('x-payrail-evidence-id'), first.headers.get('x-payrail-evidence-id'));
    const other = await post(runPath(t, runB, '/payment-file'), { body: { balancing_debit: true } });
    assert.equal(other.status, 409, other.text);
    assert.match(other.body.error.message, /re-issue/);
  });

  test('re-issued with balancing_debit the file ends with a debit from the company account for the credit total', async () => {
    const before = expectStatus(await get(runPath(t, runB, '/payment-files')), 200).data;
    const r = await post(runPath(t, runB, '/payment-file/reissue'), { body: { balancing_debit: true } });
    assert.equal(r.status, 200, r.text);
    const files = expectStatus(await get(runPath(t, runB, '/payment-files')), 200).data;
    assert.deepEqual(
      files.map((f: any) => [f.format, f.message_id, f.status, f.superseded_by]),
      [
        ['aba', null, 'superseded', r.headers.get('x-payrail-evidence-id')],
        ['aba', null, 'current', null],
      ],
    );
    assert.equal(files[0].evidence_id, before[0].evidence_id);
    const aba = parseAbaFile(r.text);
    const last = aba.details[aba.details.length - 1];
    assert.equal(last.transaction_code, '13');
    assert.equal(last.bsb, '032-000');
    assert.equal(last.amount_cents, aba.total.credit_total_cents);
    assert.equal(aba.total.net_total_cents, 0);
  });

  test('an incomplete company bank account is 422 pack_validation_failed with the rule', async () => {
    const bare = await createTenant(api, { companyBank: false });
    await hireAu(api, bare, { pay_frequency: 'fortnightly', annual_salary: 60_000 });
    const id = (await draftRun(api, bare, fortnight(0))).id;
    await runToFinalised(api, bare, id);
    const trail = (await auditTrail(api, bare)).length;
    const r = await post(runPath(bare, id, '/payment-file'));
    assert.equal(r.status, 422);
    assert.equal(r.body.error.code, 'pack_validation_failed');
    assert.equal(r.body.error.rule, 'AU-2026.2/company/bank_required');
    assert.equal((await auditTrail(api, bare)).length, trail, 'nothing recorded');
  });
});

describe('super batch', () => {
  test("totals equal the sum of the entries' super, one line per employee", async () => {
    const body = expectStatus(await post(runPath(t, runA, '/super-batch')), 200);
    const batch = body.data;
    const entries = byEmployee(await entriesOf(api, t, runA));
    const superCents = sumCents([...entries.values()].map((e) => e.super));
    assert.equal(batch.pay_run_id, runA);
    assert.equal(batch.totals.total, fromCents(superCents));
    assert.equal(batch.totals.employee_count, employees.length);
    assert.equal(batch.totals.salary_sacrifice_total, '50.00');
    assert.equal(batch.totals.sg_total, fromCents(superCents - 5000));
    for (const line of batch.lines) {
      assert.equal(line.total, entries.get(line.employee_id)!.super, `${line.employee_id} super`);
      assert.equal(line.fund.usi, 'STA0100AU');
    }
    // Everything the SAFF file needs is on file for these employees (what it waits for: tests/api/super-file.test.ts).
    assert.equal(batch.file.ready, true, JSON.stringify(batch.file));
    assert.deepEqual(batch.allowed_actions, ['download_file']);
    const ev = await evidenceOf(api, t, body.evidence_id);
    assert.equal(ev.action, 'pay_run.super_batch_generated');
    assert.deepEqual(ev.decision.totals, batch.totals);
  });
});

describe('what the file builders refuse', () => {
  test('a payment the ABA format cannot carry, or a fund with no name, is 422 pack_validation_failed naming the employee, not a 500', async () => {
    const other = await createTenant(api, { name: 'Builder Checks Pty Ltd' });
    await hireAu(api, other, { pay_frequency: 'fortnightly', annual_salary: 70_000 });
    const odd = await hireAu(api, other, { pay_frequency: 'fortnightly', annual_salary: 60_000 });
    // A name in a script BECS text cannot carry, and a fund whose name is blank once trimmed.
    expectStatus(
      await api.call('PATCH', `/v1/tenants/${other.id}/employees/${odd}/bank-accounts`, {
        body: { bank_bsb: '062-000', bank_account_number: '11223344', bank_account_name: '王小明' },
        reason: REASON,
      }),
      200,
    );
    expectStatus(
      await api.call('PATCH', `/v1/tenants/${other.id}/employees/${odd}/pension`, {
        body: { super_fund_name: '   ', super_usi: 'STA0100AU' },
        reason: REASON,
      }),
      200,
    );
    const id = (await draftRun(api, other, fortnight(0))).id;
    await runToFinalised(api, other, id);
    const trailBefore = (await auditTrail(api, other)).length;
    for (const [tail, path] of [
      ['/payment-file', /^payments\[\d+\]\.account_name$/],
      ['/super-batch', /^contributions\[\d+\]\.fund\.name$/],
    ] as const) {
      const r = await post(runPath(other, id, tail));
      assert.equal(r.status, 422, `${tail}: ${r.text}`);
      assert.equal(r.body.error.code, 'pack_validation_failed');
      assert.match(r.body.error.rule, /^AU-2026\.2\/(payment_file|super)\/invalid_field$/);
      assert.equal(r.body.error.violations.length, 1, tail);
      const [v] = r.body.error.violations;
      assert.match(v.path, path);
      assert.equal(v.message, 'is required');
      assert.equal(v.employee_id, odd);
      assert.ok(r.body.error.message.includes(v.path), "the builder's message");
    }
    assert.equal((await auditTrail(api, other)).length, trailBefore, 'nothing was produced or recorded');
    assert.ok(!api.logs.some((l) => l.includes('InputError')), 'no 500 was logged');
  });
});

describe('DE outputs', () => {
  let de: TenantRef;
  let deRun: string;
  let emp: string;
  before(async () => {
    // Pinned to DE-2026.1, which writes no payment file (DE-2026.2's SEPA file: tests/api/outputs/sepa.test.ts).
    de = await createTenant(api, { jurisdiction: 'DE', pack_version: 'DE-2026.1' });
    emp = await hireDe(api, de, { annual_salary: 72_000 });
    deRun = (await draftRun(api, de, month(2026, 10))).id;
    await runToFinalised(api, de, deRun);
  });

  test('payslips JSON work and carry social, not super, in year to date', async () => {
    const [slip] = expectStatus(await get(runPath(de, deRun, '/payslips')), 200).data;
    const [entry] = await entriesOf(api, de, deRun);
    assert.equal(slip.currency, 'EUR');
    assert.equal(slip.pack_version, 'DE-2026.1');
    assert.equal(slip.ytd.social, entry.social);
    assert.equal(slip.ytd.super, null);
  });

  test('payslip PDF, payment file and super batch are 501 CAPABILITY_NOT_SUPPORTED naming capability and pack', async () => {
    const cases: [Promise<any>, string][] = [
      [get(runPath(de, deRun, `/payslips/${emp}.pdf`)), 'payslip_pdf'],
      [post(runPath(de, deRun, '/payment-file')), 'payment_file'],
      [post(runPath(de, deRun, '/super-batch')), 'retirement_batch'],
    ];
    for (const [call, capability] of cases) {
      const r = await call;
      assert.equal(r.status, 501, r.text);
      assert.equal(r.body.error.code, 'CAPABILITY_NOT_SUPPORTED');
      assert.equal(r.body.error.capability, capability);
      assert.equal(r.body.error.pack, 'DE-2026.1');
      assert.ok(Array.isArray(r.body.error.alternatives), 'alternatives listed');
    }
  });
});

describe('replaying outputs with the same Idempotency-Key', () => {
  test('the payment file and the super batch replay byte for byte with idempotent-replay: true and no second evidence record', async () => {
    for (const [route, key] of [
      ['/payment-file', 'outputs-aba-1'],
      ['/super-batch', 'outputs-saff-1'],
    ]) {
      const call = () => post(runPath(t, runB, route), { headers: { 'idempotency-key': key } });
      const first = await call();
      assert.equal(first.status, 200, first.text);
      const trail = (await auditTrail(api, t)).length;
      const again = await call();
      assert.equal(again.status, 200);
      assert.equal(again.headers.get('idempotent-replay'), 'true');
      assert.equal(again.text, first.text);
      for (const h of ['content-type', 'x-payrail-sha256', 'x-payrail-evidence-id'])
        assert.equal(again.headers.get(h), first.headers.get(h), h);
      assert.equal((await auditTrail(api, t)).length, trail, `${route}: no second evidence record`);
    }
  });
});
