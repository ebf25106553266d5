#!/usr/bin/env node
/**
 * supabase-emulator: runs the management API emulator until interrupted.
 * With --json it prints one line of EmulatorInfo once ready and nothing else
 * on stdout, for programs that start it; otherwise a banner for people.
 */
import { DEFAULT_LIMITS, DEFAULT_SETTINGS } from "./store/context";
import { redactUrl } from "./db";
import { startEmulator } from "./index";
import type { EmulatorOptions, RunningEmulator } from "./types";

const USAGE = `Usage: supabase-emulator [options]

Options:
  --host HOST                 interface to listen on (default 127.0.0.1)
  --port N                    port to listen on; 0 picks a free one (default 54330)
  --data-dir DIR              keep organizations, projects and databases in DIR (default: in memory)
  --postgres-url URL          give each project a database on this PostgreSQL server instead of embedded PGlite
  --access-token TOKEN        the bearer token to accept (default: a generated sbp_ token)
  --provisioning-delay MS     how long a new project stays COMING_UP (default ${DEFAULT_SETTINGS.provisioningDelayMs})
  --deletion-delay MS         how long a deleted project stays GOING_DOWN (default ${DEFAULT_SETTINGS.deletionDelayMs})
  --no-rate-limit             never answer 429 (rate-limit headers are still sent)
  --allowed-host NAME         also serve requests whose Host header names NAME (repeatable);
                              always served: the bound address and localhost, others get 421
  --open-control-plane        let /_emulator/... answer WITHOUT the access token, on loopback only:
                              every local process (and any tool you run) can then read the
                              access token and the projects' JWT secrets, inject faults and
                              wipe all data. By default every control call needs the token.
  --control-token             the default, kept for older scripts: the control plane asks for
                              the access token
  --max-body-bytes N          largest request body; larger ones get 413 (default ${DEFAULT_LIMITS.maxBodyBytes})
  --request-timeout MS        time to send a whole request; slower ones get 408 (default ${DEFAULT_LIMITS.requestTimeoutMs})
  --handler-timeout MS        time to answer a request once read; then 504 (default ${DEFAULT_LIMITS.handlerTimeoutMs})
  --graphql-max-document-bytes N
                              largest GraphQL document; larger ones get 413 (default ${DEFAULT_LIMITS.graphqlMaxDocumentBytes})
  --graphql-max-fields N      most fields (aliases included, fragments expanded) in a GraphQL
                              document (default ${DEFAULT_LIMITS.graphqlMaxFields})
  --verbose                   log each request to stderr
  --json                      print one JSON line with the URLs and token once ready
  -h, --help                  show this help
`;

export interface CliOptions extends EmulatorOptions {
  json: boolean;
  help: boolean;
}

class UsageError extends Error {}

function nonNegativeInt(flag: string, value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n))
    throw new UsageError(`${flag} expects a non-negative integer, got "${value}"`);
  return n;
}

function positiveInt(flag: string, value: string): number {
  const n = nonNegativeInt(flag, value);
  if (n === 0) throw new UsageError(`${flag} expects a positive integer, got "${value}"`);
  return n;
}

export function parseArgs(argv: string[]): CliOptions {
  const opts: CliOptions = { host: "127.0.0.1", port: 54330, json: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.indexOf("=");
    const flag = arg.startsWith("--") && eq > 0 ? arg.slice(0, eq) : arg;
    const value = (): string => {
      if (arg.startsWith("--") && eq > 0) return arg.slice(eq + 1);
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case "--host":
        opts.host = value();
        break;
      case "--port":
        opts.port = nonNegativeInt(flag, value());
        break;
      case "--data-dir":
        opts.dataDir = value();
        break;
      case "--postgres-url":
        opts.postgresUrl = value();
        break;
      case "--access-token":
        opts.accessToken = value();
        break;
      case "--provisioning-delay":
        opts.provisioningDelayMs = nonNegativeInt(flag, value());
        break;
      case "--deletion-delay":
        opts.deletionDelayMs = nonNegativeInt(flag, value());
        break;
      case "--no-rate-limit":
        opts.rateLimit = { enabled: false };
        break;
      case "--control-token":
        opts.controlToken = true;
        break;
      case "--open-control-plane":
        opts.controlToken = false;
        break;
      case "--allowed-host":
        opts.allowedHosts = [...(opts.allowedHosts ?? []), value()];
        break;
      case "--max-body-bytes":
        opts.limits = { ...opts.limits, maxBodyBytes: positiveInt(flag, value()) };
        break;
      case "--request-timeout":
        opts.limits = { ...opts.limits, requestTimeoutMs: positiveInt(flag, value()) };
        break;
      case "--handler-timeout":
        opts.limits = { ...opts.limits, handlerTimeoutMs: positiveInt(flag, value()) };
        break;
      case "--graphql-max-document-bytes":
        opts.limits = { ...opts.limits, graphqlMaxDocumentBytes: positiveInt(flag, value()) };
        break;
      case "--graphql-max-fields":
        opts.limits = { ...opts.limits, graphqlMaxFields: positiveInt(flag, value()) };
        break;
      case "--verbose":
        opts.verbose = true;
        break;
      case "--json":
        opts.json = true;
        break;
      case "-h":
      case "--help":
        opts.help = true;
        break;
      default:
        throw new UsageError(`unknown option ${arg}`);
    }
  }
  if (opts.port !== undefined && opts.port > 65535) throw new UsageError("--port must be at most 65535");
  return opts;
}

export function banner(emu: RunningEmulator, opts: EmulatorOptions): string {
  const rows: Array<[string, string]> = [
    ["API URL", emu.apiUrl],
    ["Access token", emu.accessToken],
    ["Project URL", emu.projectUrlTemplate],
    ["GraphQL URL", `${emu.projectUrlTemplate}/graphql/v1`],
    ["Control URL", emu.controlUrl],
    [
      "Database",
      emu.database === "postgres" && opts.postgresUrl
        ? `postgres (${redactUrl(opts.postgresUrl)})`
        : "pglite (embedded)",
    ],
    ["Data dir", emu.dataDir ?? "none (in memory; everything is lost on exit)"],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  return [
    "supabase-emulator is running.",
    "",
    ...rows.map(([k, v]) => `${k.padStart(width + 4)}: ${v}`),
    "",
    "Management paths start with /v1. Management and control calls need the access token",
    "(Authorization: Bearer <token>). Press Ctrl+C to stop.",
    "",
  ].join("\n");
}

async function main(): Promise<number> {
  let opts: CliOptions;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`supabase-emulator: ${err.message}\n\n${USAGE}`);
    return 2;
  }
  if (opts.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const { json, help: _help, ...emulatorOptions } = opts;
  const emu = await startEmulator(emulatorOptions);
  const { close, port: _port, ...info } = emu;
  process.stdout.write(json ? `${JSON.stringify(info)}\n` : banner(emu, emulatorOptions));

  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      if (!json) process.stderr.write(`\nReceived ${signal}, stopping.\n`);
      resolve();
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  await close();
  return 0;
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`supabase-emulator: ${(err as Error)?.message ?? String(err)}\n`);
      process.exit(1);
    },
  );
}
