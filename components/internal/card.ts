import { html } from 'lit';

/**
 * The card an element renders in: a region named by its heading (the element's `<h2 id="title">`), styled
 * and exposed as the `card` part. A payslip is a document, so it is an `<article>`; everything else a `<section>`.
 */
export const card = (body: unknown, tag: 'section' | 'article' = 'section') =>
  tag === 'article'
    ? html`<article class="card" part="card" aria-labelledby="title">${body}</article>`
    : html`<section class="card" part="card" aria-labelledby="title">${body}</section>`;
