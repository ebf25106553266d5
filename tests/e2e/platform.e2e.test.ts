/**
 * examples/platform as a user runs it: the package installed from its packed
 * tarball into a copy of the example (with the engine's SDK version and
 * TypeScript, so `pulumi up` type-checks the program with the example's
 * tsconfig.json), then, against the emulator, `up`, a drift-free
 * `preview --refresh --expect-no-changes` and `destroy`, which leaves no
 * project behind.
 *
 * Storage buckets: `up` creates them as declared; a bucket with
 * `emptyOnDestroy` that holds an object by then is emptied and deleted by
 * `destroy`. The project's own services (add-ons, vanity subdomain, backups, a
 * restore point before a migration, the pooler's connection string, a secret)
 * and its auth integrations and keys are read back from the emulator.
 *
 * The database's life, each step a `pulumi config set` and an `up` as the
 * example's database.ts describes: the disk grown (the second of the four
 * disk changes the service allows a day), Postgres upgraded from 15 to 17
 * with the read replica in place, the project paused (INACTIVE, and a refresh
 * of what it holds fails naming the paused project instead of waiting), and
 * restored.
 */
import * as path from "node:path";
import { engineRoot } from "../../scripts/engine";
import { startTestEmulator } from "../../harness/emulator";
import { cleanup, emulatorEnv, installedExample, runCommand, type TestEmulator } from "./helpers";
import { storage, upload } from "../provider/emulator/storage/storage-api";

const DB_PASS = "platform-e2e-db-pass-3f1c";
const STACK = "dev";

let emu: TestEmulator;
let dir: string;
let project: string;
let env: Record<string, string>;

async function run(cmd: string, args: string[], allowFailure = false) {
  const r = await runCommand(cmd, args, project, { ...process.env, ...env });
  if (r.code !== 0 && !allowFailure)
    throw new Error(`${cmd} ${args.join(" ")} exited ${r.code}:\n${r.stdout}\n${r.stderr}`);
  return r;
}
const pulumi = (args: string[], allowFailure = false) =>
  run(path.join(engineRoot(), "bin", "pulumi"), [...args, "--stack", STACK, "--non-interactive"], allowFailure);
const up = () => pulumi(["up", "--yes", "--skip-preview"]);

beforeAll(async () => {
  emu = await startTestEmulator();
  ({ dir, project, env } = await installedExample("platform", emulatorEnv(emu)));
  await pulumi(["stack", "init"]);
  await pulumi(["config", "set", "--secret", "dbPass", DB_PASS]);
}, 300_000);

/** A project's read replicas as the service lists them (with its organization's projects). */
async function replicas(ref: string): Promise<Array<{ region: string; status: string }>> {
  const slug = (await emu.api("GET", `/v1/projects/${ref}`)).body.organization_slug;
  const page = (await emu.api("GET", `/v1/organizations/${slug}/projects`)).body;
  const databases = page.projects.find((p: { ref: string }) => p.ref === ref).databases as any[];
  return databases.filter((d) => d.type === "READ_REPLICA").map((d) => ({ region: d.region, status: d.status }));
}

afterAll(async () => {
  await emu?.close();
  if (dir) cleanup(dir);
});

