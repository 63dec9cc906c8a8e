import { CONTENT_WIDTH, MARGIN, PAGE_HEIGHT, PAGE_WIDTH, palette, type PayslipCanvas } from './payslip-canvas.ts';
import { SECTION_GAP } from './payslip-table.ts';

export interface KeyValue {
  label: string;
  value: string;
}

export interface InfoPanel {
  title: string;
  headline: string;
  rows: KeyValue[];
}

export interface Tile {
  label: string;
  value: string;
}

const BAND_HEIGHT = 96;

export function drawHeaderBand(
  c: PayslipCanvas,
  left: { title: string; lines: string[] },
  right: { title: string; lines: string[] },
): void {
  const top = PAGE_HEIGHT;
  c.rect(0, top - BAND_HEIGHT, PAGE_WIDTH, BAND_HEIGHT, palette.brand);
  c.rect(0, top - BAND_HEIGHT - 3, PAGE_WIDTH, 3, palette.accent);
  c.text(left.title, MARGIN, top - 44, { size: 18, bold: true, color: palette.white, maxWidth: CONTENT_WIDTH * 0.62 });
  left.lines.forEach((line, i) =>
    c.text(line, MARGIN, top - 62 - i * 12, { size: 8.5, color: palette.brandSoft, maxWidth: CONTENT_WIDTH * 0.62 }),
  );
  const rx = PAGE_WIDTH - MARGIN;
  c.text(right.title, rx, top - 44, { size: 20, bold: true, color: palette.white, align: 'right' });
  right.lines.forEach((line, i) =>
    c.text(line, rx, top - 62 - i * 12, {
      size: 8.5,
      color: palette.brandSoft,
      align: 'right',
      maxWidth: CONTENT_WIDTH * 0.36,
    }),
  );
  c.y = top - BAND_HEIGHT - 3 - 20;
}

export function drawContinuationHeader(c: PayslipCanvas, left: string, right: string): void {
  const y = PAGE_HEIGHT - MARGIN;
  c.rect(0, PAGE_HEIGHT - 6, PAGE_WIDTH, 6, palette.brand);
  c.text(left, MARGIN, y - 8, { size: 10.5, bold: true, color: palette.ink, maxWidth: CONTENT_WIDTH * 0.45 });
  c.text(right, PAGE_WIDTH - MARGIN, y - 8, {
    size: 8.5,
    color: palette.muted,
    align: 'right',
    maxWidth: CONTENT_WIDTH * 0.53,
  });
  c.rule(MARGIN, y - 18, PAGE_WIDTH - MARGIN);
  c.y = y - 34;
}

const PANEL_PAD = 14;
const PANEL_ROW = 15;

function panelHeight(p: InfoPanel): number {
  return PANEL_PAD + 10 + 22 + p.rows.length * PANEL_ROW + PANEL_PAD - 4;
}

/** Side-by-side labelled panels (employee, pay period) of equal height. */
export function drawInfoPanels(c: PayslipCanvas, panels: [InfoPanel, InfoPanel]): void {
  const gap = 14;
  const width = (CONTENT_WIDTH - gap) / 2;
  const height = Math.max(...panels.map(panelHeight));
  c.ensure(height);
  const top = c.y;
  panels.forEach((p, i) => {
    const x = MARGIN + i * (width + gap);
    c.rect(x, top - height, width, height, palette.panel, palette.hairline);
    c.rect(x, top - height, 3, height, i === 0 ? palette.brand : palette.accent);
    const inner = width - 2 * PANEL_PAD;
    c.text(p.title.toUpperCase(), x + PANEL_PAD, top - PANEL_PAD - 6, { size: 7, bold: true, color: palette.muted });
    c.text(p.headline, x + PANEL_PAD, top - PANEL_PAD - 26, {
      size: 12.5,
      bold: true,
      color: palette.ink,
      maxWidth: inner,
    });
    p.rows.forEach((r, j) => {
      const y = top - PANEL_PAD - 46 - j * PANEL_ROW;
      c.text(r.label, x + PANEL_PAD, y, { size: 8.5, color: palette.muted, maxWidth: inner * 0.45 });
      c.text(r.value, x + width - PANEL_PAD, y, {
        size: 8.5,
        color: palette.ink,
        align: 'right',
        maxWidth: inner * 0.58,
      });
    });
  });
  c.y = top - height - 12;
}

/** Headline figures; the last tile is the net pay and is set apart in the accent colour. */
export function drawSummaryTiles(c: PayslipCanvas, tiles: Tile[], net: Tile): void {
  const gap = 10;
  const height = 56;
  const netWidth = CONTENT_WIDTH * 0.31;
  const width = (CONTENT_WIDTH - netWidth - gap * tiles.length) / tiles.length;
  // Four tiles are narrow: their figures get smaller rather than cut short.
  let size = 13.5;
  while (size > 9 && tiles.some((t) => c.width(t.value, size, true) > width - 24)) size -= 0.5;
  let labelSize = 7;
  while (labelSize > 5.5 && tiles.some((t) => c.width(t.label.toUpperCase(), labelSize, true) > width - 24))
    labelSize -= 0.25;
  c.ensure(height);
  const bottom = c.y - height;
  tiles.forEach((t, i) => {
    const x = MARGIN + i * (width + gap);
    c.rect(x, bottom, width, height, palette.white, palette.hairline);
    c.text(t.label.toUpperCase(), x + 12, bottom + height - 19, {
      size: labelSize,
      bold: true,
      color: palette.muted,
      maxWidth: width - 24,
    });
    c.text(t.value, x + 12, bottom + 16, { size, bold: true, color: palette.ink, maxWidth: width - 24 });
  });
  const nx = MARGIN + CONTENT_WIDTH - netWidth;
  c.rect(nx, bottom, netWidth, height, palette.accent);
  c.text(net.label.toUpperCase(), nx + 14, bottom + height - 19, {
    size: 7.5,
    bold: true,
    color: palette.accentSoft,
    maxWidth: netWidth - 28,
  });
  c.text(net.value, nx + 14, bottom + 14, { size: 20, bold: true, color: palette.white, maxWidth: netWidth - 28 });
  c.y = bottom - 20;
}

