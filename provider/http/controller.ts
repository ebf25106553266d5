/**
 * Dispatch controllers for interceptors that hand a handler something other
 * than the connection's own controller: a request that failed before reaching
 * the network, or one that spans several attempts (retry).
 */
import type { Dispatcher } from "undici";

/** For a request that never reached a connection: abort only records the reason. */
export class DetachedController implements Dispatcher.DispatchController {
  #reason: Error | null = null;
  #aborted = false;
  get aborted(): boolean {
    return this.#aborted;
  }
  get paused(): boolean {
    return false;
  }
  get reason(): Error | null {
    return this.#reason;
  }
  abort(reason: Error): void {
    this.#aborted = true;
    this.#reason = reason;
  }
  pause(): void {}
  resume(): void {}
}

/**
 * A stable controller given to the downstream handler for the lifetime of a
 * request that may use several connections in turn. Calls go to the current
 * attempt's controller; an abort that arrives between attempts (while a
 * backoff timer runs) is remembered and reported through `onAbort`.
 */
export class ForwardingController implements Dispatcher.DispatchController {
  #target: Dispatcher.DispatchController | null = null;
  #paused = false;
  #reason: Error | null = null;
  #aborted = false;
  /** Set by the owner to learn about aborts that arrive while no attempt is running. */
  onAbortBetweenAttempts?: (reason: Error) => void;

  set target(target: Dispatcher.DispatchController | null) {
    this.#target = target;
    if (!target) return;
    if (this.#aborted) target.abort(this.#reason ?? new Error("aborted"));
    else if (this.#paused) target.pause();
  }

  get aborted(): boolean {
    return this.#aborted || (this.#target?.aborted ?? false);
  }
  /** True only when the downstream handler itself asked for the abort. */
  get abortedByDownstream(): boolean {
    return this.#aborted;
  }
  get paused(): boolean {
    return this.#paused;
  }
  get reason(): Error | null {
    return this.#reason ?? this.#target?.reason ?? null;
  }
  abort(reason: Error): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason;
    if (this.#target) this.#target.abort(reason);
    else this.onAbortBetweenAttempts?.(reason);
  }
  pause(): void {
    this.#paused = true;
    this.#target?.pause();
  }
  resume(): void {
    this.#paused = false;
    this.#target?.resume();
  }
}