test("up, a drift-free preview --refresh, a disk grow, an upgrade, a pause and a restore, and destroy of examples/platform from the packed tarball", async () => {
  await up();
  const ref = JSON.parse((await pulumi(["stack", "output", "--json"])).stdout).projectRef as string;

  // Storage buckets
  const listed = (await emu.api("GET", `/v1/projects/${ref}/storage/buckets`)).body as Array<{ id: string }>;
  expect(listed.map((b) => b.id).sort()).toEqual(["avatars", "uploads"]);
  expect((await storage(emu, ref, "GET", "/bucket/avatars")).body).toMatchObject({
    public: true,
    file_size_limit: 5_000_000,
    allowed_mime_types: ["image/png", "image/jpeg", "image/webp"],
  });
  expect((await upload(emu, ref, "uploads", "reports/q1.txt", "quarterly")).status).toBe(200);
  // End of storage buckets

  // The project's own services and its auth integrations, each as declared.
  const p = `/v1/projects/${ref}`;
  const get = async (route: string) => (await emu.api("GET", `${p}${route}`)).body as any;
  const addons = (await get("/billing/addons")).selected_addons.map((a: any) => a.variant.id).sort();
  expect(addons).toEqual(["ci_small", "pitr_7"]);
  expect(await get("/vanity-subdomain")).toMatchObject({
    status: "active",
    custom_domain: "platform-demo.supabase.co",
  });
  expect((await get("/database/backups/schedule")).schedule_for).toBe("03:30:00");
  expect(await get("/config/realtime")).toMatchObject({ private_only: true, max_concurrent_users: 500 });
  expect((await get("/config/auth/third-party-auth")).map((t: any) => t.oidc_issuer_url)).toEqual([
    "https://securetoken.google.com/platform-example",
  ]);
  expect((await get("/config/auth/sso/providers")).items.map((i: any) => i.domains.map((d: any) => d.domain))).toEqual([
    ["acme.com", "corp.acme.com"],
  ]);
  const keys = (await get("/config/auth/signing-keys")).keys.map((k: any) => [k.algorithm, k.status]);
  expect(keys).toContainEqual(["ES256", "standby"]);
  expect((await get("/api-keys/legacy")).enabled).toBe(false);
  const outputs = JSON.parse((await pulumi(["stack", "output", "--json", "--show-secrets"])).stdout);
  expect(outputs.services.undoTo).toBeTruthy();
  expect(outputs.services.poolerConnectionString).toContain(`:${DB_PASS}@`);
  // Secret outputs stay secret without --show-secrets.
  const masked = JSON.parse((await pulumi(["stack", "output", "--json"])).stdout);
  expect(JSON.stringify(masked)).not.toContain(DB_PASS);

  // The database: a 16 GB gp3 disk, a healthy replica in London, temporary access on.
  expect((await get("/config/disk")).attributes).toMatchObject({ type: "gp3", size_gb: 16, iops: 3000 });
  expect((await get("/jit-access")).state).toBe("enabled");
  expect(await replicas(ref)).toEqual([{ region: "eu-west-2", status: "ACTIVE_HEALTHY" }]);
  expect(outputs.database).toMatchObject({ diskSizeGb: 16, jitAccess: true, replicaHost: expect.any(String) });

  // The project was made when the platform's default was Postgres 15 (the control plane stands in for that past),
  // and the state learns it from a refresh.
  expect((await emu.control("PUT", `/projects/${ref}/postgres`, { version: "15" })).status).toBe(200);
  await pulumi(["refresh", "--yes", "--skip-preview"]);

  await pulumi(["preview", "--refresh", "--expect-no-changes"]);

  // The disk grows: one more modification, and the project is serving again after it.
  await pulumi(["config", "set", "diskSizeGb", "32"]);
  await up();
  expect((await get("/config/disk")).attributes.size_gb).toBe(32);
  expect((await get("")).status).toBe("ACTIVE_HEALTHY");

  // Upgraded in place to Postgres 17, the replica kept.
  await pulumi(["config", "set", "postgresVersion", "17"]);
  await up();
  const upgraded = await get("");
  expect([upgraded.status, upgraded.database.version]).toEqual(["ACTIVE_HEALTHY", expect.stringMatching(/^17\./)]);
  expect(JSON.parse((await pulumi(["stack", "output", "postgres", "--json"])).stdout)).toMatchObject({ major: "17" });
  expect(await replicas(ref)).toEqual([{ region: "eu-west-2", status: "ACTIVE_HEALTHY" }]);

  // Paused: the project reads INACTIVE with its data kept, and a refresh of what it holds names the paused project.
  await pulumi(["config", "set", "paused", "true"]);
  await up();
  expect((await get("")).status).toBe("INACTIVE");
  const refresh = await pulumi(["refresh", "--yes", "--skip-preview"], true);
  expect(refresh.code).not.toBe(0);
  expect(`${refresh.stdout}${refresh.stderr}`).toContain(`Project ${ref} is paused (INACTIVE)`);

  // Restored: healthy again, every resource as declared.
  await pulumi(["config", "set", "paused", "false"]);
  await up();
  expect((await get("")).status).toBe("ACTIVE_HEALTHY");
  expect((await get("/config/disk")).attributes.size_gb).toBe(32);
  await pulumi(["preview", "--refresh", "--expect-no-changes"]);

  await pulumi(["destroy", "--yes", "--skip-preview"]);
  expect((await emu.api("GET", "/v1/projects")).body).toEqual([]);
}, 900_000);
