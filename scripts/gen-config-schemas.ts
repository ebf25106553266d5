/**
 * Generates the zod schemas of the service-configuration endpoints (auth,
 * Data API, Postgres, pooler, storage, realtime, SSL enforcement, API keys,
 * database password) from the real service's OpenAPI document, so fields, types, enums
 * and limits come from the spec and never by hand:
 *
 * - `emulator/generated/config-schemas.ts`: the request bodies in the API's own
 *   (snake_case) names, strict, for the emulator's request validation, and the
 *   response field lists the emulator fills defaults for, and the
 *   project regions (`REGIONS`);
 * - `provider/client/config-schemas.ts`: the camelCase input schemas of the
 *   configuration resources, with descriptions, and the one camelCase ↔ API
 *   name mapping per resource, with each field's comparison kind, and the
 *   project regions (`REGIONS`, the same list as the emulator's), and the
 *   write-only secrets marked `secret` (the SDK classes of these resources
 *   are generated from these schemas, with every other kind's, by
 *   scripts/gen-sdk.ts).
 *
 * The emulator and the provider never import each other, so each gets its own
 * file from the same generator. `tests/unit/config-schemas.test.ts` fails when
 * any file is stale. The files are build inputs that git ignores: `npm install`
 * writes them (`npm run generate`). Run alone: `npx ts-node --transpile-only
 * scripts/gen-config-schemas.ts` (`--check` only reports stale files).
 */
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import * as path from "node:path";
import * as prettier from "prettier";

export const SPEC_PATH = path.join("reference", "supabase-management-openapi.json");

interface JsonSchema {
  type?: string;
  oneOf?: JsonSchema[];
  nullable?: boolean;
  enum?: string[];
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  $ref?: string;
}

interface Spec {
  components: { schemas: Record<string, JsonSchema> };
}

/** The request bodies the emulator validates, by spec schema name. */
const REQUEST_BODIES = [
  "UpdateAuthConfigBody",
  "V1UpdatePostgrestConfigBody",
  "UpdatePostgresConfigBody",
  "UpdateSupavisorConfigBody",
  "UpdateStorageConfigBody",
  "SslEnforcementRequest",
  "CreateApiKeyBody",
  "UpdateApiKeyBody",
  "V1UpdatePasswordBody",
  "CreateBranchBody",
  "UpdateBranchBody",
  "BranchActionBody",
  "UpdateRealtimeConfigBody",
  "CreateThirdPartyAuthBody",
  "CreateProviderBody",
  "UpdateProviderBody",
  "CreateSigningKeyBody",
  "UpdateSigningKeyBody",
  "SetUpReadReplicaBody",
  "RemoveReadReplicaBody",
] as const;

/** The configuration resources: their input schema and the spec schema their fields come from. */
const RESOURCES: Array<{ name: string; body: string; omit?: string[] }> = [
  {
    name: "AuthConfig",
    body: "UpdateAuthConfigBody",
  },
  {
    name: "PostgrestConfig",
    body: "V1UpdatePostgrestConfigBody",
  },
  // restart_database is a per-request switch, not a setting.
  {
    name: "PostgresConfig",
    body: "UpdatePostgresConfigBody",
    omit: ["restart_database"],
  },
  {
    name: "PoolerConfig",
    body: "UpdateSupavisorConfigBody",
  },
  {
    name: "StorageConfig",
    body: "UpdateStorageConfigBody",
  },
  {
    name: "RealtimeConfig",
    body: "UpdateRealtimeConfigBody",
  },
];

/**
 * Write-only secrets of the auth config: the service answers them hashed, never
 * in plaintext. Recognised by name, the way the service's own CLI lists them.
 */
export const SECRET_FIELD = /(_pass|_secret|_secrets|_auth_token|_api_key|_access_key|_api_secret)$/;

/** Comma-separated lists the service treats as sets (order and spacing do not matter). */
const SET_LISTS = new Set([
  "uri_allow_list",
  "external_apple_additional_client_ids",
  "external_google_additional_client_ids",
  "webauthn_rp_origins",
  "sessions_tags",
]);
/** Comma-separated lists whose order matters (search paths, exposed schemas: the first is the default). */
const ORDERED_LISTS = new Set(["db_schema", "db_extra_search_path"]);

