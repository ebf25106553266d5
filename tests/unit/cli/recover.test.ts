/**
 * `supabase-pulumi recover` without an engine: the kind of a resource from
 * each of its type tokens, the plan for each pending operation (exactly one
 * match, none, several, a kind that adopts, a lookup that fails, a resource
 * of another package, updates and deletes), the multiple-match listing with
 * the command that imports the right one, the edited state, the arguments,
 * and the repair of a file backend's unreadable checkpoint.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { CreatedObject, RecoverHook } from "../../../provider/kind";
import type { ResourceKind } from "../../../provider/registry";
import { editedState } from "../../../cli/recover/apply";
import { fileBackendDir, isUnreadableCheckpoint, repairFileBackend } from "../../../cli/recover/checkpoint";
import { formatPlan, planRecovery, type HookOf } from "../../../cli/recover/plan";
import { parseArgs } from "../../../cli/recover";
import { heldIds, kindOf, SECRET_MARK, SECRET_SIG, type Deployment } from "../../../cli/recover/state";
import { runCli } from "../../../cli/commands";

const URN = (type: string, name: string) => `urn:pulumi:dev::infra::${type}::${name}`;
const PROJECT_TYPE = "pulumi-nodejs:dynamic/supabase:Project";
const ENVELOPE = { [SECRET_SIG]: SECRET_MARK, ciphertext: "v1:abc" };

function pendingCreate(type: string, name: string, inputs: Record<string, unknown>) {
  return { type: "creating" as const, resource: { urn: URN(type, name), type, custom: true, inputs, parent: "p" } };
}

/** Hooks answering fixed matches, recording what they were asked. */
function hooks(matches: Partial<Record<ResourceKind, CreatedObject[] | Error>>) {
  const asked: Array<{ kind: ResourceKind; held: string[] }> = [];
  const hookOf: HookOf = (kind) => {
    if (kind === "authConfig" || kind === "secret") return { adopts: "create writes over what is there" };
    const answer = matches[kind];
    if (answer === undefined) return undefined;
    const hook: RecoverHook = {
      identity: (inputs) => `a ${kind} named "${String(inputs.name)}"`,
      findCreated: async (_inputs, held) => {
        asked.push({ kind, held: [...held] });
        if (answer instanceof Error) throw answer;
        return answer;
      },
    };
    return hook;
  };
  return { hookOf, asked };
}

describe("the kind of a resource", () => {
  test("from each type token: plugin, typed dynamic, generic dynamic by module or by value", () => {
    expect(kindOf("supabase:index:ApiKey", {})).toBe("apiKey");
    expect(kindOf("pulumi-nodejs:dynamic/supabase:Project", {})).toBe("project");
    const generic = "pulumi-nodejs:dynamic:Resource";
    expect(
      kindOf(generic, {
        __provider:
          'exports.handler = __f0;\nfunction __f0() { return require("supabase-pulumi/dist/sdk/providers/custom-hostname"); }',
      }),
    ).toBe("customHostname");
    expect(kindOf(generic, { __provider: 'var __kind = 1; const kind = "tableRows";\nreturn ...' })).toBe("tableRows");
    expect(kindOf(generic, { __provider: 'return (function() { with({ kind: "apiKey", this: undefined }) {' })).toBe(
      "apiKey",
    );
    expect(kindOf(generic, { __provider: "something else" })).toBeUndefined();
    expect(kindOf("aws:s3/bucket:Bucket", {})).toBeUndefined();
    expect(kindOf("supabase:index:NoSuchKind", {})).toBeUndefined();
  });

  test("the ids each kind's resources hold", () => {
    const held = heldIds({
      resources: [
        { urn: URN(PROJECT_TYPE, "a"), type: PROJECT_TYPE, id: "ref-a" },
        { urn: URN("supabase:index:Project", "b"), type: "supabase:index:Project", id: "ref-b" },
        { urn: URN("pulumi:pulumi:Stack", "s"), type: "pulumi:pulumi:Stack" },
      ],
    });
    expect([...held.get("project")!].sort()).toEqual(["ref-a", "ref-b"]);
  });
});

