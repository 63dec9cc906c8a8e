import { css, html, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { icons } from './icons.js';

/**
 * A search box whose words are sent to the API (`q`), not matched against the rows already loaded.
 * Typing settles for a moment before the list reloads, so each word does not cost a request.
 */
export class SearchController implements ReactiveController {
  /** What is in the box. */
  value = '';
  /** What the list was last asked for (trimmed). */
  q = '';
  #timer?: ReturnType<typeof setTimeout>;

  constructor(
    private host: ReactiveControllerHost,
    private delay = 250,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    clearTimeout(this.#timer);
  }

  input(v: string): void {
    this.value = v;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.commit(), this.delay);
    this.host.requestUpdate();
  }

  /** Asks now (Enter, or a test). */
  commit(): void {
    clearTimeout(this.#timer);
    const q = this.value.trim();
    if (q === this.q) return;
    this.q = q;
    this.host.requestUpdate();
  }

  render(label: string) {
    return html`<label class="search"
      >${icons.search}<span class="vh">${label}</span>
      <input
        part="search"
        type="search"
        placeholder=${label}
        .value=${this.value}
        @input=${(e: Event) => this.input((e.target as HTMLInputElement).value)}
        @keydown=${(e: KeyboardEvent) => e.key === 'Enter' && this.commit()}
        @search=${() => this.commit()}
    /></label>`;
  }
}

export const searchStyles = css`
  .search {
    position: relative;
    display: flex;
    align-items: center;
    width: min(280px, 100%);
    color: var(--_muted);
  }
  .search .icon {
    position: absolute;
    left: 11px;
    pointer-events: none;
  }
  input {
    width: 100%;
    height: 36px;
    padding: 0 12px 0 34px;
    font: inherit;
    font-size: 13px;
    color: var(--_text);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    box-shadow: 0 1px 2px rgb(16 24 40 / 0.05);
    transition:
      border-color 0.15s,
      box-shadow 0.15s;
  }
  input::placeholder {
    color: var(--_muted);
  }
  input:focus {
    outline: none;
    border-color: var(--_primary);
    box-shadow: 0 0 0 3px color-mix(in srgb, var(--_primary) 18%, transparent);
  }
`;
