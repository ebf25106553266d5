/**
 * A tiny scripted HTTP server on 127.0.0.1 (port 0) for tests over real
 * sockets. Each test passes a handler that sees every request (with its body
 * read) and its 1-based sequence number, and answers, delays, or resets.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface SeenRequest {
  n: number;
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export type Handler = (req: SeenRequest, res: http.ServerResponse) => void | Promise<void>;

export interface TestServer {
  url: string;
  origin: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

export async function startServer(handler: Handler): Promise<TestServer> {
  const seen: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const r: SeenRequest = {
        n: seen.length + 1,
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      };
      seen.push(r);
      Promise.resolve(handler(r, res)).catch((err: unknown) => {
        res.statusCode = 599;
        res.end(String(err));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    origin,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function text(
  res: http.ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-length": Buffer.byteLength(body), ...headers });
  res.end(body);
}

/** Drops the connection without an answer (the client sees a reset / "other side closed"). */
export function reset(res: http.ServerResponse): void {
  res.socket?.resetAndDestroy();
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