/** The inputs every configuration resource has besides its settings, with their descriptions. */
export const COMMON_FIELDS = {
  projectRef: "The project's reference. A change moves the management to another project (replace).",
  restoreOnDestroy:
    "On destroy, write back the values the declared fields had before this stack managed them (secrets excepted). Default false: destroy only removes the resource from the stack.",
} as const;

export type FieldKind =
  | "boolean"
  | "integer"
  | "number"
  | "string"
  | "url"
  | "set-list"
  | "ordered-list"
  | "duration"
  | "size"
  | "enum"
  | "secret"
  | "object";

function fieldKind(name: string, s: JsonSchema): FieldKind {
  if (SECRET_FIELD.test(name)) return "secret";
  if (SET_LISTS.has(name)) return "set-list";
  if (ORDERED_LISTS.has(name)) return "ordered-list";
  if (s.type === "boolean") return "boolean";
  if (s.type === "integer") return "integer";
  if (s.type === "number") return "number";
  if (s.type === "object") return "object";
  if (s.enum) return "enum";
  if (/(_timeout|_delay)$/.test(name)) return "duration";
  if (/(_mem|_size|_buffers|_cache_size|_query_size)$/.test(name)) return "size";
  if (/(_url|_uri)$/.test(name)) return "url";
  return "string";
}

export function camel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

const lit = (v: unknown) => JSON.stringify(v);

/** A zod expression for a schema; `camelKeys` renames object keys (inputs), else they stay as the API spells them. */
function zodOf(s: JsonSchema, opts: { strict: boolean; camelKeys: boolean; nullable: boolean }): string {
  let e: string;
  if (s.enum) e = `z.enum(${lit(s.enum)})`;
  else if (s.type === "string") {
    e =
      s.format === "email" ? "z.email()" : s.format === "date-time" ? "z.iso.datetime({ offset: true })" : "z.string()";
    if (s.minLength !== undefined) e += `.min(${s.minLength})`;
    if (s.maxLength !== undefined) e += `.max(${s.maxLength})`;
    if (s.pattern) e += `.regex(new RegExp(${lit(s.pattern)}))`;
  } else if (s.type === "integer" || s.type === "number") {
    e = s.type === "integer" ? "z.number().int()" : "z.number()";
    if (s.minimum !== undefined) e += `.min(${s.minimum})`;
    if (s.maximum !== undefined) e += `.max(${s.maximum})`;
  } else if (s.type === "boolean") e = "z.boolean()";
  else if (s.type === "array") e = `z.array(${zodOf(s.items ?? {}, { ...opts, nullable: false })})`;
  else if (s.type === "object" && s.properties) {
    const req = new Set(s.required ?? []);
    const fields = Object.entries(s.properties).map(([k, v]) => {
      const inner = zodOf(v, { ...opts, nullable: opts.nullable });
      const key = opts.camelKeys ? camel(k) : k;
      return `${lit(key)}: ${inner}${req.has(k) ? "" : ".optional()"}`;
    });
    e = `${opts.strict ? "z.strictObject" : "z.object"}({ ${fields.join(", ")} })`;
  } else if (s.type === "object") e = "z.record(z.string(), z.unknown())";
  else e = "z.unknown()";
  if (s.nullable && opts.nullable) e += ".nullable()";
  return e;
}

