/**
 * The lifecycles the entry-point test runs through both entry points, one a
 * kind: valid inputs, what the resource hangs off, a change made out of band
 * that the next read reports as drift, an update, and what the plugin's
 * import by ID answers (imports.ts).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type * as runtime from "supabase-pulumi/runtime";
import { readyProject } from "../../../harness/emulator";
import type { TestEmulator } from "../../../harness/emulator";
import type { Stored } from "./entry-points";
import { storage } from "../emulator/storage/storage-api";

type Props = Record<string, unknown>;
type Kind = runtime.ResourceKind;

/** The folders the scenarios wrote, for the test to remove. */
export const tempDirs: string[] = [];

/** SQL through the management API. */
async function sql(emu: TestEmulator, ref: string, query: string): Promise<void> {
  const r = await emu.api("POST", `/v1/projects/${ref}/database/query`, { query });
  if (r.status >= 300) throw new Error(`${query}: ${JSON.stringify(r.body)}`);
}

export interface Scenario {
  kind: Kind;
  /** What the resource hangs off, created through the API; its ids are masked in comparisons. */
  fixture(emu: TestEmulator): Promise<Record<string, string>>;
  inputs(ids: Record<string, string>): Props;
  /** A change made out of band, which the next read reports as drift. */
  outOfBand(emu: TestEmulator, ids: Record<string, string>, id: string): Promise<void>;
  update(inputs: Props): Props;
  /** Properties whose values each run sets anew (the service's clock in epoch milliseconds), masked by name. */
  volatile?: readonly string[];
  /** Further generated values of the created object, masked like ids. */
  generated?(created: Stored): Record<string, string>;
  /** What `pulumi import` reads back as inputs (ids masked); null when the kind cannot be imported (imports.ts). */
  imported: Props | null;
}

const project = async (emu: TestEmulator) => {
  const p = await readyProject(emu, "entry");
  return { ref: p.ref, org: p.organizationId };
};

