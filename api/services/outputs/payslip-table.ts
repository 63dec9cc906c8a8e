import { CONTENT_BOTTOM, CONTENT_WIDTH, MARGIN, PAGE_HEIGHT, palette, type PayslipCanvas } from './payslip-canvas.ts';

export interface TableColumn {
  header: string;
  /** Share of the table width; the shares of a table add up to 1. */
  share: number;
  align?: 'left' | 'right';
}

export interface TableSpec {
  title: string;
  /** Title suffix on a page the table continues onto. */
  continuedLabel: string;
  columns: TableColumn[];
  rows: string[][];
  total?: string[];
}

interface Frame {
  x: number;
  width: number;
}

const TITLE_HEIGHT = 20;
const HEADER_HEIGHT = 18;
const ROW_HEIGHT = 16;
const TOTAL_HEIGHT = 20;
const CELL_PAD = 8;
export const SECTION_GAP = 14;
const PAIR_GAP = 16;

const FULL: Frame = { x: MARGIN, width: CONTENT_WIDTH };

interface Cell {
  x: number;
  width: number;
  align: 'left' | 'right';
}

function layout(columns: TableColumn[], frame: Frame): Cell[] {
  let x = frame.x;
  return columns.map((col) => {
    const width = col.share * frame.width;
    const cell = { x, width, align: col.align ?? 'left' };
    x += width;
    return cell;
  });
}

function drawRow(
  c: PayslipCanvas,
  cells: Cell[],
  values: string[],
  opts: { size: number; bold?: boolean; baseline: number; color?: typeof palette.ink },
) {
  values.forEach((v, i) => {
    const cell = cells[i];
    if (!cell || !v) return;
    const x = cell.align === 'right' ? cell.x + cell.width - CELL_PAD : cell.x + CELL_PAD;
    c.text(v, x, c.y - opts.baseline, {
      size: opts.size,
      bold: opts.bold,
      color: opts.color,
      align: cell.align,
      maxWidth: cell.width - 2 * CELL_PAD,
    });
  });
}

function drawHeading(c: PayslipCanvas, spec: TableSpec, cells: Cell[], frame: Frame, continued: boolean) {
  const title = continued ? `${spec.title} (${spec.continuedLabel})` : spec.title;
  c.text(title, frame.x, c.y - 12, { size: 10.5, bold: true, color: palette.ink, maxWidth: frame.width });
  c.y -= TITLE_HEIGHT;
  c.rect(frame.x, c.y - HEADER_HEIGHT, frame.width, HEADER_HEIGHT, palette.panel);
  drawRow(
    c,
    cells,
    spec.columns.map((col) => col.header.toUpperCase()),
    { size: 6.8, bold: true, baseline: 11.8, color: palette.muted },
  );
  c.y -= HEADER_HEIGHT;
}

export const tableHeight = (spec: TableSpec, rows = spec.rows.length): number =>
  TITLE_HEIGHT + HEADER_HEIGHT + rows * ROW_HEIGHT + (spec.total ? TOTAL_HEIGHT : 0);

/**
 * Draws a titled table that breaks across pages: the title and column header repeat on each new
 * page, a title never sits alone at the foot of a page, and the total stays with the last row.
 */
export function drawTable(c: PayslipCanvas, spec: TableSpec, frame: Frame = FULL): void {
  const cells = layout(spec.columns, frame);
  c.ensure(spec.rows.length <= 1 ? tableHeight(spec) : tableHeight(spec, 1) - (spec.total ? TOTAL_HEIGHT : 0));
  drawHeading(c, spec, cells, frame, false);

  spec.rows.forEach((row, i) => {
    const isLast = i === spec.rows.length - 1;
    const need = ROW_HEIGHT + (isLast && spec.total ? TOTAL_HEIGHT : 0);
    if (c.ensure(need)) drawHeading(c, spec, cells, frame, true);
    drawRow(c, cells, row, { size: 8.8, baseline: 11.2, color: palette.body });
    c.y -= ROW_HEIGHT;
    if (!isLast) c.rule(frame.x, c.y, frame.x + frame.width);
  });

  if (spec.total) {
    if (c.ensure(TOTAL_HEIGHT)) drawHeading(c, spec, cells, frame, true);
    c.rule(frame.x, c.y, frame.x + frame.width, palette.ink, 0.9);
    drawRow(c, cells, spec.total, { size: 9.2, bold: true, baseline: 13.5, color: palette.ink });
    c.y -= TOTAL_HEIGHT;
  }
  c.y -= SECTION_GAP;
}

/** Every cell of the table reads whole in the frame (nothing cut short with an ellipsis). */
function fitsWhole(c: PayslipCanvas, spec: TableSpec, frame: Frame): boolean {
  const cells = layout(spec.columns, frame);
  // Measured as drawn: lines in the regular weight at 8.8 pt, the total in bold at 9.2 pt.
  const whole = (row: string[], size: number, bold: boolean) =>
    row.every((v, i) => !v || !cells[i] || c.width(v, size, bold) <= cells[i].width - 2 * CELL_PAD);
  return spec.rows.every((row) => whole(row, 8.8, false)) && (!spec.total || whole(spec.total, 9.2, true));
}

/**
 * Two tables side by side when both fit on one page and every line reads whole at half width (a deduction names
 * the account it went into, which a cut-short line would hide); otherwise one after the other, where drawTable's
 * own page breaking takes over.
 */
export function drawTablePair(c: PayslipCanvas, left: TableSpec, right: TableSpec): void {
  const height = Math.max(tableHeight(left), tableHeight(right));
  const pageRoom = PAGE_HEIGHT - 2 * MARGIN - CONTENT_BOTTOM - 40;
  const half = { x: MARGIN, width: (CONTENT_WIDTH - PAIR_GAP) / 2 };
  if (height > pageRoom || !fitsWhole(c, left, half) || !fitsWhole(c, right, half)) {
    drawTable(c, left);
    drawTable(c, right);
    return;
  }
  c.ensure(height);
  const width = (CONTENT_WIDTH - PAIR_GAP) / 2;
  const top = c.y;
  drawTable(c, left, { x: MARGIN, width });
  const leftEnd = c.y;
  c.y = top;
  drawTable(c, right, { x: MARGIN + width + PAIR_GAP, width });
  c.y = Math.min(leftEnd, c.y);
}
