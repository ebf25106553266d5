/**
 * Exits a provider process whose engine is gone.
 *
 * The engine starts its providers as child processes and tells each its own
 * gRPC address. When the engine is killed (SIGKILL, an OOM, a CI job
 * cancelled), it never asks them to stop, and they would live on with parent
 * PID 1: the engine's Go plugins watch the engine for this reason, but the
 * Node.js SDK's provider hosts (our plugin, and the process that runs every
 * dynamic resource) do not. So both watch it here: the engine's address
 * refusing connections twice in a row means it is gone (a live engine accepts,
 * whatever it then answers).
 */
import * as net from "node:net";

export interface EngineWatchOptions {
  /** Between checks (default 1 000 ms). */
  intervalMs?: number;
  /** Called once when the engine is gone (default: a line on stderr, then exit 1). */
  onGone?: (why: string) => void;
  /** Called after every check with its outcome (for tests). */
  onCheck?: (alive: boolean) => void;
  /** Whether the watch keeps the process alive (default false: it never holds a provider up by itself). */
  keepAlive?: boolean;
}

/**
 * The engine's address among a provider's arguments, as the engine passes
 * them: logging and tracing flags (`--logtostderr`, `-v=N`, `--tracing URL`),
 * then the address.
 */
export function engineAddressFromArgs(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--tracing") i++;
    else if (!args[i]!.startsWith("-")) return args[i];
  }
  return undefined;
}

/** `host:port` or `[v6]:port`; undefined for anything else. */
export function parseEngineAddress(address: string | undefined): { host: string; port: number } | undefined {
  const m = /^\[?([^\]]*?)\]?:(\d{1,5})$/.exec(address ?? "");
  if (!m || !m[1]) return undefined;
  const port = Number(m[2]);
  return port > 0 && port < 65536 ? { host: m[1], port } : undefined;
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(5_000);
    const done = (alive: boolean) => {
      socket.destroy();
      resolve(alive);
    };
    socket.once("connect", () => done(true));
    // A timeout is not a refusal: a busy engine may be slow to accept.
    socket.once("timeout", () => done(true));
    socket.once("error", (err: NodeJS.ErrnoException) => done(err.code !== "ECONNREFUSED"));
  });
}

/**
 * Watches the engine at `address`; the timer does not keep the process alive.
 * Returns a function that stops watching. An unparsable address is not watched.
 */
export function watchEngine(address: string | undefined, options: EngineWatchOptions = {}): () => void {
  const target = parseEngineAddress(address);
  if (!target) return () => undefined;
  const onGone =
    options.onGone ??
    ((why: string) => {
      process.stderr.write(`supabase-pulumi: the engine is gone (${why}); exiting\n`);
      process.exit(1);
    });
  let refusals = 0;
  let checking = false;
  let stopped = false;
  const timer = setInterval(async () => {
    if (checking || stopped) return;
    checking = true;
    const alive = await accepts(target.host, target.port);
    checking = false;
    if (stopped) return;
    refusals = alive ? 0 : refusals + 1;
    options.onCheck?.(alive);
    if (refusals >= 2) {
      stopped = true;
      clearInterval(timer);
      onGone(`${address} refuses connections`);
    }
  }, options.intervalMs ?? 1_000);
  if (!options.keepAlive) timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

let watching = false;

/**
 * In the Node.js SDK's dynamic-provider host (the process the engine starts
 * for dynamic resources, `…/cmd/dynamic-provider/index.js <engine>`), watches
 * its engine once per process. Anywhere else (a program, the CLI) it does
 * nothing.
 */
export function watchEngineFromDynamicProviderHost(): void {
  if (watching) return;
  const script = require.main?.filename ?? process.argv[1] ?? "";
  if (!/[\\/]cmd[\\/]dynamic-provider[\\/]index\.js$/.test(script)) return;
  watching = true;
  watchEngine(engineAddressFromArgs(process.argv.slice(2)));
}
