/**
 * A pass-through handler that lets an interceptor look at the response head
 * without changing anything the downstream handler sees.
 */
import type { Dispatcher } from "undici";
import type { IncomingHttpHeaders } from "node:http";

export class ObservingHandler implements Dispatcher.DispatchHandler {
  readonly #inner: Dispatcher.DispatchHandler;
  readonly #onHead: (statusCode: number, headers: IncomingHttpHeaders) => void;

  constructor(inner: Dispatcher.DispatchHandler, onHead: (statusCode: number, headers: IncomingHttpHeaders) => void) {
    this.#inner = inner;
    this.#onHead = onHead;
  }

  onRequestStart(controller: Dispatcher.DispatchController, context: unknown): void {
    this.#inner.onRequestStart?.(controller, context);
  }
  onRequestUpgrade(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
    socket: import("node:stream").Duplex,
  ): void {
    this.#inner.onRequestUpgrade?.(controller, statusCode, headers, socket);
  }
  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
    statusMessage?: string,
  ): void {
    try {
      this.#onHead(statusCode, headers);
    } catch {
      // Bookkeeping must never break a response.
    }
    this.#inner.onResponseStart?.(controller, statusCode, headers, statusMessage);
  }
  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.#inner.onResponseData?.(controller, chunk);
  }
  onResponseEnd(controller: Dispatcher.DispatchController, trailers: IncomingHttpHeaders): void {
    this.#inner.onResponseEnd?.(controller, trailers);
  }
  onResponseError(controller: Dispatcher.DispatchController, error: Error): void {
    this.#inner.onResponseError?.(controller, error);
  }
}
