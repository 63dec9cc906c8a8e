import type { PDFFont } from 'pdf-lib';

// The standard PDF fonts only carry the WinAnsi glyph set. Characters outside it would make
// pdf-lib throw mid-render, so they are folded to a close equivalent or replaced.
const SUBSTITUTES: Record<string, string> = {
  '\u2212': '-', // minus sign
  '\u2010': '-',
  '\u2011': '-',
  '\u202f': '\u00a0', // narrow no-break space, used by some locales' number formats
  '\u2009': ' ',
  '\u2007': ' ',
  '\u200b': '',
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0110': 'D',
  '\u0111': 'd',
  '\u0131': 'i',
};

const charsets = new WeakMap<PDFFont, Set<number>>();

function charsetOf(font: PDFFont): Set<number> {
  let set = charsets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charsets.set(font, set);
  }
  return set;
}

/** Returns text the font can encode: unsupported characters become a base letter, a substitute or '?'. */
export function encodable(font: PDFFont, text: string): string {
  const set = charsetOf(font);
  let out = '';
  for (const ch of text.replace(/[\r\n\t]+/g, ' ')) {
    const cp = ch.codePointAt(0)!;
    if (set.has(cp)) {
      out += ch;
      continue;
    }
    const fits = (candidate: string) => [...candidate].every((c) => set.has(c.codePointAt(0)!));
    const sub = SUBSTITUTES[ch];
    const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    if (sub !== undefined && fits(sub)) out += sub;
    else if (sub !== undefined && /\s/.test(ch)) out += ' ';
    else if (base && fits(base)) out += base;
    else out += '?';
  }
  return out;
}
