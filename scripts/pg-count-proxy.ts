/**
 * A TCP proxy in front of PostgreSQL that counts what clients send through
 * it, by reading the frontend protocol: a round trip is a Sync or a simple
 * Query message (the client then waits for ReadyForQuery), a statement is an
 * Execute or a simple Query message. Used by `npm run bench:graphql` to count
 * per request; it listens on 127.0.0.1 only.
 */
import * as net from "node:net";

export interface Counts {
  roundTrips: number;
  statements: number;
}

export async function countingProxy(target: URL): Promise<{ port: number; counts: Counts; close(): Promise<void> }> {
  const counts: Counts = { roundTrips: 0, statements: 0 };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    let buf = Buffer.alloc(0);
    let started = false;
    client.on("data", (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      for (;;) {
        if (!started) {
          if (buf.length < 4) break;
          const len = buf.readInt32BE(0);
          if (buf.length < len) break;
          buf = buf.subarray(len);
          // An SSLRequest is answered with one byte and followed by the real startup message.
          started = len !== 8;
          continue;
        }
        if (buf.length < 5) break;
        const type = String.fromCharCode(buf[0]);
        const len = buf.readInt32BE(1);
        if (buf.length < len + 1) break;
        if (type === "S" || type === "Q") counts.roundTrips++;
        if (type === "E" || type === "Q") counts.statements++;
        buf = buf.subarray(len + 1);
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("close", end).on("error", end);
    upstream.on("close", end).on("error", end);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    port: (server.address() as net.AddressInfo).port,
    counts,
    close: () =>
      new Promise((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
