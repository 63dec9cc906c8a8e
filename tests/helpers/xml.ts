// A strict, small XML parser for tests that read files the service writes (SEPA pain.001): one root,
// matched tags, quoted attributes, the predefined and numeric entities, comments and the declaration.
// Anything not well-formed throws, so a file that parses here is well-formed XML 1.0 as far as these
// files go (no DTDs, no CDATA, no processing instructions but the declaration).

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own text, entities decoded (whitespace between child elements dropped). */
  text: string;
}

const NAME = /^[A-Za-z_][\w.-]*(:[A-Za-z_][\w.-]*)?/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string, at: number): string {
  if (/[<]/.test(raw)) throw new SyntaxError(`raw < in text near ${at}`);
  return raw.replace(/&([^;]*);?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) throw new SyntaxError(`unterminated entity near ${at}`);
    if (ref in ENTITIES) return ENTITIES[ref];
    const num = /^#(x[0-9a-fA-F]+|\d+)$/.exec(ref);
    if (!num) throw new SyntaxError(`unknown entity &${ref}; near ${at}`);
    return String.fromCodePoint(num[1][0] === 'x' ? parseInt(num[1].slice(1), 16) : Number(num[1]));
  });
}

export function parseXml(src: string): XmlElement {
  let i = 0;
  const skipMisc = () => {
    for (;;) {
      const ws = /^\s*/.exec(src.slice(i))![0].length;
      i += ws;
      if (src.startsWith('<!--', i)) {
        const end = src.indexOf('-->', i);
        if (end < 0) throw new SyntaxError('unterminated comment');
        i = end + 3;
      } else return;
    }
  };
  if (src.startsWith('<?xml')) {
    const end = src.indexOf('?>');
    if (end < 0) throw new SyntaxError('unterminated declaration');
    i = end + 2;
  }
  skipMisc();
  const root = element();
  skipMisc();
  if (i !== src.length) throw new SyntaxError(`content after the root element at ${i}`);
  return root;

  function element(): XmlElement {
    if (src[i] !== '<') throw new SyntaxError(`expected < at ${i}`);
    i++;
    const name = NAME.exec(src.slice(i))?.[0];
    if (!name) throw new SyntaxError(`expected a tag name at ${i}`);
    i += name.length;
    const attrs: Record<string, string> = {};
    for (;;) {
      const ws = /^\s*/.exec(src.slice(i))![0].length;
      i += ws;
      if (src.startsWith('/>', i)) {
        i += 2;
        return { name, attrs, children: [], text: '' };
      }
      if (src[i] === '>') {
        i++;
        break;
      }
      if (!ws) throw new SyntaxError(`expected whitespace before an attribute at ${i}`);
      const m = /^([A-Za-z_][\w.:-]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/.exec(src.slice(i));
      if (!m) throw new SyntaxError(`bad attribute at ${i}`);
      if (m[1] in attrs) throw new SyntaxError(`repeated attribute ${m[1]}`);
      attrs[m[1]] = decode(m[3] ?? m[4], i);
      i += m[0].length;
    }
    const children: XmlElement[] = [];
    let text = '';
    for (;;) {
      const next = src.indexOf('<', i);
      if (next < 0) throw new SyntaxError(`unclosed <${name}>`);
      text += decode(src.slice(i, next), i);
      i = next;
      if (src.startsWith(`</`, i)) {
        const close = new RegExp(`^</${name.replace(/[.:-]/g, '\\$&')}\\s*>`).exec(src.slice(i));
        if (!close) throw new SyntaxError(`mismatched closing tag at ${i}, expected </${name}>`);
        i += close[0].length;
        return { name, attrs, children, text: children.length ? text.trim() : text };
      }
      if (src.startsWith('<!--', i)) {
        const end = src.indexOf('-->', i);
        if (end < 0) throw new SyntaxError('unterminated comment');
        i = end + 3;
        continue;
      }
      children.push(element());
    }
  }
}

/** The child elements named `name`. */
export const childrenOf = (el: XmlElement, name: string): XmlElement[] => el.children.filter((c) => c.name === name);

/** The element at a `/`-separated path of child names; throws when it is absent. */
export function at(el: XmlElement, path: string): XmlElement {
  let cur = el;
  for (const step of path.split('/')) {
    const next = cur.children.find((c) => c.name === step);
    if (!next) throw new Error(`no ${step} under ${cur.name} (path ${path})`);
    cur = next;
  }
  return cur;
}

/** The text at a path, or null when the path is absent. */
export function textAt(el: XmlElement, path: string): string | null {
  try {
    return at(el, path).text;
  } catch {
    return null;
  }
}
