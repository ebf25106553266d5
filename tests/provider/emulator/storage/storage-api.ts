/** Calls to a project's Storage API on the test emulator, as the platform's tools make them. */
import type { ApiResponse, TestEmulator } from "../../../../harness/emulator";

const keys = new Map<string, string>();

/**
 * The key the provider sends (provider/context.ts `serviceRoleKey`), read once per project: a secret key acting as
 * service_role, which works whether or not the legacy keys are on, else the legacy service_role key.
 */
export async function serviceRoleKey(emu: TestEmulator, ref: string): Promise<string> {
  let key = keys.get(ref);
  if (!key) {
    const list = (await emu.api("GET", `/v1/projects/${ref}/api-keys?reveal=true`)).body as Array<{
      name: string;
      type?: string;
      api_key: string;
      secret_jwt_template?: { role?: string } | null;
    }>;
    const secret = list.find(
      (k) =>
        k.type === "secret" &&
        (k.secret_jwt_template?.role ?? "service_role") === "service_role" &&
        k.api_key.startsWith("sb_secret_"),
    );
    key = (secret ?? list.find((k) => k.name === "service_role")!).api_key;
    keys.set(ref, key);
  }
  return key;
}

export interface StorageCallOptions {
  /** The `apikey` header (default: the service_role key); `null` sends none. */
  apiKey?: string | null;
  /** A bearer token (default: none). */
  bearer?: string;
  /** A raw body with its content type, instead of JSON. */
  raw?: { data: Buffer | string; contentType: string };
  headers?: Record<string, string>;
}

/** One Storage API call: `path` is under `/storage/v1`. */
export async function storage(
  emu: TestEmulator,
  ref: string,
  method: string,
  path: string,
  body?: unknown,
  options: StorageCallOptions = {},
): Promise<ApiResponse> {
  const apiKey = options.apiKey === undefined ? await serviceRoleKey(emu, ref) : options.apiKey;
  const headers: Record<string, string> = { ...options.headers };
  if (apiKey !== null) headers.apikey = apiKey;
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  let payload: string | Buffer | undefined;
  if (options.raw) {
    headers["content-type"] = options.raw.contentType;
    payload = options.raw.data;
  } else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${emu.projectUrlTemplate.replace("{ref}", ref)}/storage/v1${path}`, {
    method,
    headers,
    body: payload,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text === "" ? text : JSON.parse(text);
  } catch {
    // Not JSON: keep the text.
  }
  return { status: res.status, headers: Object.fromEntries(res.headers.entries()), body: parsed };
}

/** Uploads a small object (the raw body, with its content type). */
export function upload(
  emu: TestEmulator,
  ref: string,
  bucket: string,
  path: string,
  data: string | Buffer,
  contentType = "text/plain",
): Promise<ApiResponse> {
  return storage(emu, ref, "POST", `/object/${bucket}/${path}`, undefined, { raw: { data, contentType } });
}
