// Receipts for reads (employee reads are receipted): a read changes nothing, so its evidence record
// need not hold a write transaction of its own. Receipts that arrive together are appended together (group
// commit: one statement on PostgreSQL); each request still answers only after its record is committed (on
// PostgreSQL without waiting for the disk: see `Store.appendReceipts`).
import type { Store } from '../../store/index.ts';
import type { UnchainedRecord } from '../../store/evidence-chain.ts';
import { unchainedRecord, type EvidenceInput } from './evidence.ts';

interface Pending {
  record: UnchainedRecord;
  done: (err?: unknown) => void;
}

export class ReceiptWriter {
  private queue: Pending[] = [];
  private flushing: Promise<void> | null = null;

  constructor(private readonly store: Store) {}

  append(input: EvidenceInput, id: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ record: unchainedRecord(input, id), done: (err) => (err ? reject(err) : resolve()) });
      this.flushing ??= new Promise((r) => setImmediate(r)).then(() => this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    try {
      await this.store.appendReceipts(batch.map((p) => p.record));
      for (const p of batch) p.done();
    } catch (err) {
      for (const p of batch) p.done(err);
    } finally {
      this.flushing = this.queue.length ? new Promise((r) => setImmediate(r)).then(() => this.flush()) : null;
    }
  }
}
