// File names made of words (a person's name, a period) and the Content-Disposition header that carries them.
// Header values must be ASCII, so the name goes twice: transliterated in `filename` for old clients and
// UTF-8 percent-encoded in `filename*` (RFC 6266, RFC 8187) for the rest.

const GERMAN: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss' };

/** Words joined by hyphens, with anything a file system or a header could trip on left out. */
export function fileNamePart(words: string): string {
  return words
    .normalize('NFC')
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}-]/gu, ''))
    .filter(Boolean)
    .join('-');
}

/** The same name in ASCII: umlauts spelled out, other accents dropped. */
export function asciiFileName(name: string): string {
  return name
    .replace(/[äöüÄÖÜß]/g, (c) => GERMAN[c])
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]/g, '');
}

/** `inline` or `attachment` with the name in both forms; RFC 8187 leaves `'()*` to be encoded as well. */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${asciiFileName(filename)}"; filename*=UTF-8''${encoded}`;
}
