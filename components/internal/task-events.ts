import { TaskStatus, type Task } from '@lit/task';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { PayrailApiError } from '../client/errors.js';
import type { PayrailEventMap, PayrailEventName } from './events.js';
import { errorKind } from './states.js';

type AnyTask = Task<readonly unknown[], unknown>;

/** What the events need of the element: its way of dispatching them, and whether its data is live. */
export interface TaskEventsOwner {
  emit<K extends PayrailEventName>(name: K, detail: PayrailEventMap[K]): CustomEvent<PayrailEventMap[K]>;
  live(): boolean;
}

/**
 * The lifecycle events that follow an element's data tasks: `payrail-load` when a task completes with data,
 * `payrail-error` when it fails (not when it was aborted), and `payrail-session-expired` besides when the
 * failure is the session's. Each change of a task's outcome is told once, after the update that shows it.
 */
export class TaskEvents implements ReactiveController {
  #watched: { task: AnyTask; status: TaskStatus; value?: unknown; error?: unknown }[] = [];

  constructor(
    host: ReactiveControllerHost,
    private readonly owner: TaskEventsOwner,
  ) {
    host.addController(this);
  }

  watch<T extends AnyTask>(task: T): T {
    this.#watched.push({ task, status: task.status });
    return task;
  }

  /** Some watched task holds data (from whichever API it last read). */
  get holdsData(): boolean {
    return this.#watched.some((w) => w.task.value !== undefined);
  }

  /** Some watched task has completed: what is on screen came from the current API. */
  get anyComplete(): boolean {
    return this.#watched.some((w) => w.task.status === TaskStatus.COMPLETE);
  }

  rerun(): void {
    for (const w of this.#watched) void w.task.run();
  }

  hostUpdated(): void {
    for (const w of this.#watched) {
      const { status, value, error } = w.task;
      if (status === w.status && value === w.value && error === w.error) continue;
      const fresh = status !== w.status || (status === TaskStatus.COMPLETE ? value !== w.value : error !== w.error);
      Object.assign(w, { status, value, error });
      if (!fresh) continue;
      if (status === TaskStatus.COMPLETE && value !== undefined) {
        this.owner.emit('payrail-load', { sample: !this.owner.live() });
      } else if (status === TaskStatus.ERROR && !(error instanceof DOMException && error.name === 'AbortError')) {
        const envelope = PayrailApiError.envelopeOf(error);
        this.owner.emit('payrail-error', envelope);
        if (errorKind(error) === 'session') this.owner.emit('payrail-session-expired', envelope);
      }
    }
  }
}
