// Stateless calculation (POST /v1/tenants/{t}/calculate): the DE result shape, published BMF wage-tax
// vectors to the cent, every frequency, church tax by Land, private health insurance, Minijob and
// Midijob, a tenant pinned to the 2025 pack, input errors, and 501 on the AU pack.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, type TestApi, type Reply } from '../helpers/api.ts';
import { pap, type PapInput, type PapYear } from '../../api/packs/de/index.ts';

let api: TestApi;
let de: string;
let de2025: string;

const ok = (r: Reply, status = 200) => {
  assert.equal(r.status, status, JSON.stringify(r.body));
  return r.body;
};
const calc = (body: unknown, tenant = de) => api.call('POST', `/v1/tenants/${tenant}/calculate`, { body });
const result = async (body: unknown, tenant = de) => ok(await calc(body, tenant)).data;
const line = (r: any, type: string): string | undefined =>
  r.lines.find((l: { type: string }) => l.type === type)?.amount;
/** The pack's own PAP, in euros: what the calculator must withhold. */
const papEuros = (year: PapYear, input: Partial<PapInput>) => {
  const out = pap(year, input);
  return { LSTLZZ: out.LSTLZZ.div(100).toFixed(2), SOLZLZZ: out.SOLZLZZ.div(100).toFixed(2), BK: out.BK.toNumber() };
};
const neg = (euros: string) => (euros === '0.00' ? undefined : `-${euros}`);

async function tenant(body: Record<string, unknown>): Promise<string> {
  return ok(await api.call('POST', '/v1/partners/tenants', { body }), 201).data.tenant.id;
}

before(async () => {
  api = await startTestApi();
  de = await tenant({ name: 'Calc GmbH', jurisdiction: 'DE', engine: 'payroll_engine' });
  de2025 = await tenant({
    name: 'Calc 2025 GmbH',
    jurisdiction: 'DE',
    engine: 'payroll_engine',
    pack_version: 'DE-2025.1',
  });
});
after(async () => {
  await api.close();
});

const DEDUCTIONS = [
  'income_tax',
  'solidarity_surcharge',
  'church_tax',
  'health_insurance',
  'care_insurance',
  'pension_insurance',
  'unemployment_insurance',
];

