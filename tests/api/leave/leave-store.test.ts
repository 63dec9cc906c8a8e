// A large run's accrual writes thousands of leave movements at once: the store writes them in batches that stay
// inside both dialects' limits on bound parameters (a 10,000-employee run writes about 3,600).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi } from '../../helpers/api.ts';
import { createTenant } from '../../helpers/payroll-fixtures.ts';

test('5,000 leave movements are written in one transaction and read back', async () => {
  const api = await startTestApi();
  try {
    const t = await createTenant(api, { jurisdiction: 'AU', engine: 'payroll_engine_au' });
    const at = '2026-11-18T00:00:00.000Z';
    const rows = Array.from({ length: 5_000 }, (_, i) => ({
      id: `lmv_bulk_${i}`,
      tenant_id: t.id,
      employee_id: `emp_bulk_${i % 2_500}`,
      leave_type: i % 2 ? 'annual' : 'personal',
      kind: 'accrual' as const,
      unit: 'hours' as const,
      quantity: '2.92',
      effective_date: '2026-11-15',
      pay_run_id: null,
      booking_id: null,
      evidence_id: 'cev_bulk',
      created_at: at,
    }));
    await api.deps.store.transaction((r) => r.insertLeaveMovements(rows));
    const stored = await api.deps.store.repos.leaveMovementsOf(t.id, null, '2026-12-31');
    assert.equal(stored.length, 5_000);
  } finally {
    await api.close();
  }
});
