// Pieces the benchmarks share: the store a benchmark runs on, a JSON client for the API, the employees a read
// benchmark reads, and the machine-readable result line one benchmark prints for another to read back.
//
// Benchmarks run on a fresh SQLite file by default. With PAYRAIL_BENCH_POSTGRES set to a PostgreSQL server's admin
// URL (`postgres://postgres@127.0.0.1:5432/postgres`), they run on a fresh database on that server instead, dropped
// when the benchmark ends. PAYRAIL_TEST_POSTGRES and DATABASE_URL from the shell do not apply to benchmarks.
import type { TestDb } from '../helpers/test-db.ts';

export const BENCH_POSTGRES = process.env.PAYRAIL_BENCH_POSTGRES || null;
/**
 * Warm-up before a read benchmark measures: every API process starts cold (its hot paths not yet compiled),
 * and a second process needs as long as the first.
 */
export const READ_WARMUP_MS = 3_000;
export const STORE_NAME = BENCH_POSTGRES ? 'PostgreSQL' : 'SQLite';

/**
 * Runs `fn` on a fresh database (tests/helpers/test-db.ts on the benchmark's store) and removes the database
 * afterwards: when `fn` returns, when it throws, and when the process is interrupted (SIGINT, SIGTERM), in which
 * case API processes it spawned are killed first.
 */
export async function withBenchDb<T>(prefix: string, fn: (db: TestDb) => Promise<T>): Promise<T> {
  // test-db.ts reads its server once, when it loads, and API processes inherit this environment.
  process.env.PAYRAIL_TEST_POSTGRES = BENCH_POSTGRES ?? '';
  delete process.env.DATABASE_URL;
  const { newTestDb } = await import('../helpers/test-db.ts');
  const db = await newTestDb(prefix);
  let dropped: Promise<void> | null = null;
  const drop = () => (dropped ??= db.drop());
  let leaving = false;
  const interrupted = (signal: NodeJS.Signals) => {
    // A second signal (a terminal's Ctrl+C reaches a parent and its children alike) must not cut the drop short.
    if (leaving) return;
    leaving = true;
    console.error(`\n${signal}: removing the benchmark database`);
    void import('../helpers/server-process.ts')
      .then(({ killAll }) => killAll())
      .then(drop)
      .finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.on('SIGINT', interrupted);
  process.on('SIGTERM', interrupted);
  try {
    return await fn(db);
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await drop();
  }
}

export type Call = (method: string, p: string, body?: unknown) => Promise<any>;

/** A JSON call to the API at `base` as the partner holding `key`: answers `data`, throws on a status of 300 or more. */
export function apiCaller(base: string, key: string, reason: string): Call {
  return async (method, p, body) => {
    const res = await fetch(base + p, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-governance-reason': reason },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as any;
    if (res.status >= 300) throw new Error(`${method} ${p} → ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    return json.data;
  };
}

/** An AU tenant with `employees` salaried employees (hired and given a bank account through the API); the paths of their records. */
export async function seedReadTenant(call: Call, employees: number): Promise<{ tenantId: string; paths: string[] }> {
  const { tenant } = await call('POST', '/v1/partners/tenants', {
    name: 'Read Bench Employer',
    jurisdiction: 'AU',
    engine: 'payroll_engine_au',
  });
  const paths: string[] = [];
  for (let i = 0; i < employees; i++) {
    const emp = await call('POST', `/v1/tenants/${tenant.id}/employees`, {
      first_name: `Robin${i}`,
      last_name: `Reader${i}`,
      date_of_birth: '1991-02-03',
      employment: {
        type: 'full_time',
        annual_salary: 60_000 + i * 100,
        pay_frequency: 'fortnightly',
        start_date: '2021-01-01',
      },
      statutory: { au: { tfn: '123456782', tax_free_threshold: true } },
    });
    await call('PATCH', `/v1/tenants/${tenant.id}/employees/${emp.id}/bank-accounts`, {
      bank_bsb: '062-000',
      bank_account_number: String(20_000_000 + i),
      bank_account_name: `Robin Reader ${i}`,
    });
    paths.push(`/v1/tenants/${tenant.id}/employees/${emp.id}`);
  }
  return { tenantId: tenant.id, paths };
}

const RESULT = 'RESULT ';

/** Prints a benchmark's figures as one line a parent process reads back with `readResult`. */
export function printResult(result: object): void {
  console.log(RESULT + JSON.stringify(result));
}

/** The figures of the last result line in a benchmark's output, or null when it printed none. */
export function readResult<T>(output: string): T | null {
  const line = output
    .split('\n')
    .reverse()
    .find((l) => l.startsWith(RESULT));
  return line ? (JSON.parse(line.slice(RESULT.length)) as T) : null;
}

/** Whether a line of a benchmark's output is its result line (which a parent need not show). */
export const isResultLine = (line: string) => line.startsWith(RESULT);
