/**
 * The quickstart stack: an organization, a project, and the project's
 * settings: edge-function secrets (one by one and as a map), a function
 * deployed from a folder (entrypoint, sibling module, import map), a
 * custom hostname, the encryption root key, network restrictions, the auth
 * and Data API configuration, SSL enforcement and a publishable API key; then a
 * table created by a migration and seeded with rows through the GraphQL API.
 *
 * Config (namespace `quickstart`): `dbPass` (secret, required), `apiToken`
 * and `smtpPass` (secrets, optional), `orgName`, `projectName`, `region`,
 * `hostname`, `siteUrl`.
 * Provider config: `supabase:accessToken` (secret), `supabase:apiUrl`,
 * `supabase:projectUrlTemplate`, or the SUPABASE_* environment variables.
 */
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as supabase from "../../sdk";

export function quickstart() {
  const config = new pulumi.Config("quickstart");
  const org = new supabase.Organization("org", {
    name: config.get("orgName") ?? "Quickstart Org",
  });
  const project = new supabase.Project("project", {
    name: config.get("projectName") ?? "quickstart",
    organizationId: org.organizationId,
    region: (config.get("region") as supabase.Region | undefined) ?? "eu-central-1",
    dbPass: config.requireSecret("dbPass"),
  });
  const ref = project.ref;

  new supabase.Secret("api-token", {
    projectRef: ref,
    name: "API_TOKEN",
    value: config.getSecret("apiToken") ?? "change-me",
  });
  new supabase.Secrets("settings", { projectRef: ref, secrets: { GREETING: "hello", LOG_LEVEL: "info" } });
  const hello = new supabase.Function("hello", {
    projectRef: ref,
    slug: "hello",
    verifyJwt: false,
    // A folder: every file is deployed; only a hash of the files is kept, so an unchanged folder is never sent again.
    // Relative to the project directory (where Pulumi.yaml is), so state holds no machine path.
    sourceDir: path.relative(process.cwd(), path.join(__dirname, "functions", "hello")),
    importMapPath: "deno.json",
  });
  const hostname = new supabase.CustomHostname("hostname", {
    projectRef: ref,
    hostname: config.get("hostname") ?? "api.quickstart.example.com",
    activate: true,
    activationTimeoutSeconds: 120,
  });
  const rootKey = new supabase.Pgsodium("root-key", { projectRef: ref });
  new supabase.NetworkRestriction("network", {
    projectRef: ref,
    dbAllowedCidrs: ["203.0.113.0/24", "198.51.100.7/32"],
    dbAllowedCidrsV6: ["2001:db8::/48"],
  });
  // Only the declared settings are managed; the SMTP password is kept in state only as a digest.
  new supabase.AuthConfig("auth", {
    projectRef: ref,
    siteUrl: config.get("siteUrl") ?? "https://app.quickstart.example.com",
    uriAllowList: "http://localhost:3000/**",
    jwtExp: 3600,
    passwordMinLength: 10,
    mailerAutoconfirm: false,
    smtpAdminEmail: "noreply@quickstart.example.com",
    smtpHost: "smtp.quickstart.example.com",
    smtpPort: "587",
    smtpUser: "quickstart",
    smtpPass: config.getSecret("smtpPass") ?? "change-me-too",
  });
  new supabase.PostgrestConfig("data-api", { projectRef: ref, dbSchema: "public,graphql_public", maxRows: 1000 });
  new supabase.SslEnforcement("ssl", { projectRef: ref, database: true });
  const webKey = new supabase.ApiKey("web-key", {
    projectRef: ref,
    type: "publishable",
    name: "web_app",
    description: "for the browser app",
  });

  // Schema first, then the reference data that lives in it.
  const plansTable = new supabase.DatabaseMigration("plans-table", {
    projectRef: ref,
    name: "001_plans",
    sql: "create table plans (code text primary key, name text not null, price numeric(10,2) not null, features jsonb not null default '{}')",
    downSql: "drop table plans",
  });
  const plans = new supabase.TableRows(
    "plans",
    {
      projectRef: ref,
      table: "public.plans",
      rows: [
        { code: "free", name: "Free", price: "0", features: { seats: 1, support: "community" } },
        { code: "pro", name: "Pro", price: "25.00", features: { seats: 10, support: "email" } },
        { code: "team", name: "Team", price: "599.00", features: { seats: 50, support: "priority" } },
      ],
    },
    { dependsOn: [plansTable] },
  );

  return {
    organizationId: org.organizationId,
    projectRef: ref,
    projectStatus: project.status,
    databaseHost: project.databaseHost,
    apiUrl: project.apiUrl,
    graphqlUrl: project.graphqlUrl,
    functionVersion: hello.version,
    hostnameStatus: hostname.status,
    dnsRecords: hostname.dnsRecords,
    rootKey: rootKey.rootKey,
    seededPlans: plans.rowCount,
    webKeyPrefix: webKey.prefix,
  };
}
