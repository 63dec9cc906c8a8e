// The German Entgeltabrechnung as a PDF (pack DE-2026.4) through the real app: what § 108 GewO and § 1 EBV ask of
// it, in German, on one page, named after the person and the month; tenants pinned earlier keep the 501, whose
// alternatives name DE-2026.4. Figures are the finalised entry's (the calculation itself: tests/packs/de).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { startTestApi, REASON, type TestApi } from '../helpers/api.ts';
import {
  createTenant,
  DE_INSURERS,
  draftRun,
  entriesOf,
  expectStatus,
  hireAu,
  month,
  runPath,
  runToFinalised,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';

const HAS_PDFTOTEXT = !spawnSync('pdftotext', ['-v']).error;
const HAS_PDFTOPPM = !spawnSync('pdftoppm', ['-v']).error;

let api: TestApi;
let de: TenantRef;
let runId: string;
let emp: string;
let entry: any;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-entgelt-'));

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ');
const eur = (s: string) =>
  plain(new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(Number(s)));

async function pdfOf(t: TenantRef, run: string, employee: string) {
  return fetch(`${api.url}${runPath(t, run, `/payslips/${employee}.pdf`)}`, {
    headers: { authorization: `Bearer ${api.partner.key}` },
  });
}

before(async () => {
  api = await startTestApi();
  de = await createTenant(api, { jurisdiction: 'DE' });
  expectStatus(
    await api.call('PATCH', `/v1/tenants/${de.id}/company`, {
      body: {
        legal_name: 'Müller & Söhne GmbH',
        address: { line1: 'Königstraße 12', locality: 'Stuttgart', postcode: '70173', country: 'DE' },
      },
      reason: REASON,
    }),
    200,
    'company',
  );
  emp = expectStatus(
    await api.call('POST', `/v1/tenants/${de.id}/employees`, {
      body: {
        first_name: 'Jürgen',
        last_name: 'Weiß',
        date_of_birth: '1986-03-14',
        address: { line1: 'Lindenallee 7a', locality: 'Stuttgart', postcode: '70176', country: 'DE' },
        employment: {
          type: 'full_time',
          annual_salary: 72_000,
          hours_per_week: 40,
          pay_frequency: 'monthly',
          start_date: '2021-02-01',
        },
        statutory: {
          de: {
            tax_class: 3,
            children: 1.5,
            church_tax: true,
            church_tax_denomination: 'rk',
            state: 'BW',
            health_insurance: { type: 'statutory', additional_rate: 2.45, insurer: DE_INSURERS.tk },
            care_insurance: { childless_surcharge: false, children_under_25: 1 },
            tax_id: '36574261809',
            svnr: '65170839J003',
            iban: 'DE89 3704 0044 0532 0130 00',
          },
        },
      },
      reason: REASON,
    }),
    201,
    'hire',
  ).data.id;
  runId = (await draftRun(api, de, month(2026, 10))).id;
  await runToFinalised(api, de, runId);
  [entry] = await entriesOf(api, de, runId);
});

after(async () => {
  await api?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('DE-2026.4 Entgeltabrechnung PDF', () => {
  test('new DE tenants are pinned to DE-2026.4, whose matrix has payslip_pdf native', () => {
    assert.equal(de.packVersion, 'DE-2026.4');
  });

  test('one page, in German, named Entgeltabrechnung-YYYY-MM-Vorname-Nachname.pdf with the name safely encoded', async (t) => {
    const res = await pdfOf(de, runId, emp);
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal(res.headers.get('content-type'), 'application/pdf');
    assert.equal(
      res.headers.get('content-disposition'),
      `inline; filename="Entgeltabrechnung-2026-10-Juergen-Weiss.pdf"; ` +
        `filename*=UTF-8''Entgeltabrechnung-2026-10-J%C3%BCrgen-Wei%C3%9F.pdf`,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    assert.equal((await PDFDocument.load(bytes)).getPageCount(), 1, 'fits on one page');
    const file = path.join(dir, 'entgelt.pdf');
    fs.writeFileSync(file, bytes);
    if (HAS_PDFTOPPM) execFileSync('pdftoppm', ['-png', '-r', '80', file, path.join(os.tmpdir(), 'payrail-entgelt')]);
    if (!HAS_PDFTOTEXT) return t.skip('pdftotext not installed');
    const text = plain(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));
    const wt = (code: string) => entry.wage_types.find((w: any) => w.code === code)?.amount ?? '0.00';
    const slip = expectStatus(
      await api.call('GET', `/v1/tenants/${de.id}/pay-runs/${runId}/payslips/${emp}`),
      200,
    ).data;
    for (const expected of [
      'Müller & Söhne GmbH',
      'Königstraße 12, 70173 Stuttgart', // employer's address, postcode before the town
      'Entgeltabrechnung',
      'Jürgen Weiß',
      'Lindenallee 7a',
      '70176 Stuttgart',
      '14. März 1986', // Geburtsdatum
      'Eintritt',
      'Steuerklasse III',
      'Kinderfreibeträge 1,5',
      'Kirchensteuermerkmal rk (römisch-katholisch)',
      `Krankenkasse ${DE_INSURERS.tk.name}`,
      'SV-Nummer hinterlegt',
      'nur als Prüfwert gespeichert', // the number is kept only as a keyed hash: said, not invented
      '1. Okt. 2026 – 31. Okt. 2026', // Abrechnungszeitraum
      'STEUER-BRUTTO',
      'SV-BRUTTO',
      'GESETZL. NETTO',
      `Gesamtbrutto ${eur(entry.gross)}`,
      `Lohnsteuer ${eur(wt('LST'))}`,
      `Solidaritätszuschlag ${eur(wt('SOLZ'))}`,
      `Kirchensteuer ${eur(wt('KIST'))}`,
      `Krankenversicherung ${eur(wt('KV-AN'))}`,
      `Rentenversicherung ${eur(wt('RV-AN'))}`,
      `Arbeitslosenversicherung ${eur(wt('AV-AN'))}`,
      `Pflegeversicherung ${eur(wt('PV-AN'))}`,
      'AUSZAHLUNGSBETRAG',
      eur(entry.net),
      'Jahressummen',
      eur(slip.ytd.gross),
      eur(slip.ytd.social),
      'IBAN •••• 3000',
    ])
      assert.ok(text.includes(expected), `the Entgeltabrechnung lacks "${expected}": ${text}`);
    assert.ok(!wt('SOLZ') || text.includes('Solidaritätszuschlag'), 'the Soli is listed even at nil');
    for (const word of ['DE-2026', 'Regelwerk', 'ATO', 'Super', 'STP', emp, runId, '65170839'])
      assert.ok(!text.includes(word), `no "${word}" on the German payslip`);
  });

  test('the statutory net is gross less taxes and contributions, and the SV-Brutto the entry charged', async (t) => {
    if (!HAS_PDFTOTEXT) return t.skip('pdftotext not installed');
    const file = path.join(dir, 'entgelt-2.pdf');
    fs.writeFileSync(file, Buffer.from(await (await pdfOf(de, runId, emp)).arrayBuffer()));
    const text = plain(execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }));
    const net = (Number(entry.gross) * 100 - Number(entry.tax) * 100 - Number(entry.social) * 100) / 100;
    assert.ok(text.includes(eur(net.toFixed(2))), `statutory net ${eur(net.toFixed(2))}: ${text}`);
    // 6,000 a month is above the 2026 KV/PV ceiling of 5,812.50 and under the RV/AV one of 8,450 (reference/de.md).
    assert.ok(text.includes(`SV-BRUTTO KV/PV ${eur('5812.50')}`), text);
    assert.ok(text.includes(`SV-BRUTTO RV/AV ${eur('6000.00')}`), text);
    assert.ok(!text.includes('Stundenlohn'), 'a salaried employee has no hourly rate on the payslip');
  });

  test('a tenant pinned to DE-2026.3 keeps the 501, and its alternatives name DE-2026.4', async () => {
    const pinned = await createTenant(api, { jurisdiction: 'DE', pack_version: 'DE-2026.3' });
    const r = await api.call('GET', runPath(pinned, 'pr_none', `/payslips/${emp}.pdf`));
    assert.equal(r.status, 501, r.text);
    assert.equal(r.body.error.code, 'CAPABILITY_NOT_SUPPORTED');
    assert.equal(r.body.error.capability, 'payslip_pdf');
    assert.equal(r.body.error.pack, 'DE-2026.3');
    assert.ok(
      r.body.error.alternatives.some((a: string) => /DE-2026\.4/.test(a)),
      JSON.stringify(r.body.error.alternatives),
    );
  });
});

describe('AU payslip file name', () => {
  test('Payslip-YYYY-MM-DD-First-Last.pdf, and the PDF names no rules version', async (t) => {
    const au = await createTenant(api, { jurisdiction: 'AU' });
    const id = await hireAu(api, au, {
      first_name: 'Chloé',
      last_name: "O'Neill Nguyen",
      pay_frequency: 'fortnightly',
    });
    const run = (
      await draftRun(api, au, { period_start: '2026-11-02', period_end: '2026-11-15', payment_date: '2026-11-18' })
    ).id;
    await runToFinalised(api, au, run);
    const res = await pdfOf(au, run, id);
    assert.equal(res.status, 200);
    assert.equal(
      res.headers.get('content-disposition'),
      `inline; filename="Payslip-2026-11-15-Chloe-ONeill-Nguyen.pdf"; ` +
        `filename*=UTF-8''Payslip-2026-11-15-Chlo%C3%A9-ONeill-Nguyen.pdf`,
    );
    if (!HAS_PDFTOTEXT) return t.skip('pdftotext not installed');
    const file = path.join(dir, 'au.pdf');
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const text = plain(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));
    assert.ok(text.includes('Payslip'));
    assert.ok(!/AU-20\d\d\.\d/.test(text) && !text.includes('Rules'), `no rules version: ${text}`);
  });
});
