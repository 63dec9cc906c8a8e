import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

// Payslips embed Unicode fonts, subset to the glyphs each document uses:
// - Arimo (OFL) has the same metrics as Helvetica, so the layout and look of the standard-font
//   payslips are kept, and covers Latin (Vietnamese too), Greek and Cyrillic;
// - Noto Sans Hans (OFL) is the fallback for what Arimo lacks: Chinese, Japanese kana, symbols.
// A character neither font has is folded to a base letter or printed as '?'.

type Weight = 'regular' | 'bold';

interface FaceFile {
  pkg: string;
  /** Path inside the package (which may not export it). */
  file: string;
}

const FACE_FILES: Record<'primary' | 'cjk', Record<Weight, FaceFile>> = {
  primary: {
    regular: { pkg: '@expo-google-fonts/arimo', file: '400Regular/Arimo_400Regular.ttf' },
    bold: { pkg: '@expo-google-fonts/arimo', file: '700Bold/Arimo_700Bold.ttf' },
  },
  cjk: {
    regular: { pkg: '@embedpdf/fonts-sc', file: 'fonts/NotoSansHans-Regular.otf' },
    bold: { pkg: '@embedpdf/fonts-sc', file: 'fonts/NotoSansHans-Bold.otf' },
  },
};

interface Face {
  bytes: Uint8Array;
  postscriptName: string;
  charset: ReadonlySet<number>;
}

const requireFile = createRequire(import.meta.url);
const faces = new Map<string, Promise<Face>>();

/** The folder of an installed package, found from its entry point. */
function packageDir(pkg: string): string {
  let dir = dirname(requireFile.resolve(pkg));
  while (dirname(dir) !== dir) {
    try {
      if (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name === pkg) return dir;
    } catch {
      // no package.json here
    }
    dir = dirname(dir);
  }
  throw new Error(`cannot find the folder of ${pkg}`);
}

/** Reads a font once per process; TrueType outlines are padded so that fontkit can subset them. */
function loadFace({ pkg, file }: FaceFile): Promise<Face> {
  const key = `${pkg}/${file}`;
  let face = faces.get(key);
  if (!face) {
    face = Promise.resolve()
      .then(() => readFile(join(packageDir(pkg), file)))
      .then((raw) => {
        const bytes = padGlyphs(new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength));
        const font = subsetSafeFontkit.create(bytes);
        return { bytes, postscriptName: font.postscriptName ?? 'Font', charset: new Set(font.characterSet) };
      });
    face.catch(() => faces.delete(key));
    faces.set(key, face);
  }
  return face;
}

export interface TextRun {
  text: string;
  font: PDFFont;
}

interface EmbeddedFace {
  font: PDFFont;
  charset: ReadonlySet<number>;
}

// Stand-ins for characters no embedded font draws.
const SUBSTITUTES: Record<string, string> = {
  '\u2212': '-', // minus sign
  '\u2010': '-',
  '\u2011': '-',
  '\u202f': '\u00a0', // narrow no-break space, used by some locales' number formats
  '\u2009': ' ',
  '\u2007': ' ',
};
/** Zero-width spaces and joiners, direction marks, the byte order mark and variation selectors. */
const invisible = (ch: string): boolean => {
  const cp = ch.codePointAt(0)!;
  return (cp >= 0x200b && cp <= 0x200f) || cp === 0x2060 || cp === 0xfeff || (cp >= 0xfe00 && cp <= 0xfe0f);
};

/** The fonts of one weight, in order of preference. */
export class FontStack {
  private readonly widths = new Map<string, number>();

  constructor(private readonly faces: readonly EmbeddedFace[]) {}

  private faceOf(cp: number): EmbeddedFace | undefined {
    return this.faces.find((f) => f.charset.has(cp));
  }

  private drawable(text: string): boolean {
    return [...text].every((c) => this.faceOf(c.codePointAt(0)!));
  }

