import { svg, type SVGTemplateResult } from 'lit';

// A handful of 24px stroke icons; inline so the SDK needs no icon font or extra request.
const icon = (d: SVGTemplateResult) =>
  svg`<svg class="icon" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${d}</svg>`;

export const icons = {
  alert: icon(svg`<circle cx="12" cy="12" r="9"/><path d="M12 7.5v5.5M12 16.5h.01"/>`),
  inbox: icon(svg`<path d="M3 13h5l1.5 3h5L16 13h5"/><path d="M5.5 5h13L21 13v5a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-5z"/>`),
  refresh: icon(svg`<path d="M20 11a8 8 0 1 0-2.3 5.7M20 5v6h-6"/>`),
  print: icon(
    svg`<path d="M7 9V3h10v6M7 18H5a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2"/><path d="M7 14h10v7H7z"/>`,
  ),
  download: icon(svg`<path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M4 19h16"/>`),
  check: icon(svg`<path d="m5 12.5 4.5 4.5L19 7.5"/>`),
  x: icon(svg`<path d="M7 7l10 10M17 7 7 17"/>`),
  search: icon(svg`<circle cx="11" cy="11" r="6.5"/><path d="m20 20-4.2-4.2"/>`),
  chevron: icon(svg`<path d="m9 6 6 6-6 6"/>`),
  users: icon(
    svg`<circle cx="9" cy="8" r="3.5"/><path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14a6.5 6.5 0 0 1 3.5 6"/>`,
  ),
  wallet: icon(
    svg`<path d="M4 7h15a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h11v3"/><path d="M16 13.5h.01"/>`,
  ),
  calendar: icon(svg`<rect x="3.5" y="5" width="17" height="15" rx="2"/><path d="M3.5 10h17M8 3v4M16 3v4"/>`),
  trend: icon(svg`<path d="m3 17 6-6 4 4 8-8M15 7h6v6"/>`),
  clock: icon(svg`<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>`),
  /** A neutral fact (a yes/no that is neither good nor bad). */
  dot: icon(svg`<circle cx="12" cy="12" r="3.5"/>`),
  info: icon(svg`<circle cx="12" cy="12" r="9"/><path d="M12 11v5.5M12 7.5h.01"/>`),
};