describe("the plan", () => {
  const deployment = (ops: Deployment["pending_operations"]): Deployment => ({
    resources: [{ urn: URN(PROJECT_TYPE, "old"), type: PROJECT_TYPE, id: "ref-held" }],
    pending_operations: ops,
  });

  test("exactly one match: import it; the state's own ids are passed as held", async () => {
    const match = { id: "ref-new", createdAt: "2026-11-25T10:00:00Z", label: 'project ref-new "app"' };
    const { hookOf, asked } = hooks({ project: [match] });
    const plan = await planRecovery(deployment([pendingCreate(PROJECT_TYPE, "app", { name: "app" })]), hookOf);
    expect(plan.settled).toBe(true);
    expect(plan.steps).toEqual([
      expect.objectContaining({ action: "import", id: "ref-new", kind: "project", name: "app" }),
    ]);
    expect(asked).toEqual([{ kind: "project", held: ["ref-held"] }]);
    const text = formatPlan(plan, { stack: "dev" }, false);
    expect(text).toContain(
      '- app (project): create interrupted; found project ref-new "app", created 2026-11-25T10:00:00Z: import it as ref-new',
    );
    expect(formatPlan(plan, { stack: "dev" }, true)).toContain("would import it as ref-new");
  });

  test("nothing matches: clear the pending create; a kind that adopts needs no lookup", async () => {
    const { hookOf, asked } = hooks({ project: [] });
    const plan = await planRecovery(
      deployment([
        pendingCreate(PROJECT_TYPE, "app", { name: "app" }),
        pendingCreate("supabase:index:AuthConfig", "auth", { projectRef: "ref" }),
      ]),
      hookOf,
    );
    expect(plan.settled).toBe(true);
    expect(plan.steps.map((s) => s.action)).toEqual(["clear", "clear"]);
    expect(asked.map((a) => a.kind)).toEqual(["project"]);
    const text = formatPlan(plan, {}, false);
    expect(text).toContain(
      '- app (project): create interrupted; clear the pending create (nothing was created: no a project named "app")',
    );
    expect(text).toContain(
      "- auth (authConfig): create interrupted; clear the pending create (create writes over what is there; the next up creates it again)",
    );
  });

  test("several match: not settled; each is listed with id and creation time, and the command that imports one", async () => {
    const matches = [
      { id: "ref-1", createdAt: "2026-11-25T10:00:00Z", label: 'project ref-1 "app"' },
      { id: "ref-2", createdAt: "2026-11-25T10:05:00Z", label: 'project ref-2 "app"' },
    ];
    const { hookOf } = hooks({ project: matches });
    const plan = await planRecovery(deployment([pendingCreate(PROJECT_TYPE, "app", { name: "app" })]), hookOf);
    expect(plan.settled).toBe(false);
    const text = formatPlan(plan, { stack: "prod", cwd: "infra dir" }, false);
    expect(text).toContain('- app (project): create interrupted; 2 objects match (a project named "app"):');
    expect(text).toContain('    ref-1  created 2026-11-25T10:00:00Z  project ref-1 "app"');
    expect(text).toContain('    ref-2  created 2026-11-25T10:05:00Z  project ref-2 "app"');
    expect(text).toContain(
      `    supabase-pulumi recover --import ${URN(PROJECT_TYPE, "app")} ref-1 --stack prod --cwd 'infra dir'`,
    );
    expect(text).toContain("Nothing was changed");
  });

  test("one match that is only a candidate (the kind cannot identify it): listed, never imported unasked", async () => {
    const match = { id: "ref/k1", createdAt: "2026-11-25T10:00:00Z", label: "ES256 signing key k1 (standby)" };
    const hook: RecoverHook = {
      identity: () => "an unheld ES256 signing key in status standby",
      uncertain: (inputs) => inputs.keyId === undefined,
      findCreated: async () => [match],
    };
    const type = "supabase:index:SigningKey";
    const plan = await planRecovery(deployment([pendingCreate(type, "next", { algorithm: "ES256" })]), () => hook);
    expect(plan.settled).toBe(false);
    expect(plan.steps).toEqual([expect.objectContaining({ action: "ambiguous", matches: [match] })]);
    const text = formatPlan(plan, { stack: "prod" }, false);
    expect(text).toContain("- next (signingKey): create interrupted; 1 object may be the one it made (an unheld ES256");
    expect(text).toContain(`supabase-pulumi recover --import ${URN(type, "next")} ref/k1 --stack prod`);
    // Declared by id: the match is certain, and imported.
    const byId = await planRecovery(deployment([pendingCreate(type, "old", { keyId: "k1" })]), () => hook);
    expect(byId.steps).toEqual([expect.objectContaining({ action: "import", id: "ref/k1" })]);
  });

  test("never guessed: another package's resource, a kind without a hook, a failed lookup", async () => {
    const { hookOf } = hooks({ project: new Error("401 Unauthorized") });
    const plan = await planRecovery(
      deployment([
        pendingCreate("aws:s3/bucket:Bucket", "bucket", {}),
        pendingCreate("supabase:index:Function", "fn", { slug: "hello" }),
        pendingCreate(PROJECT_TYPE, "app", { name: "app", organizationId: ENVELOPE }),
      ]),
      hookOf,
    );
    expect(plan.settled).toBe(false);
    expect(plan.steps.map((s) => s.action)).toEqual(["stop", "stop", "stop"]);
    const text = formatPlan(plan, {}, false);
    expect(text).toContain("a aws:s3/bucket:Bucket is not a supabase-pulumi resource");
    expect(text).toContain("the function kind declares no recovery");
    expect(text).toContain(
      'looking for a project named "app" failed: 401 Unauthorized (organizationId is secret in the state)',
    );
  });

  test("pending updates, deletes and reads: nothing to do, and what the next up does", async () => {
    const { hookOf } = hooks({});
    const op = (type: "updating" | "deleting" | "reading", name: string) => ({
      type,
      resource: { urn: URN(PROJECT_TYPE, name), type: PROJECT_TYPE, id: name },
    });
    const plan = await planRecovery(deployment([op("updating", "u"), op("deleting", "d"), op("reading", "r")]), hookOf);
    expect(plan.settled).toBe(true);
    const text = formatPlan(plan, {}, false);
    expect(text).toContain(
      "- u (project): updating interrupted; the resource keeps its last recorded state; the next `up`",
    );
    expect(text).toContain(
      "- d (project): deleting interrupted; the resource is still recorded; the next `up` deletes it again",
    );
    expect(text).toContain("- r (project): reading interrupted; nothing was written");
  });

  test("nothing pending: one line", async () => {
    const plan = await planRecovery({ resources: [] }, hooks({}).hookOf);
    expect(plan).toEqual({ steps: [], pending: 0, settled: true });
    expect(formatPlan(plan, { stack: "dev" }, false)).toBe("No pending operations in stack dev: nothing to recover.\n");
  });
});

