// Onboarding an employer from a spreadsheet in the host example: the CSV as a spreadsheet writes it (read by
// Papa Parse, as the page reads it) becomes one hire per row, the template's example row is a hire the API
// takes, and a large import (more than the proxy's usual 1 MB) goes through the host's proxy to the bulk hire,
// under the officer's reason, and is followed to its end.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import Papa from 'papaparse';
import { startLiveApi, type LiveApi } from '../helpers/live-api.ts';
import { startTestBff, signIn, type RunningBff, json } from './support.ts';
import { fieldInSheet, hiresFrom, importColumns, templateCsv } from '../../bff/public/employee-import.js';

const table = (csv: string) => Papa.parse<string[]>(csv).data;

describe('a spreadsheet as hires', () => {
  test('AU: dates, amounts, choices and yes/no as a spreadsheet writes them; empty cells and rows left out', () => {
    const read = hiresFrom(
      table(
        [
          'first name,LAST NAME,Date of birth,Annual salary,Hourly rate,Employment type,Pay frequency,Tax-free threshold,Study loan,Residency,State,Street,Suburb,Notes',
          'Ava,Marsh,4/3/1991,"$72,000.50",,Full time,Fortnightly,Yes,n,Foreign resident,NSW,1 George St,Sydney,keep',
          ',,,,,,,,,,,,,',
          'Ben,Cole,1990-02-31,,31.50,casual,WEEKLY,,maybe,,,,,',
        ].join('\r\n'),
      ),
      'AU',
    );
    assert.deepEqual(read.unused, ['Notes']);
    assert.deepEqual(read.missing, []);
    assert.deepEqual(
      read.rows.map((r) => r.line),
      [2, 4],
    );
    assert.deepEqual(read.rows[0].hire, {
      first_name: 'Ava',
      last_name: 'Marsh',
      date_of_birth: '1991-03-04',
      employment: { annual_salary: '72000.50', type: 'full_time', pay_frequency: 'fortnightly' },
      statutory: { au: { tax_free_threshold: true, study_loan: false, residency: 'foreign_resident' } },
      address: { state: 'NSW', line1: '1 George St', locality: 'Sydney', country: 'AU' },
    });
    // Not tidied into something else: the API judges what it cannot take, and the officer sees it by column.
    assert.deepEqual(read.rows[1].hire, {
      first_name: 'Ben',
      last_name: 'Cole',
      date_of_birth: '1990-02-31',
      employment: { hourly_rate: '31.50', type: 'casual', pay_frequency: 'weekly' },
      statutory: { au: { study_loan: 'maybe' } },
    });
  });

  test('DE: grouped amounts, tax class in roman numerals, a Minijob as part-time work of its kind', () => {
    const read = hiresFrom(
      table(
        'Vorname,First name,Last name,Annual salary,Tax class,Child allowances,Church tax,Employment type,Start date\n' +
          'x,Lena,Hoffmann,"54.000,00 €",III,"1,5",ja,Minijob,01.02.2027',
      ),
      'DE',
    );
    assert.deepEqual(read.unused, ['Vorname']);
    assert.deepEqual(read.rows[0].hire, {
      first_name: 'Lena',
      last_name: 'Hoffmann',
      employment: { annual_salary: '54000.00', type: 'part_time', start_date: '2027-02-01' },
      statutory: { de: { tax_class: 3, children: 1.5, church_tax: true, employment_kind: 'minijob' } },
    });
  });

  test('a file without a name column says which; a refused field is named by its column, identifiers never echoed', () => {
    assert.deepEqual(hiresFrom(table('Surname,Email\nCole,b@example.com'), 'AU').missing, ['First name', 'Last name']);
    const rows = table('First name,Last name,Date of birth,Tax file number\nBen,Cole,31/02/1990,123 456 789');
    const read = { ...hiresFrom(rows, 'AU'), table: rows };
    assert.deepEqual(fieldInSheet(read, 2, 'employees.0.date_of_birth', 'AU'), {
      column: 'Date of birth',
      typed: '31/02/1990',
    });
    assert.deepEqual(fieldInSheet(read, 2, 'employees.0.statutory.au.tfn', 'AU'), {
      column: 'Tax file number',
      typed: null,
    });
    assert.deepEqual(fieldInSheet(read, 2, 'employees.0.address', 'AU'), { column: 'Street', typed: null });
    assert.deepEqual(fieldInSheet(read, 2, 'employees.0.site', 'AU'), { column: null, typed: null });
  });

  test("the template's header row is every column, and reads back as them", () => {
    for (const country of ['AU', 'DE']) {
      const [header] = table(templateCsv(country));
      assert.deepEqual(
        header,
        importColumns(country).map((c) => c.header),
      );
      assert.equal(hiresFrom(table(templateCsv(country)), country).unused.length, 0);
    }
  });
});

