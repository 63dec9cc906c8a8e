import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';
import { embedPayslipFonts, padGlyphs, type2Charstring } from '../../../api/services/outputs/payslip-fonts.ts';

const HAS_PDFTOPPM = !spawnSync('pdftoppm', ['-v']).error;
const workDir = mkdtempSync(join(tmpdir(), 'payrail-fonts-'));
after(() => rmSync(workDir, { recursive: true, force: true }));

const arimoBold = () =>
  new Uint8Array(
    readFileSync(createRequire(import.meta.url).resolve('@expo-google-fonts/arimo/700Bold/Arimo_700Bold.ttf')),
  );

function glyphOffsets(font: Uint8Array): number[] {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const table = (tag: string) => {
    for (let i = 0; i < view.getUint16(4); i++) {
      const at = 12 + 16 * i;
      if (String.fromCharCode(...font.subarray(at, at + 4)) === tag) return view.getUint32(at + 8);
    }
    throw new Error(`no ${tag} table`);
  };
  const long = view.getInt16(table('head') + 50) === 1;
  const count = view.getUint16(table('maxp') + 4);
  const loca = table('loca');
  return Array.from({ length: count + 1 }, (_, g) =>
    long ? view.getUint32(loca + 4 * g) : view.getUint16(loca + 2 * g) * 2,
  );
}

test('padGlyphs aligns every glyph to 4 bytes and changes no outline or metric', () => {
  const original = arimoBold();
  assert.ok(
    glyphOffsets(original).some((o) => o % 4 !== 0),
    'the shipped font has unaligned glyphs, so this test means something',
  );
  const padded = padGlyphs(original);
  assert.ok(glyphOffsets(padded).every((o) => o % 4 === 0));
  assert.equal(padGlyphs(padded), padded, 'an aligned font is returned as it is');

  const before = fontkit.create(original);
  const after = fontkit.create(padded);
  assert.equal(after.numGlyphs, before.numGlyphs);
  assert.deepEqual(after.characterSet, before.characterSet);
  for (const ch of 'Aẫ€ΓώЖ&ß') {
    const [a, b] = [before, after].map((f) => f.glyphForCodePoint(ch.codePointAt(0)!));
    assert.equal(b.path.toSVG(), a.path.toSVG(), `outline of ${ch}`);
    assert.equal(b.advanceWidth, a.advanceWidth, `width of ${ch}`);
  }
});

