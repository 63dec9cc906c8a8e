// The worker thread that draws payslip PDFs (see payslip-pdf-pool.ts).
import { renderPayslipPdf, type PayslipDocument } from './payslip-pdf.ts';

export default function render(slip: PayslipDocument): Promise<Uint8Array> {
  return renderPayslipPdf(slip);
}