function describe(resource: string, apiName: string, s: JsonSchema, kind: FieldKind): string {
  const parts: string[] = [];
  if (s.description) parts.push(s.description.trim().replace(/\s+/g, " "));
  else parts.push(`The \`${apiName}\` setting of the ${resource} API.`);
  if (s.enum) parts.push(`One of ${s.enum.map((v) => `\`${v}\``).join(", ")}.`);
  if (s.minimum !== undefined || s.maximum !== undefined) parts.push(`Range ${s.minimum ?? "…"}..${s.maximum ?? "…"}.`);
  if (kind === "secret")
    parts.push("Write-only secret: never stored in plaintext; drift is compared by hash and shown only as changed.");
  if (kind === "set-list") parts.push("Comma-separated; order and spacing do not matter.");
  if (kind === "duration") parts.push("A duration such as `60s` or `60000ms`; equal durations never diff.");
  if (kind === "size") parts.push("A size such as `256MB`; equal sizes never diff.");
  return parts.join(" ");
}

/**
 * The region codes a project can be created in: the `specific` branch of the
 * create body's `region_selection` (the service calls the list "not a stable
 * API"; it changes with the document).
 */
export function regionsOf(spec: Spec): string[] {
  const selection = spec.components.schemas.V1CreateProjectBody?.properties?.region_selection;
  const specific = selection?.oneOf?.find((s) => s.properties?.type?.enum?.[0] === "specific");
  const codes = specific?.properties?.code?.enum;
  if (!codes || codes.length === 0)
    throw new Error("V1CreateProjectBody.region_selection has no specific region codes");
  return codes;
}

/** The regions a read replica can be set up in (`SetUpReadReplicaBody.read_replica_region`). */
export function replicaRegionsOf(spec: Spec): string[] {
  const codes = spec.components.schemas.SetUpReadReplicaBody?.properties?.read_replica_region?.enum;
  if (!codes || codes.length === 0) throw new Error("SetUpReadReplicaBody.read_replica_region has no enum");
  return codes;
}

const regionsConst = (spec: Spec) =>
  `/** The region codes a project can be created in (the create body's \`region_selection.code\`). */\nexport const REGIONS = ${lit(regionsOf(spec))} as const;\nexport type Region = (typeof REGIONS)[number];\n` +
  `/** The regions a read replica can be set up in (SetUpReadReplicaBody.read_replica_region). */\nexport const READ_REPLICA_REGIONS = ${lit(replicaRegionsOf(spec))} as const;\n`;

/** The instance sizes a create body takes (`desired_instance_size`): a project's and a branch's lists differ. */
function instanceSizesOf(spec: Spec, body: string): string[] {
  const sizes = spec.components.schemas[body]?.properties?.desired_instance_size?.enum;
  if (!sizes || sizes.length === 0) throw new Error(`${body}.desired_instance_size has no enum`);
  return sizes;
}

const instanceSizesConst = (spec: Spec) =>
  `/** The instance sizes of a new project (V1CreateProjectBody.desired_instance_size). */\nexport const PROJECT_INSTANCE_SIZES = ${lit(instanceSizesOf(spec, "V1CreateProjectBody"))} as const;\n` +
  `/** The instance sizes of a new branch (CreateBranchBody.desired_instance_size). */\nexport const BRANCH_INSTANCE_SIZES = ${lit(instanceSizesOf(spec, "CreateBranchBody"))} as const;\n`;

const HEADER = (what: string) =>
  `// Generated by scripts/gen-config-schemas.ts from reference/supabase-management-openapi.json: ${what}.\n// Do not edit by hand; run \`npm run generate\` (tests/unit/config-schemas.test.ts fails when this file is stale).\n`;

function emulatorFile(spec: Spec): string {
  const schemas = spec.components.schemas;
  const out: string[] = [HEADER("the emulator's request validation"), 'import { z } from "zod";\n'];
  for (const name of REQUEST_BODIES) {
    out.push(`export const ${name} = ${zodOf(schemas[name], { strict: true, camelKeys: false, nullable: true })};\n`);
  }
  out.push(regionsConst(spec));
  out.push(instanceSizesConst(spec));
  const auth = schemas.AuthConfigResponse.properties ?? {};
  const types: Record<string, string> = {};
  for (const [k, v] of Object.entries(auth)) types[k] = v.enum ? "enum" : (v.type ?? "unknown");
  out.push(
    `/** Every field of AuthConfigResponse and its type. */\nexport const AUTH_RESPONSE_FIELDS = ${lit(types)} as const;\n`,
  );
  const secrets = Object.keys(auth).filter((k) => SECRET_FIELD.test(k));
  out.push(
    `/** The auth config's write-only secrets, answered hashed. */\nexport const AUTH_SECRET_FIELDS: readonly string[] = ${lit(secrets)};\n`,
  );
  return out.join("\n");
}

