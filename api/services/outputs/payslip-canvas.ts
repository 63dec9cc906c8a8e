import { PageSizes, rgb, type PDFDocument, type PDFPage, type RGB } from 'pdf-lib';
import type { FontStack, Fonts } from './payslip-fonts.ts';

const hex = (h: string): RGB =>
  rgb(parseInt(h.slice(1, 3), 16) / 255, parseInt(h.slice(3, 5), 16) / 255, parseInt(h.slice(5, 7), 16) / 255);

export const palette = {
  ink: hex('#101828'),
  body: hex('#344054'),
  muted: hex('#667085'),
  faint: hex('#98A2B3'),
  hairline: hex('#E4E7EC'),
  panel: hex('#F6F8FB'),
  brand: hex('#14304F'),
  brandSoft: hex('#B9C8DA'),
  accent: hex('#0B7A5F'),
  accentSoft: hex('#D3F0E6'),
  white: rgb(1, 1, 1),
};

export const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
export const MARGIN = 42;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Everything below this line belongs to the footer. */
export const CONTENT_BOTTOM = 60;

export type { Fonts } from './payslip-fonts.ts';

export interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: RGB;
  align?: 'left' | 'right' | 'center';
  /** Truncates with an ellipsis rather than run into the next column. */
  maxWidth?: number;
}

/**
 * A4 drawing surface with a top-down cursor. It owns page breaks so that the sections of a
 * payslip can be written in order without each one tracking space left on the page.
 */
export class PayslipCanvas {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  /** Baseline cursor, in PDF points from the bottom of the page. */
  y = 0;

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
    private readonly continuationHeader: (canvas: PayslipCanvas) => void,
  ) {}

  addPage(): void {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.y = PAGE_HEIGHT - MARGIN;
    if (this.pages.length > 1) this.continuationHeader(this);
  }

  /** Starts a new page when `height` no longer fits; returns true when it did. */
  ensure(height: number): boolean {
    if (this.y - height >= CONTENT_BOTTOM) return false;
    this.addPage();
    return true;
  }

  font(bold?: boolean): FontStack {
    return bold ? this.fonts.bold : this.fonts.regular;
  }

  width(text: string, size: number, bold?: boolean): number {
    const fonts = this.font(bold);
    return fonts.width(fonts.prepare(text), size);
  }

  /** The drawable text, truncated with an ellipsis when it is wider than `maxWidth`. */
  fit(text: string, size: number, maxWidth: number, bold?: boolean): string {
    const fonts = this.font(bold);
    const t = fonts.prepare(text);
    if (fonts.width(t, size) <= maxWidth) return t;
    const chars = [...t];
    while (chars.length > 1 && fonts.width(`${chars.join('')}\u2026`, size) > maxWidth) chars.pop();
    return `${chars.join('').trimEnd()}\u2026`;
  }

  /** Draws text run by run, each in the first font of the weight that has its characters. */
  text(value: string, x: number, y: number, style: TextStyle = {}): void {
    const size = style.size ?? 9;
    const fonts = this.font(style.bold);
    const t = style.maxWidth ? this.fit(value, size, style.maxWidth, style.bold) : fonts.prepare(value);
    const w = fonts.width(t, size);
    let at = x + (style.align === 'right' ? -w : style.align === 'center' ? -w / 2 : 0);
    for (const run of fonts.runs(t)) {
      this.page.drawText(run.text, { x: at, y, size, font: run.font, color: style.color ?? palette.body });
      at += fonts.runWidth(run, size);
    }
  }

  rect(x: number, y: number, width: number, height: number, fill: RGB, border?: RGB): void {
    this.page.drawRectangle({
      x,
      y,
      width,
      height,
      color: fill,
      ...(border ? { borderColor: border, borderWidth: 0.75 } : {}),
    });
  }

  rule(x1: number, y: number, x2: number, color: RGB = palette.hairline, thickness = 0.75): void {
    this.page.drawLine({ start: { x: x1, y }, end: { x: x2, y }, thickness, color });
  }
}