describe('importing through the host', () => {
  let api: LiveApi;
  let bff: RunningBff;
  before(async () => {
    api = await startLiveApi();
    bff = await startTestBff({ apiUrl: api.url, partnerKey: api.partnerKey });
  });
  after(async () => {
    await bff.close();
    await api.close();
  });

  const REASON = 'Moving our payroll to Brightwork – all staff';
  const send = async (cookie: string, employees: unknown[]) =>
    fetch(`${bff.url}/api/v1/tenants/harbour-coffee/employees/bulk`, {
      method: 'POST',
      headers: {
        cookie,
        origin: bff.url,
        'content-type': 'application/json',
        'x-host-governance-reason': encodeURIComponent(REASON),
      },
      body: JSON.stringify({ employees }),
    });

  test("the template's example row is hired as it stands", async () => {
    const res = await send(
      await signIn(bff.url, 'usr_host_priya'),
      hiresFrom(table(templateCsv('AU')), 'AU').rows.map((r) => r.hire),
    );
    const body = await json(res);
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.equal(body.data.created, 1, JSON.stringify(body.data.results));
    assert.equal(body.data.results[0].employee.first_name, 'Olivia');
  });

  test('a file of more than 1 MB is taken, written by a job the officer follows, under their reason', async () => {
    const cookie = await signIn(bff.url, 'usr_host_priya');
    const lines = ['First name,Last name,Date of birth,Position,Street,Suburb,State,Postcode,Start date,Annual salary'];
    for (let i = 0; i < 3_600; i++)
      lines.push(
        `Imported${i},Person${i},${1 + (i % 28)}/${1 + (i % 12)}/1990,Warehouse team member on the night shift,${i} Long Road,Parramatta,NSW,2150,01/02/2027,"$${(60_000 + i).toLocaleString('en-AU')}.00"`,
      );
    lines.push('Wrong,Date,31/02/1990,,,,,,,');
    const hires = hiresFrom(table(lines.join('\n')), 'AU').rows.map((r) => r.hire);
    const payload = JSON.stringify({ employees: hires });
    assert.ok(Buffer.byteLength(payload) > 1024 * 1024, `${Buffer.byteLength(payload)} bytes`);

    const res = await send(cookie, hires);
    const queued = await json(res);
    assert.equal(res.status, 202, JSON.stringify(queued));
    let answer = queued.data;
    while (answer.status !== 'succeeded') {
      assert.notEqual(answer.status, 'failed');
      await new Promise((resolve) => setTimeout(resolve, 50));
      const r = await fetch(`${bff.url}/api/v1/tenants/harbour-coffee/employees/bulk/${answer.id}`, {
        headers: { cookie, origin: bff.url },
      });
      assert.equal(r.status, 200);
      answer = (await json(r)).data;
    }
    assert.equal(answer.created, 3_600);
    assert.equal(answer.refused, 1);
    const refused = answer.results.at(-1);
    assert.equal(refused.status, 'refused');
    assert.deepEqual(
      refused.error.errors.map((e: { path: string }) => e.path),
      ['employees.3600.date_of_birth'],
    );
    // Each hire's evidence carries the officer's reason as the host sent it.
    const trail = await json(
      await fetch(
        `${api.url}/v1/tenants/harbour-coffee/governance/audit-trail?resource=${answer.results[0].employee.id}`,
        { headers: { authorization: `Bearer ${api.partnerKey}` } },
      ),
    );
    assert.ok(trail.data.length > 0);
    for (const r of trail.data) assert.equal(r.governance_reason, REASON);
  });
});