/** Dark pixels in each of `cells` equal columns of a one-page PDF's greyscale rendering. */
function inkPerCell(pdf: Uint8Array, cells: number): number[] {
  const file = join(workDir, `ink-${cells}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-gray', '-r', '72', '-singlefile', file, join(workDir, 'ink')]);
  const pgm = readFileSync(join(workDir, 'ink.pgm'));
  const [, width, height] = pgm
    .toString('latin1', 0, 20)
    .match(/^P5\s+(\d+)\s+(\d+)\s+255\s/)!
    .map(Number);
  const pixels = pgm.subarray(pgm.length - width * height);
  const ink = new Array<number>(cells).fill(0);
  pixels.forEach((v, i) => {
    if (v < 128) ink[Math.min(cells - 1, Math.floor(((i % width) * cells) / width))]++;
  });
  return ink;
}

test('every glyph of the subsets prints, Latin, Greek, Cyrillic and CJK alike', async (t) => {
  if (!HAS_PDFTOPPM) return t.skip('pdftoppm not installed');
  // Unpadded TrueType glyphs and CJK glyphs that go back and forth between the CFF font dicts of
  // ideographs, kana and symbols are what fontkit's own subsetting gets wrong (blank glyphs).
  const chars = [...'NgyễΓώЖ&ß8', ...'王はな✓小こ株山式会社子明'];
  const doc = await PDFDocument.create();
  const fonts = await embedPayslipFonts(doc, chars.join(''), 'ink');
  const cell = 40;
  const page = doc.addPage([cell * chars.length, 2 * cell]);
  chars.forEach((ch, i) => {
    for (const [row, stack] of [fonts.regular, fonts.bold].entries()) {
      const [run] = stack.runs(stack.prepare(ch));
      assert.equal(run.text, ch);
      page.drawText(run.text, { x: cell * i + 8, y: row * cell + 10, size: 24, font: run.font });
    }
  });
  const ink = inkPerCell(await doc.save(), chars.length);
  ink.forEach((n, i) => assert.ok(n > 40, `${chars[i]} printed (${n} dark pixels)`));
});

test('a CJK face embedded for a weight that draws none of it still saves', async () => {
  const doc = await PDFDocument.create();
  const fonts = await embedPayslipFonts(doc, 'Payslip 王小明', 'unused');
  const page = doc.addPage();
  for (const run of fonts.regular.runs(fonts.regular.prepare('Payslip')))
    page.drawText(run.text, { x: 40, y: 700, font: run.font });
  const bytes = await doc.save();
  assert.equal((await PDFDocument.load(bytes)).getPageCount(), 1);
});

/** Reads back what type2Charstring writes: the width and the absolute points of each operator. */
function readCharstring(bytes: Uint8Array): { width: number; ops: [number, number[]][] } {
  const stack: number[] = [];
  const ops: [number, number[]][] = [];
  let width = NaN;
  let [x, y] = [0, 0];
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i++];
    if (b >= 32 && b <= 246) stack.push(b - 139);
    else if (b >= 247 && b <= 250) stack.push((b - 247) * 256 + bytes[i++] + 108);
    else if (b >= 251 && b <= 254) stack.push(-(b - 251) * 256 - bytes[i++] - 108);
    else if (b === 28) {
      stack.push(new DataView(bytes.buffer, bytes.byteOffset + i, 2).getInt16(0));
      i += 2;
    } else if (b === 255) {
      stack.push(new DataView(bytes.buffer, bytes.byteOffset + i, 4).getInt32(0) / 65536);
      i += 4;
    } else {
      const args = stack.splice(0);
      if (Number.isNaN(width)) width = args.shift()!;
      const points: number[] = [];
      for (let k = 0; k < args.length; k += 2) points.push((x += args[k]), (y += args[k + 1]));
      ops.push([b, points]);
    }
  }
  return { width, ops };
}

test('type2Charstring writes moves, lines and curves that read back to the same points', () => {
  const commands = [
    { command: 'moveTo', args: [0, 0] },
    { command: 'lineTo', args: [107, -107] },
    { command: 'lineTo', args: [1238, -1238] },
    { command: 'closePath', args: [] },
    { command: 'moveTo', args: [-30000, 30000] },
    { command: 'bezierCurveTo', args: [-29999.5, 30000.25, 12, -7, 500, 2] },
  ];
  const { width, ops } = readCharstring(type2Charstring(commands, 1000));
  assert.equal(width, 1000);
  assert.deepEqual(ops, [
    [21, [0, 0]],
    [5, [107, -107]],
    [5, [1238, -1238]],
    [21, [-30000, 30000]],
    [8, [-29999.5, 30000.25, 12, -7, 500, 2]],
    [14, []],
  ]);

  // And the outlines of the CJK font's glyphs, as fontkit reads them.
  const cjk = fontkit.create(
    readFileSync(
      join(dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')), '../fonts/NotoSansHans-Bold.otf'),
    ),
  );
  for (const ch of '王はな✓株') {
    const glyph = cjk.glyphForCodePoint(ch.codePointAt(0)!);
    const { commands } = glyph.path as unknown as { commands: { command: string; args: number[] }[] };
    const drawn = commands.filter((c) => c.command !== 'closePath');
    const read = readCharstring(type2Charstring(commands, glyph.advanceWidth)).ops.slice(0, -1);
    assert.deepEqual(
      read.map(([, points]) => points),
      drawn.map((c) => c.args),
      `outline of ${ch}`,
    );
  }
});