describe("the edited state", () => {
  test("an import is recorded at the end with its id; a clear is dropped; other operations stay", async () => {
    const app = pendingCreate(PROJECT_TYPE, "app", { name: "app", dbPass: ENVELOPE, __provider: "p" });
    const gone = pendingCreate(PROJECT_TYPE, "gone", { name: "gone" });
    const key = pendingCreate("supabase:index:ApiKey", "key", { projectRef: "ref", name: "k", type: "secret" });
    const foreign = pendingCreate("aws:s3/bucket:Bucket", "bucket", {});
    const update = {
      type: "updating" as const,
      resource: { urn: URN(PROJECT_TYPE, "u"), type: PROJECT_TYPE, id: "u" },
    };
    const exported = {
      version: 3,
      deployment: {
        manifest: { time: "t" },
        resources: [{ urn: URN("pulumi:pulumi:Stack", "s"), type: "pulumi:pulumi:Stack" }],
        pending_operations: [app, gone, key, foreign, update],
      },
    };
    const { hookOf } = hooks({
      project: [{ id: "ref-new", label: "p" }],
      apiKey: [
        { id: "ref/k1", label: "k", outputs: { keyId: "k1", apiKey: "sb_secret_x", name: "k", gone: undefined } },
      ],
    });
    const plan = await planRecovery(exported.deployment, hookOf);
    // "gone" answers one match too: make it a clear, as when nothing was created.
    const steps = plan.steps.map((s) => (s.name === "gone" ? { ...s, action: "clear" as const, why: "none" } : s));
    const out = editedState(
      exported,
      steps.filter((s) => s.action === "import" || s.action === "clear"),
    );
    expect(out.deployment.manifest).toEqual({ time: "t" });
    expect(out.deployment.pending_operations).toEqual([foreign, update]);
    const [, project, apiKey] = out.deployment.resources!;
    expect(project).toEqual({
      ...app.resource,
      id: "ref-new",
      outputs: { name: "app", dbPass: ENVELOPE, __provider: "p" },
    });
    // The lookup's outputs, the secret one handed to stack import in plaintext (it encrypts it).
    expect(apiKey.id).toBe("ref/k1");
    expect(apiKey.outputs).toEqual({
      keyId: "k1",
      name: "k",
      apiKey: { [SECRET_SIG]: SECRET_MARK, plaintext: JSON.stringify("sb_secret_x") },
    });
    // The export itself is unchanged.
    expect(exported.deployment.pending_operations).toHaveLength(5);
  });

  test("a replacement's create: the resource it replaces is marked for deletion", () => {
    const create = pendingCreate(PROJECT_TYPE, "app", { name: "app-2" });
    const old = { urn: create.resource.urn, type: PROJECT_TYPE, id: "ref-old" };
    const out = editedState({ version: 3, deployment: { resources: [old], pending_operations: [create] } }, [
      {
        urn: create.resource.urn,
        name: "app",
        kind: "project",
        action: "import",
        id: "ref-new",
        identity: "x",
        match: { id: "ref-new", label: "p" },
      },
    ]);
    expect(out.deployment.resources!.map((r) => [r.id, r.delete])).toEqual([
      ["ref-old", true],
      ["ref-new", undefined],
    ]);
  });

  test("no pending operation left: the field is gone", () => {
    const gone = pendingCreate(PROJECT_TYPE, "gone", { name: "gone" });
    const out = editedState({ version: 3, deployment: { resources: [], pending_operations: [gone] } }, [
      { urn: gone.resource.urn, name: "gone", action: "clear", why: "none" },
    ]);
    expect(out.deployment).toEqual({ resources: [] });
  });
});