describe('the result', () => {
  test('a monthly DE calculation returns pack, gross and net as money objects, negative deduction lines and employer costs', async () => {
    const r = ok(
      await calc({
        frequency: 'monthly',
        employee: { residency: 'resident', annual_salary: 120000, church_tax: true, state: 'BY' },
      }),
    );
    const d = r.data;
    assert.equal(d.pack, 'DE-2026.4');
    assert.deepEqual(d.gross, { amount: '10000.00', currency: 'EUR' });
    assert.equal(d.net.currency, 'EUR');
    assert.match(d.net.amount, /^\d+\.\d{2}$/);
    assert.deepEqual(
      d.lines.map((l: { type: string }) => l.type),
      DEDUCTIONS,
      'all seven deduction types, in order',
    );
    for (const l of d.lines) assert.match(l.amount, /^-\d+\.\d{2}$/, `${l.type} is a negative 2-decimal string`);
    const sum = d.lines.reduce((s: number, l: { amount: string }) => s + Math.round(Number(l.amount) * 100), 0);
    assert.equal(Math.round(Number(d.net.amount) * 100), 1_000_000 + sum, 'net = gross + the (negative) lines');
    assert.deepEqual(
      d.employer_costs.map((c: { type: string }) => c.type),
      ['health_insurance', 'care_insurance', 'pension_insurance', 'unemployment_insurance', 'insolvency_levy'],
    );
    // DE-2026.3: the Insolvenzgeldumlage, 0.15 % (§ 360 SGB III; NWB: unchanged in 2026) of the pension-insurable
    // wage up to the RV ceiling: 8,450.00 × 0.15 % = 12.675 → 12.68. U1 and U2 need the employer's insurer rates,
    // which a stateless forecast does not have.
    assert.equal(d.employer_costs.find((c: { type: string }) => c.type === 'insolvency_levy').amount, '12.68');
    for (const c of d.employer_costs) assert.match(c.amount, /^\d+\.\d{2}$/);
    assert.match(r.evidence_id, /^cev_/);
  });

  test('each calculation writes an evidence record with the pack and the totals, and needs no governance reason', async () => {
    const r = ok(await calc({ employee: { annual_salary: 48000 } }));
    const ev = ok(await api.call('GET', `/v1/tenants/${de}/governance/evidence/${r.evidence_id}`)).data;
    assert.equal(ev.action, 'calculation.performed');
    assert.deepEqual(
      [ev.decision.pack, ev.decision.gross, ev.decision.net],
      ['DE-2026.4', '4000.00', r.data.net.amount],
    );
  });

  test('a viewer user token may calculate: it is a read sent as POST', async () => {
    const token = ok(await api.call('POST', `/v1/tenants/${de}/users/token`, { body: { role: 'viewer' } }), 201).data
      .token;
    const r = await api.call('POST', `/v1/tenants/${de}/calculate`, {
      key: token,
      body: { employee: { annual_salary: 48000 } },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  });

  test('earnings may be given instead of a salary: regular and one-off', async () => {
    const d = await result({
      employee: { health_insurance: { additional_rate: 0 } },
      earnings: [
        { type: 'salary', amount: '4500.00' },
        { type: 'allowance', amount: 500 },
      ],
    });
    assert.equal(d.gross.amount, '5000.00');
    assert.equal(line(d, 'income_tax'), '-817.41');
  });
});

describe('published BMF vectors (PAP defaults: KVZ 0)', () => {
  const cases: [string, Record<string, unknown>, string, string | undefined][] = [
    ['2026 monthly 2,500.00 class I', { employee: { annual_salary: 30000 } }, '-200.50', undefined],
    ['2026 monthly 5,000.00 class I', { employee: { annual_salary: 60000 } }, '-817.41', undefined],
    ['2026 monthly 10,000.00 class I', { employee: { annual_salary: 120000 } }, '-2682.75', '-117.44'],
    ['2026 monthly 5,000.00 class III', { employee: { annual_salary: 60000, tax_class: 3 } }, '-428.50', undefined],
    ['2026 monthly 10,000.00 class V', { employee: { annual_salary: 120000, tax_class: 5 } }, '-3258.50', '-179.21'],
    ['2026 monthly 5,000.00 class VI', { employee: { annual_salary: 60000, tax_class: 6 } }, '-1367.66', undefined],
    [
      '2026 monthly 5,000.00 class I, PVA 2',
      { employee: { annual_salary: 60000, care_insurance: { children_under_25: 3 } } },
      '-826.00',
      undefined,
    ],
    [
      '2026 annual 100,000.00 class I',
      { frequency: 'annual', employee: { annual_salary: 100000 } },
      '-23848.00',
      '-416.26',
    ],
    [
      '2026 daily 1,000.00 class I',
      { frequency: 'daily', employee: {}, earnings: [{ type: 'salary', amount: '1000.00' }] },
      '-374.86',
      '-20.61',
    ],
  ];
  for (const [name, body, tax, soli] of cases) {
    test(`${name}: income tax ${tax.slice(1)}`, async () => {
      const b = body as { employee: Record<string, unknown> };
      const d = await result({
        ...b,
        employee: { ...b.employee, health_insurance: { type: 'statutory', additional_rate: 0 } },
      });
      assert.equal(line(d, 'income_tax'), tax);
      assert.equal(line(d, 'solidarity_surcharge'), soli);
    });
  }

  test('2026 monthly 5,000.00 class I with KVZ 2.5 and the childless surcharge: 785.83', async () => {
    const d = await result({
      employee: {
        annual_salary: 60000,
        health_insurance: { additional_rate: '2.5' },
        care_insurance: { childless_surcharge: true },
      },
    });
    assert.equal(line(d, 'income_tax'), '-785.83');
  });

  test('2026 monthly 5,000.00 class I, private insurance with a 300.00 premium and no employer subsidy: 866.00', async () => {
    const d = await result({
      employee: {
        annual_salary: 60000,
        health_insurance: { type: 'private', private_premium: 300, employer_subsidy: 0 },
      },
    });
    assert.equal(line(d, 'income_tax'), '-866.00');
  });
});

describe("frequencies and the pack's own PAP", () => {
  for (const [frequency, lzz, periods] of [
    ['annual', 1, 1],
    ['monthly', 2, 12],
    ['weekly', 3, 52],
    ['daily', 4, 360],
  ] as const) {
    test(`${frequency}: the annual salary is split into ${periods} periods and taxed with LZZ ${lzz} at the average additional rate`, async () => {
      const d = await result({ frequency, employee: { annual_salary: 58000 } });
      const gross = (Math.round((58000 / periods) * 100) / 100).toFixed(2);
      assert.equal(d.gross.amount, gross);
      assert.equal(d.frequency, frequency);
      const expected = papEuros(2026, { LZZ: lzz, RE4: Math.round(Number(gross) * 100), STKL: 1, KVZ: '2.9' });
      assert.equal(line(d, 'income_tax'), neg(expected.LSTLZZ));
    });
  }

  test('a frequency the pack does not know is 400', async () => {
    const r = await calc({ frequency: 'fortnightly', employee: { annual_salary: 50000 } });
    assert.equal(r.status, 400);
    assert.equal(r.body.error.errors[0].path, 'frequency');
  });
});

describe('church tax', () => {
  for (const [state, rate] of [
    ['BY', 8],
    ['BW', 8],
    ['HE', 9],
    ['NW', 9],
    ['SN', 9],
  ] as const) {
    test(`in ${state} church tax is ${rate}% of the PAP's church-tax base`, async () => {
      const d = await result({ employee: { annual_salary: 66000, church_tax: true, state, children: 1 } });
      const p = papEuros(2026, { LZZ: 2, RE4: 550000, STKL: 1, ZKF: 1, R: 1, KVZ: '2.9', PVS: state === 'SN' ? 1 : 0 });
      assert.equal(line(d, 'church_tax'), neg((Math.floor((p.BK * rate) / 100) / 100).toFixed(2)));
    });
  }

  test('without church tax there is no church tax line; with church tax but no Land it is 422', async () => {
    assert.equal(line(await result({ employee: { annual_salary: 66000, state: 'BY' } }), 'church_tax'), undefined);
    const r = await calc({ employee: { annual_salary: 66000, church_tax: true } });
    assert.equal(r.status, 422);
    assert.equal(r.body.error.rule, 'DE-2026.4/tax/church_tax_state');
  });
});

describe('insurance and employment categories', () => {
  test('private health insurance: no statutory health or care lines, the employer subsidy is an employer cost', async () => {
    const d = await result({
      employee: { annual_salary: 60000, health_insurance: { type: 'private', private_premium: 300 } },
    });
    assert.equal(line(d, 'health_insurance'), undefined);
    assert.equal(line(d, 'care_insurance'), undefined);
    assert.equal(line(d, 'pension_insurance'), '-465.00');
    const subsidy = d.employer_costs.find((c: { type: string }) => c.type === 'private_insurance_subsidy');
    assert.equal(subsidy?.amount, '150.00');
    assert.equal(
      line(d, 'income_tax'),
      neg(papEuros(2026, { LZZ: 2, RE4: 500000, STKL: 1, PKV: 1, PKPV: 30000, PKPVAGZ: 15000 }).LSTLZZ),
    );
  });

  test('no pension or unemployment insurance: those lines disappear', async () => {
    const d = await result({
      employee: { annual_salary: 60000, pension_insurance: false, unemployment_insurance: false },
    });
    assert.equal(line(d, 'pension_insurance'), undefined);
    assert.equal(line(d, 'unemployment_insurance'), undefined);
    assert.equal(
      line(d, 'income_tax'),
      neg(papEuros(2026, { LZZ: 2, RE4: 500000, STKL: 1, KVZ: '2.9', KRV: 1, ALV: 1 }).LSTLZZ),
    );
  });

  test('a Minijob (603.00 a month) withholds no wage tax; the employer pays the flat tax', async () => {
    const d = await result({ employee: { annual_salary: 7236 } });
    assert.equal(d.gross.amount, '603.00');
    assert.equal(d.employment_category, 'minijob');
    assert.equal(line(d, 'income_tax'), undefined);
    assert.equal(line(d, 'health_insurance'), undefined);
    assert.ok(
      d.employer_costs.some((c: { type: string }) => c.type === 'minijob_flat_tax'),
      'flat tax is an employer cost',
    );
  });

  test('a Midijob (1,500.00) pays reduced employee contributions', async () => {
    const d = await result({ employee: { annual_salary: 18000 } });
    assert.equal(d.employment_category, 'midijob');
    assert.ok(Number(line(d, 'pension_insurance')) > -139.5, 'below the full 9.3% share');
    const full = await result({ employee: { annual_salary: 30000 } });
    assert.equal(full.employment_category, 'regular');
  });
});

describe('a tenant pinned to DE-2025.1', () => {
  test('calculates with the 2025 PAP and names its pack', async () => {
    const d = await result({ employee: { annual_salary: 60000 } }, de2025);
    assert.equal(d.pack, 'DE-2025.1');
    const expected = papEuros(2025, { LZZ: 2, RE4: 500000, STKL: 1, KVZ: '2.5' });
    assert.equal(line(d, 'income_tax'), neg(expected.LSTLZZ));
    const d2026 = await result({ employee: { annual_salary: 60000 } });
    assert.notEqual(line(d, 'income_tax'), line(d2026, 'income_tax'));
  });

  test('matches the published 2025 annual vectors (KVZ 2.5, PVZ 1): class I 6,927.00 and class III 2,970.00', async () => {
    const base = {
      frequency: 'annual',
      employee: {
        annual_salary: 50000,
        health_insurance: { additional_rate: 2.5 },
        care_insurance: { childless_surcharge: true },
      },
    };
    assert.equal(line(await result(base, de2025), 'income_tax'), '-6927.00');
    assert.equal(
      line(await result({ ...base, employee: { ...base.employee, tax_class: 3 } }, de2025), 'income_tax'),
      '-2970.00',
    );
  });
});

describe('input errors', () => {
  test('malformed input is 400 bad_request with the field path', async () => {
    for (const [body, path] of [
      [{ employee: { annual_salary: 50000 }, bonus: 1 }, 'bonus'],
      [{}, 'employee'],
      [{ employee: { annual_salary: '50000.123' } }, 'employee.annual_salary'],
      [{ employee: { tax_class: '1', annual_salary: 50000 } }, 'employee.tax_class'],
      [{ employee: { children: -1, annual_salary: 50000 } }, 'employee.children'],
      [
        { employee: { health_insurance: { type: 'voluntary' }, annual_salary: 50000 } },
        'employee.health_insurance.type',
      ],
      [{ employee: {}, earnings: [{ type: 'salary' }] }, 'earnings.0.amount'],
      [
        {
          employee: {},
          earnings: [
            { type: 'salary', amount: 5000 },
            { type: 'salary', amount: -6000 },
          ],
        },
        'earnings.1.amount',
      ],
      [{ employee: {}, earnings: [{ type: 'salary', amount: '-100.00' }] }, 'earnings.0.amount'],
      [{ employee: { annual_salary: 99999999999999 } }, 'employee.annual_salary'],
      [
        { employee: { annual_salary: 60000, health_insurance: { type: 'private', private_premium: 'abc' } } },
        'employee.health_insurance.private_premium',
      ],
      [
        { employee: { annual_salary: 60000, health_insurance: { type: 'private', employer_subsidy: -1 } } },
        'employee.health_insurance.employer_subsidy',
      ],
    ] as const) {
      const r = await calc(body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.body.error.code, 'bad_request');
      assert.equal(r.body.error.errors[0].path, path);
    }
  });

  test('pack rule failures are 422 pack_validation_failed with the rule reference', async () => {
    for (const [body, rule] of [
      [{ employee: {} }, 'DE-2026.4/employee/salary_required'],
      [{ employee: { tax_class: 7, annual_salary: 50000 } }, 'DE-2026.4/tax/tax_class'],
      [{ employee: {}, earnings: [{ type: 'tips', amount: 100 }] }, 'DE-2026.4/earnings/earning_type'],
      [{ employee: { tax_class: 1, factor: '0.9', annual_salary: 50000 } }, 'DE-2026.4/tax/factor'],
      [{ employee: { tax_class: 6, children: 1, annual_salary: 50000 } }, 'DE-2026.4/tax/child_allowance'],
      [
        { employee: { annual_salary: 50000, health_insurance: { additional_rate: 9 } } },
        'DE-2026.4/social/additional_rate',
      ],
    ] as const) {
      const r = await calc(body);
      assert.equal(r.status, 422, JSON.stringify(body));
      assert.equal(r.body.error.code, 'pack_validation_failed');
      assert.equal(r.body.error.rule, rule);
    }
  });

  test('earnings beyond what the wage-tax program can hold are 422, not a server error', async () => {
    const earnings = Array.from({ length: 20 }, () => ({ type: 'salary', amount: '999999999.99' }));
    const r = await calc({ employee: {}, earnings });
    assert.equal(r.status, 422, JSON.stringify(r.body));
    assert.equal(r.body.error.rule, 'DE-2026.4/earnings/out_of_range');
  });

  test('an employee without German residence is 501: the pack never guesses', async () => {
    const r = await calc({ employee: { residency: 'non_resident', annual_salary: 50000 } });
    assert.equal(r.status, 501);
    assert.equal(r.body.error.code, 'CAPABILITY_NOT_SUPPORTED');
    assert.equal(r.body.error.pack, 'DE-2026.4');
  });
});

describe('packs without stateless calculation', () => {
  for (const engine of ['payroll_engine_au', 'mock']) {
    test(`an AU tenant on ${engine} answers 501 with the capability, the pack and the pay-run alternative`, async () => {
      const au = await tenant({ name: `Calc AU ${engine}`, jurisdiction: 'AU', engine });
      const r = await calc({ frequency: 'monthly', employee: { annual_salary: 60000 } }, au);
      assert.equal(r.status, 501);
      assert.equal(r.body.error.code, 'CAPABILITY_NOT_SUPPORTED');
      assert.equal(r.body.error.capability, 'stateless_calculate');
      assert.equal(r.body.error.pack, 'AU-2026.2');
      assert.deepEqual(r.body.error.alternatives, ['POST /v1/tenants/{tenantId}/pay-runs']);
      const trail = ok(await api.call('GET', `/v1/tenants/${au}/governance/audit-trail?action=calculation.performed`));
      assert.equal(trail.data.length, 0, 'a refused calculation leaves no record');
    });
  }
});
