/**
 * A project with something of every kind, made through the management API
 * alone (plain HTTP, as another tool would), for `supabase-pulumi import`'s
 * tests and benchmark: configuration that differs from a new project's,
 * SSL enforcement, network restrictions, a custom hostname, API keys,
 * edge-function secrets, functions (one a folder deployed as a bundle) and a
 * migration history with a table and rows; realtime settings, a backup time,
 * add-ons, a vanity subdomain, a storage bucket, a third-party auth
 * integration, a SAML SSO provider, a standby signing key, temporary database
 * access turned on, a grown disk and a read replica. And a project with
 * new-project settings everywhere else (`buildDefaultProject`): SAML,
 * branching, add-ons, a vanity subdomain and a custom hostname left off.
 */
import type { TestEmulator } from "./emulator";

export interface FixtureSize {
  functions: number;
  secrets: number;
  migrations: number;
}

export interface ImportFixture {
  ref: string;
  orgSlug: string;
  /** The values of the secrets the program asks for: config key → value. */
  secretValues: Record<string, string>;
}

export const FIXTURE_DB_PASS = "import-fixture-db-pass-1f3a";
export const FIXTURE_SMTP_PASS = "import-fixture-smtp-pass-98c2";

async function ok(emu: TestEmulator, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await emu.api(method, path, body);
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

async function deploy(emu: TestEmulator, ref: string, slug: string, files: Record<string, string>): Promise<void> {
  const form = new FormData();
  form.append(
    "metadata",
    new Blob([JSON.stringify({ entrypoint_path: "index.ts", name: slug, verify_jwt: false })], {
      type: "application/json",
    }),
  );
  for (const [name, text] of Object.entries(files))
    form.append("file", new Blob([text], { type: "application/typescript" }), name);
  const res = await fetch(`${emu.apiUrl}/v1/projects/${ref}/functions/deploy?slug=${slug}`, {
    method: "POST",
    headers: { authorization: `Bearer ${emu.accessToken}` },
    body: form,
  });
  if (res.status >= 300) throw new Error(`deploying ${slug} answered ${res.status}: ${await res.text()}`);
}

/** The kinds added beside branching: each made as another tool would, differing from a new project's. */
async function newerKinds(emu: TestEmulator, ref: string, slug: string): Promise<void> {
  const p = `/v1/projects/${ref}`;
  await ok(emu, "PATCH", `${p}/config/realtime`, { max_concurrent_users: 500 });
  await ok(emu, "PATCH", `${p}/database/backups/schedule`, { schedule_for: "04:00:00" });
  await ok(emu, "PATCH", `${p}/billing/addons`, { addon_type: "pitr", addon_variant: "pitr_7" });
  await ok(emu, "POST", `${p}/vanity-subdomain/activate`, { vanity_subdomain: `${slug}-app` });
  await ok(emu, "POST", `${p}/config/auth/third-party-auth`, {
    oidc_issuer_url: `https://securetoken.google.com/${slug}-app`,
  });
  await ok(emu, "PATCH", `${p}/config/auth`, { saml_enabled: true });
  await ok(emu, "POST", `${p}/config/auth/sso/providers`, {
    type: "saml",
    metadata_xml: `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.${slug}.example.com/entity"><md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"></md:IDPSSODescriptor></md:EntityDescriptor>`,
    domains: [`${slug}.example.com`],
    attribute_mapping: { keys: { email: { name: "mail" } } },
  });
  await ok(emu, "POST", `${p}/config/auth/signing-keys`, { algorithm: "ES256", status: "standby" });
  await ok(emu, "PUT", `${p}/jit-access`, { state: "enabled" });
  // A grown disk with more IOPS; the project reads RESIZING until the clock has moved on.
  await ok(emu, "POST", `${p}/config/disk`, { attributes: { type: "gp3", size_gb: 16, iops: 4000 } });
  await emu.advanceTime(10_000);
  // A read replica in London (healthy once the clock has moved on past its set-up).
  await ok(emu, "POST", `${p}/read-replicas/setup`, { read_replica_region: "eu-west-2" });
  await emu.advanceTime(10_000);
  const keys = (await ok(emu, "GET", `${p}/api-keys?reveal=true`)) as Array<{ name: string; api_key: string }>;
  const res = await fetch(`${emu.projectUrlTemplate.replace("{ref}", ref)}/storage/v1/bucket`, {
    method: "POST",
    headers: { apikey: keys.find((k) => k.name === "service_role")!.api_key, "content-type": "application/json" },
    body: JSON.stringify({ id: "avatars", name: "avatars", public: true, file_size_limit: 5_000_000 }),
  });
  if (res.status >= 300) throw new Error(`creating a bucket answered ${res.status}: ${await res.text()}`);
}

/** A new project, healthy, in `existingOrg` or a new organization of its own. */
async function createProject(
  emu: TestEmulator,
  name: string,
  existingOrg?: string,
): Promise<{ ref: string; orgSlug: string }> {
  const org = existingOrg
    ? { id: existingOrg }
    : ((await ok(emu, "POST", "/v1/organizations", { name: `${name} Org` })) as { id: string; slug?: string });
  const orgSlug = (org as { slug?: string }).slug ?? org.id;
  const project = (await ok(emu, "POST", "/v1/projects", {
    name,
    organization_slug: orgSlug,
    region_selection: { type: "specific", code: "eu-west-2" },
    db_pass: FIXTURE_DB_PASS,
  })) as { id: string; ref?: string };
  await emu.advanceTime(10_000);
  return { ref: project.ref ?? project.id, orgSlug };
}

/** Builds the fixture project; answers its ref and the secret values a program needs. */
export async function buildImportFixture(
  emu: TestEmulator,
  size: FixtureSize = { functions: 2, secrets: 3, migrations: 2 },
  name = "Shop",
  /** An existing organization to add the project to (default: a new one). */
  existingOrg?: string,
): Promise<ImportFixture> {
  const { ref, orgSlug } = await createProject(emu, name, existingOrg);
  const p = `/v1/projects/${ref}`;
  await ok(emu, "PATCH", `${p}/config/auth`, {
    site_url: "https://shop.example.com",
    jwt_exp: 7200,
    password_min_length: 10,
    smtp_host: "smtp.example.com",
    smtp_port: "587",
    smtp_user: "mailer",
    smtp_pass: FIXTURE_SMTP_PASS,
    smtp_admin_email: "noreply@shop.example.com",
  });
  await ok(emu, "PATCH", `${p}/postgrest`, { max_rows: 500, db_schema: "public, graphql_public, api" });
  await ok(emu, "PUT", `${p}/config/database/postgres`, { statement_timeout: "30s" });
  await emu.advanceTime(10_000);
  await ok(emu, "PATCH", `${p}/config/database/pooler`, { default_pool_size: 20 });
  await ok(emu, "PATCH", `${p}/config/storage`, { fileSizeLimit: 104857600 });
  await ok(emu, "PUT", `${p}/ssl-enforcement`, { requestedConfig: { database: true } });
  await ok(emu, "POST", `${p}/network-restrictions/apply`, {
    dbAllowedCidrs: ["203.0.113.0/24"],
    dbAllowedCidrsV6: ["2001:db8::/48"],
  });
  await emu.advanceTime(10_000);
  await newerKinds(emu, ref, name.toLowerCase());
  await ok(emu, "POST", `${p}/custom-hostname/initialize`, { custom_hostname: "api.shop.example.com" });
  // Past DNS verification, so the hostname's status stays put while a test reads it.
  await emu.advanceTime(3_600_000);
  await ok(emu, "POST", `${p}/api-keys`, { type: "publishable", name: "storefront", description: "The storefront" });
  await ok(emu, "POST", `${p}/api-keys`, {
    type: "secret",
    name: "backend",
    secret_jwt_template: { role: "service_role" },
  });
  const secretValues: Record<string, string> = { dbPass: FIXTURE_DB_PASS, smtpPass: FIXTURE_SMTP_PASS };
  const secrets = Array.from({ length: size.secrets }, (_, i) => ({ name: `SECRET_${i}`, value: `value-${i}-7c1e` }));
  if (secrets.length > 0) await ok(emu, "POST", `${p}/secrets`, secrets);
  for (const s of secrets) secretValues[s.name] = s.value;
  for (let i = 0; i < size.functions; i++) {
    const slug = `fn-${i}`;
    if (i === 0)
      await deploy(emu, ref, slug, {
        "index.ts": `import { greet } from "./lib/greet.ts";\nDeno.serve(() => new Response(greet()));\n`,
        "lib/greet.ts": `export const greet = () => "hello";\n`,
      });
    else
      await ok(emu, "POST", `${p}/functions`, {
        slug,
        name: `Function ${i}`,
        body: `Deno.serve(() => new Response("${i}"));\n`,
        verify_jwt: true,
      });
  }
  for (let i = 0; i < size.migrations; i++) {
    const query =
      i === 0
        ? "create table public.plans (id int primary key, name text not null);\ninsert into public.plans values (1, 'free'), (2, 'pro');"
        : `create table public.t${i} (id int primary key);`;
    await ok(emu, "POST", `${p}/database/migrations`, { query, name: i === 0 ? "plans" : `t${i}` });
  }
  return { ref, orgSlug, secretValues };
}

/**
 * A project as most are: made through plain API calls with its auth settings,
 * edge-function secrets, a publishable key, a migration and a function, and
 * nothing turned on (SAML, branching, add-ons, a vanity subdomain and a custom
 * hostname left off), so several reads answer "not enabled".
 */
export async function buildDefaultProject(emu: TestEmulator, name = "Plain"): Promise<ImportFixture> {
  const { ref, orgSlug } = await createProject(emu, name);
  const p = `/v1/projects/${ref}`;
  await ok(emu, "PATCH", `${p}/config/auth`, { site_url: `https://${name.toLowerCase()}.example.com`, jwt_exp: 7200 });
  await ok(emu, "POST", `${p}/secrets`, [{ name: "STRIPE_KEY", value: "stripe-value-5d2a" }]);
  await ok(emu, "POST", `${p}/api-keys`, { type: "publishable", name: "webapp", description: "The web app" });
  await ok(emu, "POST", `${p}/database/migrations`, {
    query: "create table public.notes (id int primary key, body text);",
    name: "notes",
  });
  await ok(emu, "POST", `${p}/functions`, {
    slug: "hello",
    name: "hello",
    body: `Deno.serve(() => new Response("hello"));\n`,
    verify_jwt: true,
  });
  return { ref, orgSlug, secretValues: { dbPass: FIXTURE_DB_PASS, STRIPE_KEY: "stripe-value-5d2a" } };
}
