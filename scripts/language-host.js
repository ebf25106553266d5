#!/usr/bin/env node
/**
 * A Node.js language host for the Pulumi CLI, used when the Go one
 * (pulumi-language-nodejs, a nested module without tags) cannot be built from
 * the module proxy. It speaks the LanguageRuntime gRPC protocol and runs the
 * program exactly as the Go host does: `node @pulumi/pulumi/cmd/run` with the
 * engine's arguments, config in PULUMI_CONFIG and the secret keys in
 * PULUMI_CONFIG_SECRET_KEYS.
 *
 * The CLI starts it as `pulumi-language-nodejs [-flags] <engine-address>` in the
 * project directory and reads the port it listens on from its first line of
 * output. @grpc/grpc-js and the protocol stubs are resolved from the project,
 * like the dynamic-provider shim resolves @pulumi/pulumi.
 *
 * It also runs Node.js policy packs (`pulumi preview --policy-pack DIR`): the
 * engine asks the language host of the pack's runtime to run it (RunPlugin,
 * kind "analyzer") whenever that host exists, as the Go host does with
 * `@pulumi/pulumi/cmd/run-policy-pack` resolved from the pack's directory.
 */
"use strict";
const { spawn } = require("node:child_process");
const { setInterval } = require("node:timers");

function fromProject(id) {
  return require(require.resolve(id, { paths: [process.cwd()] }));
}

const grpc = fromProject("@grpc/grpc-js");
const langrpc = fromProject("@pulumi/pulumi/proto/language_grpc_pb.js");
const langproto = fromProject("@pulumi/pulumi/proto/language_pb.js");
const plugproto = fromProject("@pulumi/pulumi/proto/plugin_pb.js");
const emptyproto = fromProject("google-protobuf/google/protobuf/empty_pb.js");
const pulumiVersion = fromProject("@pulumi/pulumi/package.json").version;

/** Programs running now (killed with the host when the engine is gone). */
const programs = new Set();

const positional = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const engineAddress = positional[positional.length - 1] || "";

function runProgram(req) {
  const info = req.getInfo && req.getInfo();
  const pwd = req.getPwd() || (info && info.getRootDirectory()) || process.cwd();
  const program = (info && info.getProgramDirectory()) || req.getProgram() || ".";
  const config = {};
  for (const [k, v] of req.getConfigMap().entries()) config[k] = v;
  const runScript = require.resolve("@pulumi/pulumi/cmd/run", { paths: [pwd] });
  const args = [
    runScript,
    `--monitor=${req.getMonitorAddress()}`,
    `--engine=${engineAddress}`,
    `--project=${req.getProject()}`,
    `--stack=${req.getStack()}`,
    `--pwd=${pwd}`,
    `--parallel=${req.getParallel() || 1}`,
  ];
  if (req.getOrganization()) args.push(`--organization=${req.getOrganization()}`);
  if (info && info.getRootDirectory()) args.push(`--root-directory=${info.getRootDirectory()}`);
  if (req.getDryrun()) args.push("--dry-run");
  args.push(program, ...req.getArgsList());
  // Runtime options from Pulumi.yaml (runtime.options), as the Go host reads them.
  const options = (info && info.getOptions() && info.getOptions().toJavaScript()) || {};
  const env = {
    ...process.env,
    PULUMI_CONFIG: JSON.stringify(config),
    PULUMI_CONFIG_SECRET_KEYS: JSON.stringify(req.getConfigsecretkeysList()),
    PULUMI_NODEJS_TYPESCRIPT: options.typescript === false ? "false" : "true",
  };
  if (typeof options.tsconfig === "string") env.PULUMI_NODEJS_TSCONFIG_PATH = options.tsconfig;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: pwd, env, stdio: ["ignore", "inherit", "inherit"] });
    programs.add(child);
    child.on("error", (err) => resolve({ error: `failed to start the program: ${err.message}` }));
    child.on("exit", (code, signal) => {
      programs.delete(child);
      if (code === 0) resolve({});
      // 32: the program already reported its error through the engine.
      else if (code === 32) resolve({ bail: true });
      else resolve({ error: `Program exited with ${signal ? `signal ${signal}` : `non-zero exit code: ${code}`}` });
    });
  });
}

/**
 * RunPlugin for policy packs: `node <run-policy-pack> <engine-args…> <pack dir>`
 * in the pack's directory, its output streamed back (the engine reads the
 * analyzer's port from the first line of stdout), then its exit code.
 */
