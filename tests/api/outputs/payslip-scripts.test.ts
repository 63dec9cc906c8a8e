// Employees named in several scripts, hired, paid and finalised through the API: each one's
// payslip PDF carries the exact name (read back with pdftotext), and embeds only font subsets.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApi, type TestApi } from '../../helpers/api.ts';
import {
  createTenant,
  draftRun,
  fortnight,
  hireAu,
  runPath,
  runToFinalised,
  type TenantRef,
} from '../../helpers/payroll-fixtures.ts';

const hasTool = (cmd: string) => !spawnSync(cmd, ['-v']).error;
const HAS_PDFTOTEXT = hasTool('pdftotext');
const HAS_PDFTOPPM = hasTool('pdftoppm');

const EMPLOYER = '王小明贸易有限公司 · Sông Hồng';
const PEOPLE = [
  { script: 'Vietnamese', first_name: 'Nguyễn Thị', last_name: 'Minh Khai' },
  { script: 'Greek', first_name: 'Γιώργος', last_name: 'Παπαδόπουλος' },
  { script: 'Chinese', first_name: '王', last_name: '小明' },
  { script: 'Japanese', first_name: '山田', last_name: 'はなこ' },
  { script: 'Cyrillic', first_name: 'Сергей', last_name: 'Иванов' },
  { script: 'Polish', first_name: 'Łukasz', last_name: 'Wiśniewski' },
];

let api: TestApi;
let t: TenantRef;
let runId: string;
const ids = new Map<string, string>();
const workDir = mkdtempSync(join(tmpdir(), 'payrail-payslip-scripts-'));

before(async () => {
  api = await startTestApi();
  t = await createTenant(api, { name: EMPLOYER });
  for (const p of PEOPLE) {
    ids.set(
      p.script,
      await hireAu(api, t, { first_name: p.first_name, last_name: p.last_name, pay_frequency: 'fortnightly' }),
    );
  }
  runId = (await draftRun(api, t, fortnight(0))).id;
  await runToFinalised(api, t, runId);
});
after(async () => {
  await api.close();
  rmSync(workDir, { recursive: true, force: true });
});

async function downloadPayslip(script: string): Promise<string> {
  const res = await fetch(`${api.url}${runPath(t, runId, `/payslips/${ids.get(script)}.pdf`)}`, {
    headers: { authorization: `Bearer ${api.partner.key}` },
  });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'application/pdf');
  const file = join(workDir, `${script}.pdf`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return file;
}

for (const p of PEOPLE) {
  test(`a ${p.script} name prints exactly on the payslip PDF`, async (ctx) => {
    const file = await downloadPayslip(p.script);
    if (!HAS_PDFTOTEXT) return ctx.skip('pdftotext not installed');
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    const name = `${p.first_name} ${p.last_name}`;
    assert.ok(text.includes(name), `payslip text lacks ${name}: ${text}`);
    assert.ok(text.includes(EMPLOYER), `payslip text lacks ${EMPLOYER}`);
    assert.ok(!text.includes('?'), 'no character was replaced');

    // Every font is embedded, as a subset, with a Unicode map (what lets the text be copied).
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2);
    assert.ok(fonts.length >= 3, fonts.join('\n'));
    for (const line of fonts) assert.match(line, /\+\S+\s.*\byes\s+yes\s+yes\s+\d+\s+\d+$/, line);
  });
}

test('a multi-script payslip renders to a PNG preview for visual review', async (ctx) => {
  if (!HAS_PDFTOPPM) return ctx.skip('pdftoppm not installed');
  const file = await downloadPayslip('Vietnamese');
  const prefix = join(tmpdir(), 'payrail-payslip-api-scripts');
  execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', file, prefix]);
  assert.ok(existsSync(`${prefix}.png`), `${prefix}.png written`);
});
