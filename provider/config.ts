/**
 * Provider configuration, resolved inside the provider process.
 *
 * Sources, first match wins:
 *  1. stack config handed to `configure()` (`supabase:accessToken`, `supabase:apiUrl`
 *     or its alias `supabase:endpoint`, the name the Terraform provider and its bridged
 *     Pulumi package use, `supabase:projectUrlTemplate`);
 *  2. the environment (`SUPABASE_ACCESS_TOKEN`, `SUPABASE_API_URL` or its alias
 *     `SUPABASE_API_ENDPOINT`, `SUPABASE_PROJECT_URL_TEMPLATE`);
 *  3. the real service's defaults.
 *
 * The retry budget (`supabase:retryBudgetSeconds`, `SUPABASE_RETRY_BUDGET_SECONDS`,
 * default 300) bounds how long one request, or one write whose outcome is
 * being settled, keeps retrying transient failures.
 *
 * Nothing here is read at module load time: the serialized provider calls
 * `configure()` and the resources call `resolveConfig()` inside their methods,
 * so no credential is ever captured into state.
 */
import { SupabaseError } from "./errors";

export const DEFAULT_API_URL = "https://api.supabase.com";
export const DEFAULT_PROJECT_URL_TEMPLATE = "https://{ref}.supabase.co";

/** The stack-config keys this provider reads. */
export const CONFIG_KEYS = {
  accessToken: "supabase:accessToken",
  apiUrl: "supabase:apiUrl",
  apiUrlAlias: "supabase:endpoint",
  projectUrlTemplate: "supabase:projectUrlTemplate",
  retryBudgetSeconds: "supabase:retryBudgetSeconds",
} as const;

/** The environment variables this provider reads. */
export const ENV_VARS = {
  accessToken: "SUPABASE_ACCESS_TOKEN",
  apiUrl: "SUPABASE_API_URL",
  apiUrlAlias: "SUPABASE_API_ENDPOINT",
  projectUrlTemplate: "SUPABASE_PROJECT_URL_TEMPLATE",
  retryBudgetSeconds: "SUPABASE_RETRY_BUDGET_SECONDS",
} as const;

/** How long a request keeps retrying transient failures when nothing else is set. */
export const DEFAULT_RETRY_BUDGET_SECONDS = 300;

export interface ProviderSettings {
  accessToken?: string;
  apiUrl?: string;
  projectUrlTemplate?: string;
  /** Seconds (a number, or its text from stack config). */
  retryBudgetSeconds?: string | number;
}

export interface ResolvedConfig {
  apiUrl: string;
  projectUrlTemplate: string;
  /** Read the token at call time; never store the result on a long-lived object. */
  accessToken(): string | undefined;
}

/** Anything with a `get(key)`, such as the dynamic provider's `ConfigureRequest.config`. */
export interface ConfigSource {
  get(key: string): string | undefined;
}

let configured: ProviderSettings = {};

/** Called from the serialized provider's `configure()`; replaces explicit settings. */
export function configure(source: ConfigSource | ProviderSettings): void {
  if (typeof (source as ConfigSource).get === "function") {
    const s = source as ConfigSource;
    configured = {
      accessToken: nonEmpty(s.get(CONFIG_KEYS.accessToken)),
      apiUrl: nonEmpty(s.get(CONFIG_KEYS.apiUrl)) ?? nonEmpty(s.get(CONFIG_KEYS.apiUrlAlias)),
      projectUrlTemplate: nonEmpty(s.get(CONFIG_KEYS.projectUrlTemplate)),
      retryBudgetSeconds: nonEmpty(s.get(CONFIG_KEYS.retryBudgetSeconds)),
    };
  } else {
    configured = { ...(source as ProviderSettings) };
  }
}

export function resolveConfig(): ResolvedConfig {
  const env = process.env;
  const apiUrl = stripSlash(
    configured.apiUrl ?? nonEmpty(env[ENV_VARS.apiUrl]) ?? nonEmpty(env[ENV_VARS.apiUrlAlias]) ?? DEFAULT_API_URL,
  );
  const projectUrlTemplate = stripSlash(
    configured.projectUrlTemplate ?? nonEmpty(env[ENV_VARS.projectUrlTemplate]) ?? DEFAULT_PROJECT_URL_TEMPLATE,
  );
  if (!/^https?:\/\//.test(apiUrl)) {
    throw new SupabaseError("CONFIG", `The API URL must start with http:// or https:// (got "${apiUrl}").`);
  }
  if (!projectUrlTemplate.includes("{ref}")) {
    throw new SupabaseError("CONFIG", `The project URL template must contain {ref} (got "${projectUrlTemplate}").`);
  }
  return {
    apiUrl,
    projectUrlTemplate,
    accessToken: () => configured.accessToken ?? nonEmpty(process.env[ENV_VARS.accessToken]),
  };
}

/**
 * The retry budget in milliseconds: stack config, then the environment, then
 * 300 s. Read per request, so it never enters the serialized provider.
 */
export function retryBudgetMs(): number {
  const raw = configured.retryBudgetSeconds ?? nonEmpty(process.env[ENV_VARS.retryBudgetSeconds]);
  if (raw === undefined) return DEFAULT_RETRY_BUDGET_SECONDS * 1000;
  const seconds = typeof raw === "number" ? raw : Number(raw.trim());
  if (!Number.isFinite(seconds) || seconds < 0) {
    throw new SupabaseError(
      "CONFIG",
      `The retry budget must be a number of seconds ≥ 0 (got ${JSON.stringify(String(raw))}); ` +
        `set ${CONFIG_KEYS.retryBudgetSeconds} or ${ENV_VARS.retryBudgetSeconds}.`,
    );
  }
  return seconds * 1000;
}

export function projectUrl(template: string, ref: string): string {
  return template.split("{ref}").join(ref);
}

function nonEmpty(v: string | undefined): string | undefined {
  return v === undefined || v === "" ? undefined : v;
}

function stripSlash(u: string): string {
  return u.replace(/\/+$/, "");
}