export const scenarios: Scenario[] = [
  {
    kind: "organization",
    fixture: async () => ({}),
    inputs: () => ({ name: "Entry Org" }),
    outOfBand: async () => {},
    update: (i) => ({ ...i, adopt: true }),
    imported: { name: "Entry Org" },
  },
  {
    kind: "project",
    fixture: async (emu) => ({
      org: ((await emu.api("POST", "/v1/organizations", { name: "O" })).body as Props).id as string,
    }),
    inputs: (ids) => ({ name: "app", organizationId: ids.org, region: "eu-west-2", dbPass: "first-password-1" }),
    outOfBand: async (emu, _ids, id) => void (await emu.api("PATCH", `/v1/projects/${id}`, { name: "renamed" })),
    update: (i) => ({ ...i, name: "app2", dbPass: "second-password-2" }),
    imported: { name: "app2", organizationId: "<org>", region: "eu-west-2", postgresVersion: "17" },
  },
  {
    kind: "secret",
    fixture: project,
    inputs: (ids) => ({ projectRef: ids.ref, name: "API_TOKEN", value: "value-one" }),
    outOfBand: async (emu, ids) =>
      void (await emu.api("POST", `/v1/projects/${ids.ref}/secrets`, [{ name: "API_TOKEN", value: "changed" }])),
    update: (i) => ({ ...i, value: "value-three" }),
    imported: { projectRef: "<ref>", name: "API_TOKEN" },
  },
  {
    kind: "authConfig",
    fixture: project,
    inputs: (ids) => ({ projectRef: ids.ref, siteUrl: "https://a.example.com", jwtExp: 3600, smtpPass: "smtp-pass-1" }),
    outOfBand: async (emu, ids) =>
      void (await emu.api("PATCH", `/v1/projects/${ids.ref}/config/auth`, { site_url: "https://b.example.com" })),
    update: (i) => ({ ...i, jwtExp: 7200 }),
    imported: { projectRef: "<ref>" },
  },
  {
    kind: "apiKey",
    fixture: project,
    inputs: (ids) => ({ projectRef: ids.ref, type: "publishable", name: "web_app", description: "for the web" }),
    outOfBand: async (emu, ids, id) =>
      void (await emu.api("PATCH", `/v1/projects/${ids.ref}/api-keys/${id.split("/")[1]}`, { description: "edited" })),
    update: (i) => ({ ...i, description: "for the web app" }),
    generated: (c) => ({ key: String(c.props.keyId), prefix: String(c.props.prefix) }),
    imported: { projectRef: "<ref>", name: "web_app" },
  },
  {
    kind: "secrets",
    fixture: project,
    inputs: (ids) => ({ projectRef: ids.ref, secrets: { A_KEY: "secrets-value-a", B_KEY: "secrets-value-b" } }),
    outOfBand: async (emu, ids) =>
      void (await emu.api("POST", `/v1/projects/${ids.ref}/secrets`, [{ name: "A_KEY", value: "secrets-theirs" }])),
    update: (i) => ({ ...i, secrets: { ...(i.secrets as Props), C_KEY: "secrets-value-c" } }),
    imported: null,
  },
  {
    kind: "function",
    fixture: project,
    inputs: (ids) => ({ projectRef: ids.ref, slug: "hello", source: "Deno.serve(() => new Response('hi'))" }),
    outOfBand: async (emu, ids) =>
      void (await emu.api("PATCH", `/v1/projects/${ids.ref}/functions/hello`, { body: "tampered" })),
    update: (i) => ({ ...i, verifyJwt: false }),
    generated: (c) => ({ functionId: String(c.props.functionId) }),
    volatile: ["createdAt", "updatedAt"],
    imported: null,
  },
  {
    kind: "functions",
    fixture: async (emu) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "entry-fns-"));
      tempDirs.push(dir);
      for (const slug of ["fn-a", "fn-b"]) {
        fs.mkdirSync(path.join(dir, slug));
        fs.writeFileSync(path.join(dir, slug, "index.ts"), `Deno.serve(() => new Response("${slug}"));\n`);
      }
      return { ...(await project(emu)), dir };
    },
    inputs: (ids) => ({ projectRef: ids.ref, sourceDir: ids.dir }),
    outOfBand: async (emu, ids) =>
      void (await emu.api("PATCH", `/v1/projects/${ids.ref}/functions/fn-a`, { body: "tampered" })),
    update: (i) => ({ ...i, prune: false }),
    imported: null,
  },
  {
    kind: "customHostname",
    fixture: async (emu) => {
      // DNS counts as published only when the control plane says so.
      await emu.setSettings({ hostnameAutoVerifyMs: null });
      return project(emu);
    },
    inputs: (ids) => ({ projectRef: ids.ref, hostname: "api.example.net" }),
    // The records published: the live status moves on from 2_initiated.
    outOfBand: async (emu, ids) => void (await emu.control("POST", `/projects/${ids.ref}/custom-hostname/verify-dns`)),
    update: (i) => ({ ...i, activate: true, activationTimeoutSeconds: 60 }),
    // The DNS challenge values, drawn at initialize.
    generated: (c) => ({
      ownership: String((c.props.ownershipRecord as Props).value),
      ssl: String((c.props.sslValidationRecords as Props[])[0].value),
    }),
    imported: null,
  },
  {
    kind: "pgsodium",
    fixture: project,
    inputs: (ids) => ({ projectRef: ids.ref, rootKey: "ab".repeat(32), acknowledgeDataLoss: true }),
    outOfBand: async (emu, ids) =>
      void (await emu.api("PUT", `/v1/projects/${ids.ref}/pgsodium`, { root_key: "cd".repeat(32) })),
    update: (i) => ({ ...i, rootKey: "ef".repeat(32) }),
    imported: null,
  },
  {
    kind: "networkRestriction",
    fixture: async (emu) => {
      await emu.setSettings({ restrictionsApplyDelayMs: 0 });
      return project(emu);
    },
    inputs: (ids) => ({ projectRef: ids.ref, dbAllowedCidrs: ["10.0.0.0/8"], dbAllowedCidrsV6: [] }),
    outOfBand: async (emu, ids) =>
      void (await emu.api("POST", `/v1/projects/${ids.ref}/network-restrictions/apply`, {
        dbAllowedCidrs: ["10.0.0.0/8", "192.168.0.0/16"],
        dbAllowedCidrsV6: [],
      })),
    update: (i) => ({ ...i, dbAllowedCidrs: ["10.0.0.0/8", "172.16.0.0/12"] }),
    imported: { projectRef: "<ref>" },
  },
  {
    kind: "tableRows",
    fixture: async (emu) => {
      const ids = await project(emu);
      await sql(emu, ids.ref, "create table entry_rows (id int primary key, name text not null)");
      return ids;
    },
    inputs: (ids) => ({
      projectRef: ids.ref,
      table: "entry_rows",
      rows: [
        { id: 1, name: "one" },
        { id: 2, name: "two" },
      ],
    }),
    outOfBand: async (emu, ids) => void (await sql(emu, ids.ref, "update entry_rows set name = 'theirs' where id = 1")),
    update: (i) => ({ ...i, rows: [...(i.rows as Props[]), { id: 3, name: "three" }] }),
    imported: null,
  },
  {
    kind: "databaseMigration",
    fixture: async (emu) => {
      const ids = await project(emu);
      await sql(emu, ids.ref, "create table ticks (n int)");
      return ids;
    },
    inputs: (ids) => ({ projectRef: ids.ref, name: "020_tick", sql: "insert into ticks values (1)" }),
    // Removed from the history with plain SQL (no rollback runs).
    outOfBand: async (emu, ids) =>
      void (await sql(emu, ids.ref, "delete from supabase_migrations.schema_migrations where name = '020_tick'")),
    update: (i) => i,
    // The history's version is the clock's second of each apply: the one recorded again differs at times.
    generated: (c) => ({ version: String(c.props.version) }),
    volatile: ["version"],
    imported: null,
  },
  {
    kind: "postgrestConfig",
    fixture: project,
    inputs: (ids) => ({ projectRef: ids.ref, dbSchema: "public, api", maxRows: 500 }),
    outOfBand: async (emu, ids) => void (await emu.api("PATCH", `/v1/projects/${ids.ref}/postgrest`, { max_rows: 9 })),
    update: (i) => ({ ...i, maxRows: 250 }),
    imported: { projectRef: "<ref>" },
  },
  {
    kind: "postgresConfig",
    fixture: async (emu) => {
      await emu.setSettings({ restartDelayMs: 0 });
      return project(emu);
    },
    inputs: (ids) => ({ projectRef: ids.ref, maxConnections: 120, statementTimeout: "60s" }),
    outOfBand: async (emu, ids) =>
      void (await emu.api("PUT", `/v1/projects/${ids.ref}/config/database/postgres`, {
        max_connections: 50,
        statement_timeout: "60s",
        restart_database: false,
      })),
    update: (i) => ({ ...i, maxConnections: 150 }),
    imported: { projectRef: "<ref>" },
  },
  {
    kind: "poolerConfig",
    fixture: project,
    inputs: (ids) => ({ projectRef: ids.ref, defaultPoolSize: 30 }),
    outOfBand: async (emu, ids) =>
      void (await emu.api("PATCH", `/v1/projects/${ids.ref}/config/database/pooler`, { default_pool_size: 5 })),
    update: (i) => ({ ...i, defaultPoolSize: 40 }),
    imported: { projectRef: "<ref>" },
  },
  {
    kind: "storageConfig",
    fixture: project,
    inputs: (ids) => ({
      projectRef: ids.ref,
      fileSizeLimit: 10485760,
      features: { imageTransformation: { enabled: true } },
    }),
    outOfBand: async (emu, ids) =>
      void (await emu.api("PATCH", `/v1/projects/${ids.ref}/config/storage`, {
        features: { imageTransformation: { enabled: false } },
      })),
    update: (i) => ({ ...i, fileSizeLimit: 20971520 }),
    imported: { projectRef: "<ref>" },
  },
  {
    kind: "sslEnforcement",
    fixture: project,
    inputs: (ids) => ({ projectRef: ids.ref, database: true }),
    outOfBand: async (emu, ids) =>
      void (await emu.api("PUT", `/v1/projects/${ids.ref}/ssl-enforcement`, { requestedConfig: { database: false } })),
    update: (i) => ({ ...i, restoreOnDestroy: false }),
    imported: { projectRef: "<ref>" },
  },
  {
    kind: "branch",
    fixture: async (emu) => {
      // Ready at the first poll, so both entry points make the same calls.
      await emu.setSettings({ provisioningDelayMs: 0 });
      return project(emu);
    },
    inputs: (ids) => ({
      projectRef: ids.ref,
      name: "entry-branch",
      gitBranch: "feature/entry",
      secrets: { BRANCH_KEY: "branch-secret-1" },
      createTimeoutSeconds: 30,
    }),
    outOfBand: async (emu, _ids, id) =>
      void (await emu.api("PATCH", `/v1/branches/${id}`, { git_branch: "feature/theirs" })),
    update: (i) => ({ ...i, persistent: true, secrets: { BRANCH_KEY: "branch-secret-2" } }),
    generated: (c) => ({ branchId: String(c.props.branchId) }),
    imported: null,
  },
  {
    kind: "storageBucket",
    fixture: project,
    inputs: (ids) => ({ projectRef: ids.ref, name: "avatars", public: true, fileSizeLimit: "5MB" }),
    outOfBand: async (emu, ids) => void (await storage(emu, ids.ref, "PUT", "/bucket/avatars", { public: false })),
    update: (i) => ({ ...i, allowedMimeTypes: ["image/png"] }),
    imported: {
      projectRef: "<ref>",
      name: "avatars",
      public: true,
      fileSizeLimit: 5000000,
      allowedMimeTypes: ["image/png"],
    },
  },
  {
    kind: "realtimeConfig",
    fixture: project,
    inputs: (ids) => ({ projectRef: ids.ref, privateOnly: true, maxConcurrentUsers: 500 }),
    outOfBand: async (emu, ids) =>
      void (await emu.api("PATCH", `/v1/projects/${ids.ref}/config/realtime`, { max_concurrent_users: 10 })),
    update: (i) => ({ ...i, maxConcurrentUsers: 600 }),
    imported: { projectRef: "<ref>" },
  },
  {
    kind: "thirdPartyAuth",
    fixture: project,
    inputs: (ids) => ({ projectRef: ids.ref, oidcIssuerUrl: "https://securetoken.google.com/entry-app" }),
    // Replaced out of band by an integration for the same issuer with a JWKS URL: refresh follows it.
    outOfBand: async (emu, ids, id) => {
      const tpa = `/v1/projects/${ids.ref}/config/auth/third-party-auth`;
      await emu.api("DELETE", `${tpa}/${id.split("/")[1]}`);
      const other = await emu.api("POST", tpa, {
        oidc_issuer_url: "https://securetoken.google.com/entry-app",
        jwks_url: "https://elsewhere.example.com/jwks.json",
      });
      ids.other = (other.body as Props).id as string;
    },
    update: (i) => i,
    generated: (c) => ({ tpa: String(c.props.integrationId) }),
    imported: null,
  },
  {
    kind: "legacyApiKeys",
    fixture: project,
    inputs: (ids) => ({ projectRef: ids.ref, enabled: false }),
    outOfBand: async (emu, ids) => void (await emu.api("PUT", `/v1/projects/${ids.ref}/api-keys/legacy?enabled=true`)),
    update: (i) => ({ ...i, restoreOnDestroy: false }),
    imported: { projectRef: "<ref>" },
  },
  {
    kind: "databaseWebhooks",
    fixture: project,
    inputs: (ids) => ({ projectRef: ids.ref }),
    outOfBand: async (emu, ids) => void (await sql(emu, ids.ref, "drop schema supabase_functions cascade")),
    update: (i) => i,
    imported: { projectRef: "<ref>" },
  },
  {
    kind: "ssoProvider",
    fixture: async (emu) => {
      const ids = await project(emu);
      await emu.api("PATCH", `/v1/projects/${ids.ref}/config/auth`, { saml_enabled: true });
      return ids;
    },
    inputs: (ids) => ({
      projectRef: ids.ref,
      metadataUrl: "https://idp.entry.example.com/metadata",
      domains: ["entry.example.com"],
    }),
    outOfBand: async (emu, ids, id) =>
      void (await emu.api("PUT", `/v1/projects/${ids.ref}/config/auth/sso/providers/${id.split("/")[1]}`, {
        domains: ["elsewhere.example.com"],
      })),
    update: (i) => ({ ...i, domains: ["entry.example.com", "corp.entry.example.com"] }),
    generated: (c) => ({ provider: String(c.props.providerId) }),
    imported: {
      projectRef: "<ref>",
      metadataUrl: "https://idp.entry.example.com/metadata",
      domains: ["corp.entry.example.com", "entry.example.com"],
    },
  },
  {
    kind: "signingKey",
    fixture: project,
    inputs: (ids) => ({ projectRef: ids.ref, algorithm: "ES256", status: "in_use" }),
    // Another key made in use out of band retires this one; the update rolls it back.
    outOfBand: async (emu, ids) => {
      const other = await emu.api("POST", `/v1/projects/${ids.ref}/config/auth/signing-keys`, {
        algorithm: "EdDSA",
        status: "in_use",
      });
      ids.other = (other.body as Props).id as string;
    },
    update: (i) => i,
    generated: (c) => ({
      key: String(c.props.signingKeyId),
      x: String((c.props.publicJwk as Props).x),
      y: String((c.props.publicJwk as Props).y),
    }),
    imported: { projectRef: "<ref>", algorithm: "ES256", status: "in_use" },
  },
  {
    kind: "projectAddons",
    fixture: project,
    inputs: (ids) => ({ projectRef: ids.ref, computeSize: "ci_small", ipv4: true }),
    outOfBand: async (emu, ids) =>
      void (await emu.api("DELETE", `/v1/projects/${ids.ref}/billing/addons/ipv4_default`)),
    update: (i) => ({ ...i, pitr: "pitr_7" }),
    imported: { projectRef: "<ref>" },
  },
  {
    kind: "vanitySubdomain",
    fixture: project,
    inputs: (ids) => ({ projectRef: ids.ref, subdomain: "entry-app" }),
    outOfBand: async (emu, ids) =>
      void (await emu.api("POST", `/v1/projects/${ids.ref}/vanity-subdomain/activate`, {
        vanity_subdomain: "entry-other",
      })),
    update: (i) => ({ ...i, subdomain: "entry-app-2" }),
    imported: { projectRef: "<ref>", subdomain: "entry-app-2" },
  },
  {
    kind: "backupSchedule",
    fixture: project,
    inputs: (ids) => ({ projectRef: ids.ref, scheduleFor: "04:00:00" }),
    outOfBand: async (emu, ids) =>
      void (await emu.api("PATCH", `/v1/projects/${ids.ref}/database/backups/schedule`, { schedule_for: "12:00:00" })),
    update: (i) => ({ ...i, scheduleFor: "05:30:00" }),
    imported: { projectRef: "<ref>" },
  },
  {
    kind: "restorePoint",
    fixture: project,
    inputs: (ids) => ({ projectRef: ids.ref, name: "entry-point" }),
    // The service expired the point: it reads REMOVED, and the update takes it again.
    outOfBand: async (emu, ids) =>
      void (await emu.control("POST", `/projects/${ids.ref}/restore-points/expire`, { name: "entry-point" })),
    update: (i) => i,
    volatile: ["completedOn"],
    imported: { projectRef: "<ref>", name: "entry-point" },
  },
  {
    kind: "jitAccessConfig",
    fixture: project,
    inputs: (ids) => ({ projectRef: ids.ref, enabled: true }),
    outOfBand: async (emu, ids) =>
      void (await emu.api("PUT", `/v1/projects/${ids.ref}/jit-access`, { state: "disabled" })),
    update: (i) => ({ ...i, restoreOnDestroy: false }),
    imported: { projectRef: "<ref>" },
  },
  {
    kind: "diskConfig",
    fixture: project,
    inputs: (ids) => ({ projectRef: ids.ref, sizeGb: 10 }),
    // Grown out of band: the next read reports the larger size.
    outOfBand: async (emu, ids) =>
      void (await emu.api("POST", `/v1/projects/${ids.ref}/config/disk`, {
        attributes: { type: "gp3", size_gb: 12, iops: 3000, throughput_mibps: 125 },
      })),
    update: (i) => ({ ...i, sizeGb: 14 }),
    imported: { projectRef: "<ref>" },
  },
  {
    kind: "databaseSchema",
    fixture: project,
    // A schema of its own: on a branch the other scenarios' tables share `public`, and owning it would drop them.
    inputs: (ids) => ({
      projectRef: ids.ref,
      schemas: ["books"],
      sql: "create schema books; create table books.ledger (id int primary key, memo text); alter table books.ledger enable row level security; create policy ledger_read on books.ledger for select to authenticated using (true);",
    }),
    // A policy dropped from the dashboard: the next read names it.
    outOfBand: async (emu, ids) => void (await sql(emu, ids.ref, "drop policy ledger_read on books.ledger")),
    update: (i) => ({ ...i, sql: `${String(i.sql)} comment on table books.ledger is 'money';` }),
    // The history's version is the clock's second of each apply.
    generated: (c) => ({ version: String(c.props.lastMigrationVersion) }),
    volatile: ["lastMigrationVersion"],
    imported: null,
  },
  {
    kind: "readReplica",
    fixture: project,
    inputs: (ids) => ({ projectRef: ids.ref, region: "eu-west-2" }),
    // The platform restarts the replica: the next read reports its status, and the update waits it out. The
    // restart lasts its own while: a fixture may make the project's own restarts instant.
    outOfBand: async (emu, ids, id) =>
      void (await emu.control("PUT", `/projects/${ids.ref}/read-replicas/status`, {
        identifier: id.split("/")[1],
        status: "RESTARTING",
        forMs: 1500,
      })),
    update: (i) => ({ ...i, createTimeoutSeconds: 60 }),
    generated: (c) => ({ replica: String(c.props.identifier) }),
    imported: { projectRef: "<ref>", region: "eu-west-2", identifier: "<replica>" },
  },
];

/** Secret values the scenarios use: they never show, in plain or in what is stored. */
export const secretValues =
  /value-one|value-three|first-password|second-password|smtp-pass-1|secrets-value|secrets-theirs|branch-secret|(ab){32}|(cd){32}|(ef){32}/;