  /**
   * Text made drawable: composed (NFC, so 'Nguyễn' typed with combining marks still finds its
   * letters), line breaks flattened, and characters no font has folded or replaced with '?'.
   */
  prepare(text: string): string {
    let out = '';
    for (const ch of text.normalize('NFC').replace(/[\r\n\t]+/g, ' ')) {
      if (this.faceOf(ch.codePointAt(0)!)) {
        out += ch;
        continue;
      }
      if (invisible(ch)) continue;
      const sub = SUBSTITUTES[ch];
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      if (sub !== undefined && this.drawable(sub)) out += sub;
      else if (/\s/.test(ch)) out += ' ';
      else if (base && base !== ch && this.drawable(base)) out += base;
      else out += '?';
    }
    return out;
  }

  /** Splits prepared text into runs, each in the first font that has all of its characters. */
  runs(prepared: string): TextRun[] {
    const runs: TextRun[] = [];
    for (const ch of prepared) {
      const font = (this.faceOf(ch.codePointAt(0)!) ?? this.faces[0]).font;
      const last = runs[runs.length - 1];
      if (last && last.font === font) last.text += ch;
      else runs.push({ text: ch, font });
    }
    return runs;
  }

  /** Width of one run at `size`; fontkit lays out the text for each measure, so they are kept. */
  runWidth(run: TextRun, size: number): number {
    const key = `${this.faces.findIndex((f) => f.font === run.font)}\u0000${run.text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = run.font.widthOfTextAtSize(run.text, 1);
      this.widths.set(key, width);
    }
    return width * size;
  }

  width(prepared: string, size: number): number {
    return this.runs(prepared).reduce((w, r) => w + this.runWidth(r, size), 0);
  }
}

export interface Fonts {
  regular: FontStack;
  bold: FontStack;
}

/**
 * Embeds the payslip fonts as subsets. The fallback font is embedded only when `text` (every
 * string the document will draw) has characters the primary font lacks and the fallback has.
 * `seed` names the subsets: the same document gets the same names and so the same bytes.
 */
export async function embedPayslipFonts(doc: PDFDocument, text: string, seed: string): Promise<Fonts> {
  doc.registerFontkit(subsetSafeFontkit);
  const embed = async (face: Face): Promise<EmbeddedFace> => {
    const tag = subsetTag(`${seed}\u0000${face.postscriptName}`);
    const font = await doc.embedFont(face.bytes, { subset: true, customName: `${tag}+${face.postscriptName}` });
    return { font, charset: face.charset };
  };
  const [regular, bold] = await Promise.all([loadFace(FACE_FILES.primary.regular), loadFace(FACE_FILES.primary.bold)]);
  // Spaces and invisible characters never call for the fallback: prepare() replaces or drops them.
  const missing = [...new Set(text.normalize('NFC'))]
    .filter((c) => !/\s/.test(c) && !invisible(c))
    .map((c) => c.codePointAt(0)!)
    .filter((cp) => !regular.charset.has(cp) || !bold.charset.has(cp));
  const stacks: Record<Weight, EmbeddedFace[]> = { regular: [await embed(regular)], bold: [await embed(bold)] };
  if (missing.length) {
    for (const weight of ['regular', 'bold'] as const) {
      const cjk = await loadFace(FACE_FILES.cjk[weight]);
      if (missing.some((cp) => cjk.charset.has(cp))) stacks[weight].push(await embed(cjk));
    }
  }
  return { regular: new FontStack(stacks.regular), bold: new FontStack(stacks.bold) };
}

/** Six capital letters, as PDF subset font names are prefixed. */
function subsetTag(seed: string): string {
  const digest = createHash('sha256').update(seed).digest();
  return [...digest.subarray(0, 6)].map((b) => String.fromCharCode(65 + (b % 26))).join('');
}

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

/**
 * fontkit for pdf-lib, with two changes: a font is parsed once per process rather than once per
 * document (the faces' bytes are cached; a subset is still made per document), and the subsets
 * of CFF (OpenType 'OTTO') fonts are repaired.
 */
const parsed = new WeakMap<Uint8Array, FontkitFont>();
const subsetSafeFontkit: Fontkit = {
  create(bytes, postscriptName) {
    const cached = postscriptName === undefined ? parsed.get(bytes) : undefined;
    if (cached) return cached;
    const font = fontkit.create(bytes, postscriptName);
    const isCff = bytes[0] === 0x4f && bytes[1] === 0x54 && bytes[2] === 0x54 && bytes[3] === 0x4f;
    if (isCff) {
      const createSubset = font.createSubset.bind(font);
      font.createSubset = () => repairCffSubset(font, createSubset());
    }
    if (postscriptName === undefined) parsed.set(bytes, font);
    return font;
  },
};

type FontkitFont = ReturnType<Fontkit['create']>;
type FontkitSubset = ReturnType<FontkitFont['createSubset']>;
type SubsetStream = ReturnType<FontkitSubset['encodeStream']>;

/**
 * @pdf-lib/fontkit 1.1.1 (the last release) writes poor subsets of CID-keyed CFF fonts such as
 * Noto Sans CJK. Mended here:
 * - a glyph was given the font dict (FD) of the last new FD seen rather than its own, so a glyph
 *   whose FD was first met earlier lost its subroutines and printed blank or garbled;
 * - every subroutine index was kept at full length (20,000 entries for the ideographs), some
 *   35 KB per subset: the glyphs are now written without subroutines (same outlines, no hints);
 * - the header's offset size (byte 3, which must be 1 to 4) was junk, and readers rejected it;
 * - a subset of .notdef alone (a face embedded but never drawn with) threw while encoding,
 *   outside any promise, as its charset counted -1 glyphs.
 */
function repairCffSubset(font: FontkitFont, subset: FontkitSubset): FontkitSubset {
  const internals = subset as unknown as CffSubsetInternals;
  internals.subsetCharstrings = function () {
    // fontkit's streams take only its own (bundled) Buffer class: the one its charstrings are read as.
    const FontkitBuffer = this.cff.getCharString(0).constructor as unknown as { from(bytes: Uint8Array): Uint8Array };
    this.charstrings = this.glyphs.map((gid) => {
      const glyph = this.font.getGlyph(gid);
      const nominalWidth = this.cff.privateDictForGlyph(gid)?.nominalWidthX ?? 0;
      return FontkitBuffer.from(type2Charstring(glyph.path.commands, glyph.advanceWidth - nominalWidth));
    });
    this.gsubrs = [];
  };
  const withoutSubrs = (dict: CffDict): CffDict => {
    const { FontName: _name, ...rest } = dict;
    return { ...rest, Private: dict.Private ? { ...dict.Private, Subrs: null } : dict.Private };
  };
  internals.subsetFontdict = function (topDict) {
    const fdArray: CffDict[] = [];
    const fds: number[] = [];
    const newIndex = new Map<number, number>();
    for (const gid of this.glyphs) {
      const fd = this.cff.fdForGlyph(gid) ?? 0;
      let index = newIndex.get(fd);
      if (index === undefined) {
        index = fdArray.length;
        newIndex.set(fd, index);
        fdArray.push(withoutSubrs(this.cff.topDict.FDArray[fd]));
      }
      fds.push(index);
    }
    topDict.FDArray = fdArray;
    topDict.FDSelect = { version: 0, fds };
  };
  internals.createCIDFontdict = function (topDict) {
    topDict.FDArray = [withoutSubrs({ Private: this.cff.topDict.Private ?? null })];
    topDict.FDSelect = { version: 3, nRanges: 1, ranges: [{ first: 0, fd: 0 }], sentinel: this.charstrings.length };
  };
  const encodeStream = subset.encodeStream.bind(subset);
  subset.encodeStream = () => {
    // Added last, so no glyph id that pdf-lib has written moves; a space has no outline.
    const space = font.glyphForCodePoint(0x20);
    if (space) subset.includeGlyph(space);
    return fixCffHeader(encodeStream());
  };
  return subset;
}

interface CffDict {
  FontName?: unknown;
  Private?: { Subrs?: unknown; nominalWidthX?: number } | null;
  [key: string]: unknown;
}

interface PathCommand {
  command: string;
  args: number[];
}

/** The parts of fontkit's CFFSubset that repairCffSubset uses. */
interface CffSubsetInternals {
  glyphs: number[];
  charstrings: Uint8Array[];
  gsubrs: Uint8Array[];
  cff: {
    fdForGlyph(gid: number): number | null;
    getCharString(gid: number): Uint8Array;
    privateDictForGlyph(gid: number): CffDict['Private'];
    topDict: { FDArray: CffDict[]; Private?: CffDict['Private'] };
  };
  font: { getGlyph(gid: number): { path: { commands: PathCommand[] }; advanceWidth: number } };
  subsetCharstrings(this: CffSubsetInternals): void;
  subsetFontdict(this: CffSubsetInternals, topDict: CffTopDict): void;
  createCIDFontdict(this: CffSubsetInternals, topDict: CffTopDict): void;
}

interface CffTopDict {
  FDArray?: CffDict[];
  FDSelect?: unknown;
}

/**
 * A Type 2 charstring drawing `commands` (a CFF glyph's outline, in font units) with moves,
 * lines and curves only: no subroutine calls and no hints.
 */
export function type2Charstring(commands: readonly PathCommand[], width: number): Uint8Array {
  const out: number[] = [];
  let x = 0;
  let y = 0;
  let widthDone = false;
  const operand = (v: number): number => {
    const fixed = Math.round(v * 65536);
    if (fixed % 65536 !== 0 || v < -32768 || v > 32767) {
      out.push(255, (fixed >>> 24) & 0xff, (fixed >>> 16) & 0xff, (fixed >>> 8) & 0xff, fixed & 0xff);
      return fixed / 65536;
    }
    if (v >= -107 && v <= 107) out.push(v + 139);
    else if (v >= 108 && v <= 1131) out.push(((v - 108) >> 8) + 247, (v - 108) & 0xff);
    else if (v >= -1131 && v <= -108) out.push(((-v - 108) >> 8) + 251, (-v - 108) & 0xff);
    else out.push(28, (v >> 8) & 0xff, v & 0xff);
    return v;
  };
  const op = (code: number, points: number[]) => {
    if (!widthDone) {
      operand(width);
      widthDone = true;
    }
    for (let i = 0; i < points.length; i += 2) {
      x += operand(points[i] - x);
      y += operand(points[i + 1] - y);
    }
    out.push(code);
  };
  for (const { command, args } of commands) {
    if (command === 'moveTo') op(21, args);
    else if (command === 'lineTo') op(5, args);
    else if (command === 'bezierCurveTo') op(8, args);
    else if (command === 'quadraticCurveTo') {
      // Not found in CFF outlines; raised to a cubic all the same.
      const [qx, qy, ex, ey] = args;
      op(8, [
        x + (2 / 3) * (qx - x),
        y + (2 / 3) * (qy - y),
        ex + (2 / 3) * (qx - ex),
        ey + (2 / 3) * (qy - ey),
        ex,
        ey,
      ]);
    }
  }
  op(14, []);
  return Uint8Array.from(out);
}

/** Sets the CFF header's offset size, byte 3 of the subset, to 4. */
function fixCffHeader(source: SubsetStream): SubsetStream {
  const out = new PassThrough();
  let seen = 0;
  source.on('data', (chunk: Uint8Array) => {
    let bytes = chunk;
    if (seen <= 3 && seen + bytes.length > 3) {
      bytes = Uint8Array.from(bytes);
      bytes[3 - seen] = 4;
    }
    seen += bytes.length;
    out.write(bytes);
  });
  source.on('end', () => out.end());
  (source as unknown as PassThrough).on('error', (err: Error) => out.destroy(err));
  return out as unknown as SubsetStream;
}

/**
 * fontkit's TrueType subsetter writes a short 'loca' table (offsets halved) whenever the subset
 * is small, which misplaces every glyph after one of odd length, and many fonts built today do
 * not pad their glyphs. This rewrites 'glyf' with each glyph padded to 4 bytes (and a long
 * 'loca'), which changes no outline. Fonts that are already aligned, and non-TrueType fonts,
 * are returned as they are.
 */
export function padGlyphs(font: Uint8Array): Uint8Array {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  if (view.getUint32(0) !== 0x00010000 && view.getUint32(0) !== 0x74727565) return font; // not TrueType
  const numTables = view.getUint16(4);
  const tables = new Map<string, { offset: number; length: number }>();
  for (let i = 0; i < numTables; i++) {
    const at = 12 + 16 * i;
    const tag = String.fromCharCode(...font.subarray(at, at + 4));
    tables.set(tag, { offset: view.getUint32(at + 8), length: view.getUint32(at + 12) });
  }
  const head = tables.get('head');
  const maxp = tables.get('maxp');
  const loca = tables.get('loca');
  const glyf = tables.get('glyf');
  if (!head || !maxp || !loca || !glyf) return font;

  const longLoca = view.getInt16(head.offset + 50) === 1;
  const numGlyphs = view.getUint16(maxp.offset + 4);
  const offsets: number[] = [];
  for (let g = 0; g <= numGlyphs; g++)
    offsets.push(longLoca ? view.getUint32(loca.offset + 4 * g) : view.getUint16(loca.offset + 2 * g) * 2);
  if (offsets.every((o) => o % 4 === 0)) return font;

  const padded = (n: number) => (n + 3) & ~3;
  let glyfLength = 0;
  for (let g = 0; g < numGlyphs; g++) glyfLength += padded(offsets[g + 1] - offsets[g]);
  const newGlyf = new Uint8Array(glyfLength);
  const newLoca = new Uint8Array(4 * (numGlyphs + 1));
  const locaView = new DataView(newLoca.buffer);
  let at = 0;
  for (let g = 0; g < numGlyphs; g++) {
    locaView.setUint32(4 * g, at);
    newGlyf.set(font.subarray(glyf.offset + offsets[g], glyf.offset + offsets[g + 1]), at);
    at += padded(offsets[g + 1] - offsets[g]);
  }
  locaView.setUint32(4 * numGlyphs, at);
  const newHead = font.slice(head.offset, head.offset + head.length);
  const headView = new DataView(newHead.buffer);
  headView.setUint32(8, 0); // checkSumAdjustment, set below
  headView.setInt16(50, 1); // indexToLocFormat: long

  const data = new Map<string, Uint8Array>();
  for (const [tag, t] of tables) data.set(tag, font.subarray(t.offset, t.offset + t.length));
  data.set('glyf', newGlyf);
  data.set('loca', newLoca);
  data.set('head', newHead);

  const tags = [...tables.keys()].sort();
  let size = 12 + 16 * numTables;
  for (const tag of tags) size += padded(data.get(tag)!.length);
  const out = new Uint8Array(size);
  const outView = new DataView(out.buffer);
  out.set(font.subarray(0, 12));
  let offset = 12 + 16 * numTables;
  tags.forEach((tag, i) => {
    const bytes = data.get(tag)!;
    const record = 12 + 16 * i;
    for (let k = 0; k < 4; k++) out[record + k] = tag.charCodeAt(k);
    outView.setUint32(record + 4, checksum(bytes));
    outView.setUint32(record + 8, offset);
    outView.setUint32(record + 12, bytes.length);
    out.set(bytes, offset);
    offset += padded(bytes.length);
  });
  const headOffset = outView.getUint32(12 + 16 * tags.indexOf('head') + 8);
  outView.setUint32(headOffset + 8, (0xb1b0afba - checksum(out)) >>> 0);
  return out;
}

function checksum(bytes: Uint8Array): number {
  const words = new Uint8Array((bytes.length + 3) & ~3);
  words.set(bytes);
  const view = new DataView(words.buffer);
  let sum = 0;
  for (let i = 0; i < words.length; i += 4) sum = (sum + view.getUint32(i)) >>> 0;
  return sum;
}
