import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * `aria-busy` while the element shows a skeleton or loads a next page, so assistive technology waits for
 * the content instead of reading the placeholder.
 */
export class BusyState implements ReactiveController {
  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement & { renderRoot: HTMLElement | DocumentFragment },
  ) {
    host.addController(this);
  }

  hostUpdated(): void {
    if (this.host.renderRoot.querySelector('.sk-wrap, .foot [aria-disabled="true"]'))
      this.host.setAttribute('aria-busy', 'true');
    else this.host.removeAttribute('aria-busy');
  }
}
