import { html, nothing } from 'lit';

/**
 * The card an element renders in: a region named by its heading (the element's `<h2 id="title">`), styled
 * and exposed as the `card` part. A payslip is a document, so it is an `<article>`; everything else a `<section>`.
 */
export const card = (body: unknown, tag: 'section' | 'article' = 'section') =>
  tag === 'article'
    ? html`<article class="card" part="card" aria-labelledby="title">${body}</article>`
    : html`<section class="card" part="card" aria-labelledby="title">${body}</section>`;

/** What a card's title bar holds beside its heading; a part left out (or `nothing`) is not drawn. */
export interface HeaderParts {
  /** A line above the heading: what kind of record the card shows ("Pay run", "Payslip"). */
  eyebrow?: unknown;
  /** A line under the heading. */
  sub?: unknown;
  /** At the bar's end: the sample-data marker, status pills, search and actions. */
  end?: unknown;
}

const given = (x: unknown) => x !== undefined && x !== nothing;

/**
 * A card's title bar, exposed as the `header` part: the heading that names the card (`id="title"`, which the
 * card's region is labelled by) and what `parts` adds. `top`: the bar above a dashboard's tiles.
 */
export const header = (title: unknown, { eyebrow, sub, end }: HeaderParts = {}, variant: 'head' | 'top' = 'head') => {
  const h2 = html`<h2 id="title">${title}</h2>`;
  const named =
    given(eyebrow) || given(sub)
      ? html`<div>
          ${given(eyebrow) ? html`<p class="eyebrow">${eyebrow}</p>` : nothing}${h2}
          ${given(sub) ? html`<p class="sub">${sub}</p>` : nothing}
        </div>`
      : h2;
  return html`<header class=${variant} part="header">${named} ${given(end) ? end : nothing}</header>`;
};
