// What the files a payroll officer downloads are called: what they hold, whose they are and the day, in
// words (never an internal id), so a folder of them reads like a filing cabinet.
import { fileNamePart } from '../../lib/file-names.ts';
import type { LodgementTable, PayRunTable } from '../../store/schema.ts';

type Run = Pick<PayRunTable, 'payment_date'>;

/** `Net-pay-Fixture-Roasters-Pty-Ltd-2026-12-02.aba`; a SEPA file `Nettoentgelte-Muster-GmbH-2026-12-02.xml`. */
export const bankFileName = (employer: string, run: Run, format: 'aba' | 'sepa'): string =>
  format === 'sepa'
    ? `Nettoentgelte-${fileNamePart(employer)}-${run.payment_date}.xml`
    : `Net-pay-${fileNamePart(employer)}-${run.payment_date}.aba`;

/** `Super-contributions-Fixture-Roasters-Pty-Ltd-2026-12-02.csv` */
export const superFileName = (employer: string, run: Run): string =>
  `Super-contributions-${fileNamePart(employer)}-${run.payment_date}.csv`;

const STP_KIND: Record<LodgementTable['kind'], string> = {
  pay_event: 'STP-pay-event',
  update_event: 'STP-update-event',
  finalisation: 'STP-finalisation',
};

/** `STP-pay-event-Fixture-Roasters-Pty-Ltd-2026-12-02.json`, dated the day it was submitted. */
export const lodgementFileName = (employer: string, l: Pick<LodgementTable, 'kind' | 'submitted_at'>): string =>
  `${STP_KIND[l.kind]}-${fileNamePart(employer)}-${l.submitted_at.slice(0, 10)}.json`;
