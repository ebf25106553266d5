// The preview environment of one pull request: a branch of the parent project,
// made with the parent's migrations, plus what the preview needs on the branch
// only: the auth site URL of the preview, the migrations of this pull request
// (migrations/*.sql, in name order) and seed rows (seed.json). One stack per
// pull request (pr-<number>), opened and closed by examples/ci/preview/.
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as supabase from "supabase-pulumi";

const config = new pulumi.Config();
const siteUrl = config.get("siteUrl");

const migrationsDir = path.join(__dirname, "migrations");
const migrations = fs.existsSync(migrationsDir)
  ? fs
      .readdirSync(migrationsDir)
      .filter((f) => f.endsWith(".sql"))
      .sort()
      .map((f) => ({ name: f.replace(/\.sql$/, ""), sql: fs.readFileSync(path.join(migrationsDir, f), "utf8") }))
  : [];

const seedFile = path.join(__dirname, "seed.json");
const seed: Array<{ table: string; rows: Record<string, unknown>[] }> = fs.existsSync(seedFile)
  ? JSON.parse(fs.readFileSync(seedFile, "utf8"))
  : [];

const preview = new supabase.PreviewEnvironment("preview", {
  projectRef: config.require("parentRef"),
  branchName: config.require("branchName"),
  gitBranch: config.get("gitBranch") || undefined,
  auth: siteUrl ? { siteUrl, uriAllowList: `${siteUrl}/**` } : undefined,
  migrations,
  seed,
});

export const ref = preview.ref;
export const apiUrl = preview.apiUrl;
export const graphqlUrl = preview.graphqlUrl;
export const publishableKey = preview.publishableKey;
