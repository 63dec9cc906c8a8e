// Test oracle: executes the official Lohnsteuer<year>.xml statement by statement on a minimal
// java.math.BigDecimal look-alike, so the hand-written PAP modules can be compared with the BMF's own
// pseudo-code on thousands of inputs. Slow and only for tests; production uses api/packs/de/pap*.ts.

import { readFileSync } from 'node:fs';
import { Decimal } from 'decimal.js';

const Dx = Decimal.clone({ precision: 200, rounding: Decimal.ROUND_DOWN });
type DxT = InstanceType<typeof Dx>;

class BigDecimal {
  static readonly ROUND_UP = 0;
  static readonly ROUND_DOWN = 1;
  static readonly ZERO = new BigDecimal(0);
  static readonly ONE = new BigDecimal(1);
  readonly v: DxT;
  constructor(x: number | string | DxT) {
    this.v = new Dx(x);
  }
  // Java's valueOf(double) reads the shortest decimal form of the double, as String(x) does.
  static valueOf(x: number): BigDecimal {
    return new BigDecimal(String(x));
  }
  add(o: BigDecimal) {
    return new BigDecimal(this.v.plus(o.v));
  }
  subtract(o: BigDecimal) {
    return new BigDecimal(this.v.minus(o.v));
  }
  multiply(o: BigDecimal) {
    return new BigDecimal(this.v.times(o.v));
  }
  divide(o: BigDecimal, scale?: number, mode?: number): BigDecimal {
    if (scale === undefined) {
      const q = this.v.div(o.v);
      if (!q.times(o.v).eq(this.v)) throw new Error('ArithmeticException: non-terminating decimal expansion');
      return new BigDecimal(q);
    }
    const n = this.v.times(new Dx(10).pow(scale));
    let q = n.divToInt(o.v);
    if (mode === BigDecimal.ROUND_UP && !q.times(o.v).eq(n)) q = n.isNeg() !== o.v.isNeg() ? q.minus(1) : q.plus(1);
    return new BigDecimal(q.div(new Dx(10).pow(scale)));
  }
  setScale(scale: number, mode: number): BigDecimal {
    return new BigDecimal(this.v.toDecimalPlaces(scale, mode === BigDecimal.ROUND_UP ? Dx.ROUND_UP : Dx.ROUND_DOWN));
  }
  compareTo(o: BigDecimal): number {
    return this.v.cmp(o.v);
  }
  longValue(): number {
    return this.v.trunc().toNumber();
  }
}

interface XmlNode {
  tag: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"' };
const decode = (s: string) => s.replace(/&(lt|gt|amp|quot);/g, (m) => ENTITIES[m]);

function parseXml(text: string): XmlNode {
  const root: XmlNode = { tag: '#root', attrs: {}, children: [] };
  const stack = [root];
  const re = /<!--[\s\S]*?-->|<(\/?)([A-Z]+)((?:\s+[\w]+\s*=\s*"[^"]*")*)\s*(\/?)>/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0].startsWith('<!--')) continue;
    const [, close, tag, attrText, selfClose] = m;
    if (close) {
      stack.pop();
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of attrText.matchAll(/([\w]+)\s*=\s*"([^"]*)"/g)) attrs[a[1]] = decode(a[2]);
    const node: XmlNode = { tag, attrs, children: [] };
    stack[stack.length - 1].children.push(node);
    if (!selfClose) stack.push(node);
  }
  return root;
}

type Scope = Record<string, unknown>;
type Compiled = (scope: Scope, bd: typeof BigDecimal) => unknown;

function compile(code: string, asExpression: boolean): Compiled {
  const body = asExpression ? `with ($) { return (${code}); }` : `with ($) { ${code}; }`;
  return new Function('$', 'BigDecimal', body) as Compiled;
}

const find = (n: XmlNode, tag: string): XmlNode[] => n.children.filter((c) => c.tag === tag);

export class PapXmlOracle {
  private readonly methods = new Map<string, XmlNode>();
  private readonly main: XmlNode;
  private readonly declarations: { name: string; type: string; init?: string; kind: string }[] = [];
  private readonly cache = new Map<XmlNode, Compiled>();

  constructor(xmlPath: string | URL) {
    const pap = find(parseXml(readFileSync(xmlPath, 'utf8')), 'PAP')[0];
    const vars = find(pap, 'VARIABLES')[0];
    for (const group of vars.children) {
      for (const v of group.children) {
        this.declarations.push({ name: v.attrs.name, type: v.attrs.type, init: v.attrs.default, kind: v.tag });
      }
    }
    for (const c of find(find(pap, 'CONSTANTS')[0], 'CONSTANT')) {
      this.declarations.push({ name: c.attrs.name, type: c.attrs.type, init: c.attrs.value, kind: 'CONSTANT' });
    }
    const methods = find(pap, 'METHODS')[0];
    this.main = find(methods, 'MAIN')[0];
    for (const m of find(methods, 'METHOD')) this.methods.set(m.attrs.name, m);
  }

  private fn(node: XmlNode, code: string, asExpression: boolean): Compiled {
    let f = this.cache.get(node);
    if (!f) {
      f = compile(code, asExpression);
      this.cache.set(node, f);
    }
    return f;
  }

  private exec(nodes: XmlNode[], scope: Scope): void {
    for (const n of nodes) {
      if (n.tag === 'EVAL') this.fn(n, n.attrs.exec, false)(scope, BigDecimal);
      else if (n.tag === 'EXECUTE') this.exec(this.methods.get(n.attrs.method)!.children, scope);
      else if (n.tag === 'IF') {
        const ok = this.fn(n, n.attrs.expr, true)(scope, BigDecimal);
        const branch = find(n, ok ? 'THEN' : 'ELSE')[0];
        if (branch) this.exec(branch.children, scope);
      } else throw new Error(`unexpected element ${n.tag}`);
    }
  }

  /** Runs MAIN; inputs are plain numbers (amounts in cents), outputs come back as decimal strings. */
  run(inputs: Record<string, number>): Record<string, string> {
    const scope: Scope = {};
    for (const d of this.declarations) {
      if (d.init !== undefined && d.init !== '') {
        const init = d.init.startsWith('{') ? `[${d.init.slice(1, -1)}]` : d.init;
        scope[d.name] = compile(init, true)(scope, BigDecimal);
      } else {
        scope[d.name] = d.type === 'BigDecimal' ? BigDecimal.ZERO : 0;
      }
    }
    for (const [name, value] of Object.entries(inputs)) {
      const d = this.declarations.find((x) => x.name === name && x.kind === 'INPUT');
      if (!d) throw new Error(`${name} is not an input of this PAP`);
      scope[name] = d.type === 'BigDecimal' ? new BigDecimal(String(value)) : value;
    }
    this.exec(this.main.children, scope);
    const out: Record<string, string> = {};
    for (const d of this.declarations.filter((x) => x.kind === 'OUTPUT')) {
      out[d.name] = (scope[d.name] as BigDecimal).v.toFixed();
    }
    return out;
  }
}