describe("arguments and dispatch", () => {
  test("flags", () => {
    const o = parseArgs(["--stack", "prod", "--cwd=infra", "--dry-run", "--unlock", "--import", "urn:x", "id-1"]);
    expect(o).toEqual({
      stack: "prod",
      cwd: "infra",
      dryRun: true,
      unlock: true,
      imports: new Map([["urn:x", "id-1"]]),
    });
    expect(() => parseArgs(["--import", "urn:x"])).toThrow("--import needs a URN and an id");
    expect(() => parseArgs(["--bogus"])).toThrow("unknown argument --bogus");
  });

  test("listed in the help, with its usage", async () => {
    const out: string[] = [];
    expect(await runCli(["--help"], (s) => void out.push(s))).toBe(0);
    expect(out.join("")).toMatch(/\n {2}recover {3,}settle what a killed pulumi up left pending/);
    out.length = 0;
    expect(await runCli(["recover", "--help"], (s) => void out.push(s))).toBe(0);
    expect(out.join("")).toContain("Usage: supabase-pulumi recover [--stack NAME] [--cwd DIR]");
  });
});

describe("a file backend's unreadable checkpoint", () => {
  const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "recover-checkpoint-"));

  test("the engine's messages for it", () => {
    expect(isUnreadableCheckpoint("error: failed to load checkpoint: EOF")).toBe(true);
    expect(isUnreadableCheckpoint("error: failed to load checkpoint: unexpected EOF")).toBe(true);
    expect(isUnreadableCheckpoint("error: failed to load checkpoint: place 1: unexpected end of JSON input")).toBe(
      true,
    );
    expect(isUnreadableCheckpoint("error: no stack named 'dev' found")).toBe(false);
  });

  test("the backend directory of a file URL only", () => {
    expect(fileBackendDir("file:///var/state?no_tmp_dir=true")).toBe("/var/state");
    expect(fileBackendDir("file://~")).toBe(os.homedir());
    expect(fileBackendDir("postgres://u@h/db")).toBeUndefined();
    expect(fileBackendDir(undefined)).toBeUndefined();
  });

  test("an empty or cut-off sidecar is removed; a broken checkpoint comes back from its backup, else history", () => {
    const root = tmp();
    const stacks = path.join(root, ".pulumi", "stacks", "infra");
    fs.mkdirSync(stacks, { recursive: true });
    const ok = JSON.stringify({ version: 3, checkpoint: {} });
    fs.writeFileSync(path.join(stacks, "dev.json"), ok);
    fs.writeFileSync(path.join(stacks, "dev.json.attrs"), "");
    fs.writeFileSync(path.join(stacks, "dev.json.bak.attrs"), '{"user.content_type":"app');
    fs.writeFileSync(path.join(stacks, "prod.json"), "");
    fs.writeFileSync(path.join(stacks, "prod.json.bak"), ok);
    fs.writeFileSync(path.join(stacks, "qa.json"), "{");
    const history = path.join(root, ".pulumi", "history", "infra", "qa");
    fs.mkdirSync(history, { recursive: true });
    fs.writeFileSync(path.join(history, "qa-1.checkpoint.json"), JSON.stringify({ v: 1 }));
    fs.writeFileSync(path.join(history, "qa-2.checkpoint.json"), JSON.stringify({ v: 2 }));
    fs.utimesSync(path.join(history, "qa-1.checkpoint.json"), new Date(1_000_000), new Date(1_000_000));
    fs.writeFileSync(path.join(stacks, "ok.json"), ok);
    fs.writeFileSync(path.join(stacks, "ok.json.attrs"), '{"md5":"x"}');

    const done = repairFileBackend(root);
    expect(done.sort()).toEqual(
      [
        `removed ${path.join(stacks, "dev.json.attrs")}: a blob metadata sidecar a killed run left empty`,
        `removed ${path.join(stacks, "dev.json.bak.attrs")}: a blob metadata sidecar a killed run left cut off`,
        `restored ${path.join(stacks, "prod.json")} from ${path.join(stacks, "prod.json.bak")}`,
        `restored ${path.join(stacks, "qa.json")} from ${path.join(history, "qa-2.checkpoint.json")}`,
      ].sort(),
    );
    expect(fs.readFileSync(path.join(stacks, "prod.json"), "utf8")).toBe(ok);
    expect(JSON.parse(fs.readFileSync(path.join(stacks, "qa.json"), "utf8"))).toEqual({ v: 2 });
    expect(fs.existsSync(path.join(stacks, "ok.json.attrs"))).toBe(true);
    // Nothing left to repair: nothing done.
    expect(repairFileBackend(root)).toEqual([]);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