export interface Frame {
  x: number;
  width: number;
}

const FULL: Frame = { x: MARGIN, width: CONTENT_WIDTH };
const CARD_TITLE = 20;
const CARD_HEIGHT = 44;
export const CARD_BLOCK = CARD_TITLE + CARD_HEIGHT;

function cardTitle(c: PayslipCanvas, title: string, frame: Frame): number {
  c.ensure(CARD_BLOCK);
  c.text(title, frame.x, c.y - 12, { size: 10.5, bold: true, color: palette.ink, maxWidth: frame.width });
  c.y -= CARD_TITLE;
  return c.y - CARD_HEIGHT;
}

/** A titled strip of equal columns, each a small caption over a figure. */
export function drawFigureStrip(c: PayslipCanvas, title: string, figures: Tile[], frame: Frame = FULL): void {
  const bottom = cardTitle(c, title, frame);
  c.rect(frame.x, bottom, frame.width, CARD_HEIGHT, palette.panel, palette.hairline);
  const width = frame.width / figures.length;
  figures.forEach((f, i) => {
    const x = frame.x + i * width;
    if (i > 0)
      c.page.drawLine({
        start: { x, y: bottom + 9 },
        end: { x, y: bottom + CARD_HEIGHT - 9 },
        thickness: 0.75,
        color: palette.hairline,
      });
    c.text(f.label.toUpperCase(), x + 14, bottom + CARD_HEIGHT - 17, {
      size: 6.8,
      bold: true,
      color: palette.muted,
      maxWidth: width - 28,
    });
    c.text(f.value, x + 14, bottom + 12, { size: 11.5, bold: true, color: palette.ink, maxWidth: width - 28 });
  });
  c.y = bottom - SECTION_GAP;
}

/** Where the net pay went: caption and amount on top, the masked account below. */
export function drawPaymentCard(
  c: PayslipCanvas,
  title: string,
  caption: string,
  detail: string,
  amount: string,
  frame: Frame = FULL,
): void {
  const bottom = cardTitle(c, title, frame);
  c.rect(frame.x, bottom, frame.width, CARD_HEIGHT, palette.white, palette.hairline);
  c.rect(frame.x, bottom, 3, CARD_HEIGHT, palette.accent);
  const inner = frame.width - 28;
  c.text(caption.toUpperCase(), frame.x + 14, bottom + CARD_HEIGHT - 17, {
    size: 6.8,
    bold: true,
    color: palette.muted,
    maxWidth: inner * 0.5,
  });
  c.text(amount, frame.x + frame.width - 14, bottom + CARD_HEIGHT - 18, {
    size: 11.5,
    bold: true,
    color: palette.accent,
    align: 'right',
  });
  c.text(detail, frame.x + 14, bottom + 12, { size: 9, color: palette.ink, maxWidth: inner });
  c.y = bottom - SECTION_GAP;
}

/** Two cards on one row; each callback draws into the frame it is given from the same top. */
export function drawCardPair(c: PayslipCanvas, left: (frame: Frame) => void, right: (frame: Frame) => void): void {
  const gap = 16;
  const width = (CONTENT_WIDTH - gap) / 2;
  c.ensure(CARD_BLOCK);
  const top = c.y;
  left({ x: MARGIN, width });
  const leftEnd = c.y;
  c.y = top;
  right({ x: MARGIN + width + gap, width });
  c.y = Math.min(leftEnd, c.y);
}

const NOTE_LINE = 9;

/** Page footers; footnotes (what the payslip cannot print, and why) sit above the last page's rule. */
export function drawFooters(
  c: PayslipCanvas,
  left: string,
  pageLabel: (n: number, of: number) => string,
  notes: string[] = [],
): void {
  c.pages.forEach((page, i) => {
    c.page = page;
    if (i === c.pages.length - 1)
      notes.forEach((note, j) =>
        c.text(note, MARGIN, 52 + (notes.length - 1 - j) * NOTE_LINE, {
          size: 6.5,
          color: palette.muted,
          maxWidth: CONTENT_WIDTH,
        }),
      );
    c.rule(MARGIN, 46, PAGE_WIDTH - MARGIN);
    c.text(left, MARGIN, 32, { size: 7.5, color: palette.muted, maxWidth: CONTENT_WIDTH * 0.45 });
    c.text(pageLabel(i + 1, c.pages.length), PAGE_WIDTH - MARGIN, 32, {
      size: 7.5,
      color: palette.muted,
      align: 'right',
    });
  });
}
