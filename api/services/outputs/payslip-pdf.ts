import { PDFDocument } from 'pdf-lib';
import { dec, money, sum } from '../../lib/money.ts';
import { toDate } from '../../lib/dates.ts';
import { PayslipCanvas } from './payslip-canvas.ts';
import { embedPayslipFonts } from './payslip-fonts.ts';
import { formatAbn, formatBsb, maskedAccount, maskedIban, payslipFormat } from './payslip-format.ts';
import { describeCode, labelsFor } from './payslip-labels.ts';
import {
  drawContinuationHeader,
  drawFigureStrip,
  drawFooters,
  drawHeaderBand,
  drawInfoPanels,
  drawCardPair,
  drawPaymentCard,
  drawSummaryTiles,
  type Frame,
  type KeyValue,
} from './payslip-sections.ts';
import { drawTable, drawTablePair } from './payslip-table.ts';
import type { PayslipAmountLine, PayslipDocument } from './payslip-types.ts';

export type { PayslipDocument } from './payslip-types.ts';

/** Renders one employee's payslip as an A4 PDF, with its fonts embedded as subsets (see payslip-fonts.ts). */
export async function renderPayslipPdf(slip: PayslipDocument): Promise<Uint8Array> {
  const t = labelsFor(slip.locale);
  const f = payslipFormat(slip.locale, slip.currency);
  const period = `${f.date(slip.period_start)} \u2013 ${f.date(slip.period_end)}`;

  // Metadata is set explicitly (not from the clock) so the same payslip renders to the same bytes.
  const doc = await PDFDocument.create({ updateMetadata: false });
  const issued = toDate(slip.payment_date);
  doc.setTitle(`${t.payslip} ${slip.employee.name} ${slip.period_start} - ${slip.period_end}`);
  doc.setAuthor(slip.employer.name);
  doc.setSubject(`${t.payslip} ${period}`);
  doc.setCreator('Payrail');
  doc.setProducer('Payrail');
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);

  // Every string drawn comes from the slip or the locale's labels; the slip also names the subsets.
  const content = JSON.stringify(slip);
  const fonts = await embedPayslipFonts(doc, `${content}${JSON.stringify(t)}`, content);
  const canvas = new PayslipCanvas(doc, fonts, (c) =>
    drawContinuationHeader(c, slip.employer.name, `${t.payslip} \u00b7 ${slip.employee.name} \u00b7 ${period}`),
  );
  canvas.addPage();

  const employerLines = [
    slip.employer.abn ? `${t.abn} ${formatAbn(slip.employer.abn)}` : null,
    slip.employer.address?.trim() || null,
  ].filter((l): l is string => !!l);
  drawHeaderBand(
    canvas,
    { title: slip.employer.name, lines: employerLines },
    { title: t.payslip, lines: [period, `${t.paymentDate} ${f.date(slip.payment_date)}`] },
  );

  const e = slip.employee;
  const more = slip.particulars;
  // Ids are Payrail's own (emp_…, pr_…): they mean nothing to the employee, so the payslip shows none. Nor
  // does it name the rules version it was worked out with: the employee cannot act on it.
  const employeeRows: KeyValue[] = [...(more?.employee ?? [])];
  if (e.employment_type && !more)
    employeeRows.push({ label: t.employment, value: describeCode(slip.locale, e.employment_type) });
  if (e.pay_frequency && !more)
    employeeRows.push({ label: t.payFrequency, value: describeCode(slip.locale, e.pay_frequency) });
  if (e.hourly_rate) employeeRows.push({ label: t.hourlyRate, value: f.rate(e.hourly_rate) });
  drawInfoPanels(canvas, [
    { title: t.employee, headline: e.name, rows: employeeRows },
    {
      title: t.payPeriod,
      headline: period,
      // The header already names the payment date: a payslip with more to say gives the room to that.
      rows: more ? more.period : [{ label: t.paymentDate, value: f.date(slip.payment_date) }],
    },
  ]);

  const deductions = deductionLines(slip, t.taxWithheld);
  const deductionsTotal = money(sum(deductions.map((d) => d.amount)));
  const contributionsTotal = money(sum(slip.contributions.map((d) => d.amount)));
  // Where the law asks for the assessment bases, they take the tiles: the totals are on the tables below.
  drawSummaryTiles(
    canvas,
    more
      ? more.bases.figures
      : [
          { label: t.grossPay, value: f.money(slip.gross) },
          { label: t.totalDeductions, value: f.money(deductionsTotal) },
          { label: t.contributionsShort, value: f.money(contributionsTotal) },
        ],
    { label: t.netPay, value: f.money(slip.net) },
  );

  const lineHours = slip.earnings.filter((x) => x.hours).map((x) => x.hours as string);
  const totalHours =
    slip.total_hours !== undefined ? slip.total_hours : lineHours.length ? sum(lineHours).toFixed(2) : null;
  drawTable(canvas, {
    title: t.earnings,
    continuedLabel: t.continued,
    columns: [
      { header: t.description, share: 0.46 },
      { header: t.hours, share: 0.14, align: 'right' },
      { header: t.rate, share: 0.18, align: 'right' },
      { header: t.amount, share: 0.22, align: 'right' },
    ],
    rows: slip.earnings.map((x) => [
      x.label,
      x.hours ? f.hours(x.hours) : '',
      x.rate ? f.rate(x.rate) : '',
      f.money(x.amount),
    ]),
    total: [t.grossPay, totalHours ? f.hours(totalHours) : '', '', f.money(slip.gross)],
  });

  const amountColumns = (header: string) => [
    { header: t.description, share: 0.7 },
    { header, share: 0.3, align: 'right' as const },
  ];
  const deductionsTable = {
    title: t.deductions,
    continuedLabel: t.continued,
    columns: amountColumns(t.amount),
    rows: deductions.map((d) => [d.label, f.money(d.amount)]),
    total: [t.totalDeductions, f.money(deductionsTotal)],
  };
  const contributionsTable = {
    title: t.contributions,
    continuedLabel: t.continued,
    columns: amountColumns(t.amount),
    rows: slip.contributions.map((d) => [d.label, f.money(d.amount)]),
    total: [t.total, f.money(contributionsTotal)],
  };
  if (deductions.length && slip.contributions.length) drawTablePair(canvas, deductionsTable, contributionsTable);
  else if (deductions.length) drawTable(canvas, deductionsTable);
  else if (slip.contributions.length) drawTable(canvas, contributionsTable);

  drawFigureStrip(canvas, t.ytd, [
    { label: t.ytdGross, value: f.money(slip.ytd.gross) },
    { label: t.ytdTax, value: f.money(slip.ytd.tax) },
    ...(slip.ytd.super != null ? [{ label: t.ytdSuper, value: f.money(slip.ytd.super) }] : []),
    ...(slip.ytd.social != null ? [{ label: t.ytdSocial, value: f.money(slip.ytd.social) }] : []),
    { label: t.ytdNet, value: f.money(slip.ytd.net) },
  ]);

  const leave = slip.leave ?? [];
  const leaveFigures = leave.map((l) => ({ label: l.label, value: `${f.hours(l.hours)} h` }));
  const p = slip.payment;
  const deposit =
    p && (p.bsb || p.account_last3 || p.iban_last4 || p.account_name)
      ? [
          p.account_name?.trim() || null,
          p.bsb ? `${t.bsb} ${formatBsb(p.bsb)}` : null,
          p.iban_last4 ? `${t.iban} ${maskedIban(p.iban_last4)}` : null,
          !p.iban_last4 && p.account_last3 ? `${t.account} ${maskedAccount(p.account_last3)}` : null,
        ]
          .filter((x): x is string => !!x)
          .join('  \u00b7  ')
      : null;
  const drawDeposit = (frame?: Frame) =>
    drawPaymentCard(canvas, t.payment, t.depositedTo, deposit!, f.money(slip.net), frame);

  // Up to two balances share a row with the payment card; more get their own strip, and a long
  // list becomes a table that can break across pages.
  if (leave.length > 0 && leave.length <= 2 && deposit) {
    drawCardPair(canvas, (frame) => drawFigureStrip(canvas, t.leave, leaveFigures, frame), drawDeposit);
  } else {
    if (leave.length > 0 && leave.length <= 4) drawFigureStrip(canvas, t.leave, leaveFigures);
    else if (leave.length > 4) {
      drawTable(canvas, {
        title: t.leave,
        continuedLabel: t.continued,
        columns: amountColumns(t.balance),
        rows: leave.map((l) => [l.label, `${f.hours(l.hours)} h`]),
      });
    }
    if (deposit) drawDeposit();
  }

  drawFooters(canvas, t.generatedBy, (n, of) => `${t.page} ${n} ${t.of} ${of}`, more?.notes ?? []);

  return doc.save();
}

/**
 * The deductions as listed, plus the tax as its own line when the list leaves it out: the list
 * is complete when gross minus the listed deductions already equals net.
 */
function deductionLines(slip: PayslipDocument, taxLabel: string): PayslipAmountLine[] {
  const listed = sum(slip.deductions.map((d) => d.amount));
  const reconciles = dec(slip.gross).minus(listed).eq(dec(slip.net));
  const taxMissing =
    !reconciles && dec(slip.tax).gt(0) && dec(slip.gross).minus(listed).minus(dec(slip.tax)).eq(dec(slip.net));
  return taxMissing ? [{ label: taxLabel, amount: slip.tax }, ...slip.deductions] : slip.deductions;
}