function runPlugin(call) {
  const req = call.request;
  const send = (set) => {
    const resp = new langproto.RunPluginResponse();
    set(resp);
    call.write(resp);
  };
  const info = req.getInfo();
  const dir = (info && info.getProgramDirectory()) || req.getPwd() || process.cwd();
  if (req.getKind() !== "analyzer") {
    send((r) => r.setStderr(Buffer.from(`this language host runs policy packs only, not ${req.getKind()} plugins\n`)));
    send((r) => r.setExitcode(1));
    return call.end();
  }
  let runScript;
  try {
    runScript = require.resolve("@pulumi/pulumi/cmd/run-policy-pack", { paths: [dir] });
  } catch {
    send((r) => r.setStderr(Buffer.from(`@pulumi/pulumi is not installed where the policy pack ${dir} can load it\n`)));
    send((r) => r.setExitcode(1));
    return call.end();
  }
  const env = {};
  for (const kv of req.getEnvList()) {
    const i = kv.indexOf("=");
    if (i > 0) env[kv.slice(0, i)] = kv.slice(i + 1);
  }
  const child = spawn(process.execPath, [runScript, ...req.getArgsList(), dir], {
    cwd: dir,
    env: Object.keys(env).length ? env : process.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  programs.add(child);
  child.stdout.on("data", (b) => send((r) => r.setStdout(b)));
  child.stderr.on("data", (b) => send((r) => r.setStderr(b)));
  call.on("cancelled", () => child.kill("SIGTERM"));
  child.on("error", (err) => {
    send((r) => r.setStderr(Buffer.from(`failed to start the policy pack: ${err.message}\n`)));
  });
  child.on("close", (code, signal) => {
    programs.delete(child);
    send((r) => r.setExitcode(code === null ? (signal ? 128 : 1) : code));
    call.end();
  });
}

const service = {
  runPlugin,
  handshake(_call, cb) {
    cb(null, new langproto.LanguageHandshakeResponse());
  },
  getRequiredPlugins(_call, cb) {
    const resp = new langproto.GetRequiredPluginsResponse();
    resp.setPluginsList([]);
    cb(null, resp);
  },
  getRequiredPackages(_call, cb) {
    const resp = new langproto.GetRequiredPackagesResponse();
    resp.setPackagesList([]);
    cb(null, resp);
  },
  run(call, cb) {
    runProgram(call.request).then((r) => {
      const resp = new langproto.RunResponse();
      if (r.error) resp.setError(r.error);
      if (r.bail) resp.setBail(true);
      cb(null, resp);
    });
  },
  getPluginInfo(_call, cb) {
    const resp = new plugproto.PluginInfo();
    resp.setVersion(pulumiVersion);
    cb(null, resp);
  },
  installDependencies(call) {
    // Dependencies are installed with npm by the project itself.
    call.end();
  },
  runtimeOptionsPrompts(_call, cb) {
    cb(null, new langproto.RuntimeOptionsResponse());
  },
  about(_call, cb) {
    const resp = new langproto.AboutResponse();
    resp.setExecutable(process.execPath);
    resp.setVersion(process.version);
    cb(null, resp);
  },
  getProgramDependencies(_call, cb) {
    cb(null, new langproto.GetProgramDependenciesResponse());
  },
  cancel(_call, cb) {
    cb(null, new emptyproto.Empty());
  },
};

const unimplemented = (name) => (call, cb) => {
  const err = { code: grpc.status.UNIMPLEMENTED, details: `${name} is not implemented by this language host` };
  if (typeof cb === "function") cb(err);
  else call.emit("error", err);
};

const impl = {};
for (const name of Object.keys(langrpc.LanguageRuntimeService)) {
  const method = name.charAt(0).toLowerCase() + name.slice(1);
  impl[method] = service[method] || unimplemented(name);
}

const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
server.addService(langrpc.LanguageRuntimeService, impl);
server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, port) => {
  if (err) {
    console.error(`language host: ${err.message}`);
    process.exit(1);
  }
  // The CLI reads the port from the first line of output.
  process.stdout.write(`${port}\n`);
});

process.on("SIGTERM", () => server.forceShutdown());
process.on("SIGINT", () => server.forceShutdown());

// The engine's health, as the engine's own plugins watch it: when the engine
// is gone (killed, so it never asked us to stop), the host and the program it
// runs exit too, instead of living on with parent PID 1. Gone means our parent
// changed (the engine started us) or the engine's gRPC health check is
// unavailable twice in a row (any answer, even "unimplemented", is alive).
const parent = process.ppid;
const engine = engineAddress ? new grpc.Client(engineAddress, grpc.credentials.createInsecure()) : undefined;
let failures = 0;

function engineGone(why) {
  console.error(`language host: the engine is gone (${why}); exiting`);
  for (const child of programs) child.kill("SIGKILL");
  server.forceShutdown();
  process.exit(1);
}

function engineAnswers() {
  const empty = Buffer.alloc(0);
  return new Promise((resolve) => {
    engine.makeUnaryRequest(
      "/grpc.health.v1.Health/Check",
      () => empty,
      () => empty,
      empty,
      { deadline: Date.now() + 5000 },
      (err) => resolve(!err || err.code !== grpc.status.UNAVAILABLE),
    );
  });
}

let checking = false;
const watch = setInterval(async () => {
  if (process.ppid !== parent) return engineGone(`parent ${parent} exited`);
  if (!engine || checking) return;
  checking = true;
  failures = (await engineAnswers()) ? 0 : failures + 1;
  checking = false;
  if (failures >= 2) engineGone(`${engineAddress} does not answer`);
}, 1000);
watch.unref();