function providerFile(spec: Spec): string {
  const schemas = spec.components.schemas;
  const out: string[] = [
    HEADER("the configuration resources' inputs"),
    'import { z } from "zod";\n',
    `/** How a field's values are compared (see provider/resources/config/normalize.ts). */\nexport type FieldKind = ${[
      "boolean",
      "integer",
      "number",
      "string",
      "url",
      "set-list",
      "ordered-list",
      "duration",
      "size",
      "enum",
      "secret",
      "object",
    ]
      .map(lit)
      .join(" | ")};\n`,
    "/** One input field: its name in the API and how its values compare. */\nexport interface FieldSpec { api: string; kind: FieldKind }\n",
    `/** The descriptions of the inputs every configuration resource has besides its settings. */\nexport const CONFIG_COMMON_FIELDS = ${lit(COMMON_FIELDS)} as const;\n`,
    regionsConst(spec),
    instanceSizesConst(spec),
  ];
  for (const r of RESOURCES) {
    const body = schemas[r.body];
    const props = Object.entries(body.properties ?? {}).filter(([k]) => !(r.omit ?? []).includes(k));
    const fields: string[] = [];
    const map: string[] = [];
    const seen = new Set<string>();
    for (const [k, v] of props) {
      const key = camel(k);
      if (seen.has(key)) throw new Error(`${r.name}: two API fields map to ${key}`);
      seen.add(key);
      const kind = fieldKind(k, v);
      // Inputs never take null: leaving a field out is how a setting stays unmanaged.
      const expr = zodOf(v, { strict: true, camelKeys: true, nullable: false });
      const meta = kind === "secret" ? ".meta({ secret: true })" : "";
      fields.push(`${lit(key)}: ${expr}.optional().describe(${lit(describe(r.name, k, v, kind))})${meta}`);
      map.push(`${lit(key)}: { api: ${lit(k)}, kind: ${lit(kind)} }`);
    }
    out.push(
      `/** The fields of ${r.name}: camelCase input name → API name and comparison kind. The one mapping between the two. */\nexport const ${r.name}Fields = { ${map.join(", ")} } as const satisfies Record<string, FieldSpec>;\n`,
    );
    out.push(
      `/** ${r.name}'s settings, from the spec's \`${r.body}\`. */\nexport const ${r.name}Settings = z.strictObject({ ${fields.join(", ")} });\nexport type ${r.name}Settings = z.infer<typeof ${r.name}Settings>;\n`,
    );
  }
  return out.join("\n");
}

export const OUTPUTS = {
  emulator: path.join("emulator", "generated", "config-schemas.ts"),
  provider: path.join("provider", "client", "config-schemas.ts"),
} as const;

/** Every generated file's path (relative to the repository) and formatted text. */
export async function generate(specText: string): Promise<Record<string, string>> {
  const spec = JSON.parse(specText) as Spec;
  const options = { ...(await prettier.resolveConfig(path.resolve("package.json"))), parser: "typescript" };
  const files: Record<string, string> = {
    [OUTPUTS.emulator]: await prettier.format(emulatorFile(spec), options),
    [OUTPUTS.provider]: await prettier.format(providerFile(spec), options),
  };
  return files;
}

/** With `--check`: writes nothing, lists stale files and exits 1 when there are any. */
async function main(): Promise<void> {
  const files = await generate(readFileSync(SPEC_PATH, "utf8"));
  if (process.argv.includes("--check")) {
    const stale = Object.entries(files).filter(([file, text]) => {
      try {
        return readFileSync(file, "utf8") !== text;
      } catch {
        return true;
      }
    });
    for (const [file] of stale) process.stdout.write(`stale: ${file}\n`);
    process.exit(stale.length === 0 ? 0 : 1);
  }
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    process.stdout.write(`wrote ${file}\n`);
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  });
}
