/** A project's edge functions: list, read, deploy a bundle, create, update, delete, read the body. */
import { enc, ManagementTransport, type QueryValue, type RawResponse } from "../transport";
import {
  deployedFunctionSchema,
  functionSchema,
  type BundleFile,
  type DeployMetadata,
  type DeployedFunction,
  type EdgeFunction,
  type FunctionSettings,
} from "../settings";

export abstract class FunctionEndpoints extends ManagementTransport {
  listFunctions(ref: string): Promise<EdgeFunction[]> {
    return this.typed(functionSchema.array(), "GET", `/v1/projects/${enc(ref)}/functions`);
  }

  /** 404 → NOT_FOUND. */
  getFunction(ref: string, slug: string): Promise<EdgeFunction> {
    return this.typed(functionSchema, "GET", `/v1/projects/${enc(ref)}/functions/${enc(slug)}`);
  }

  /**
   * Deploys a bundle through `POST …/functions/deploy` (multipart: one
   * `metadata` JSON part, one `file` part per file named by its relative
   * path), creating the function or replacing its code and settings. Sending
   * the same bundle again leaves the same code and settings (only the version
   * moves), so the call is marked retryable.
   */
  async deployFunction(
    ref: string,
    slug: string,
    metadata: DeployMetadata,
    files: BundleFile[],
  ): Promise<DeployedFunction> {
    const form = new FormData();
    form.append("metadata", new Blob([JSON.stringify(metadata)], { type: "application/json" }));
    for (const f of files) {
      const bytes = typeof f.content === "string" ? Buffer.from(f.content, "utf8") : f.content;
      form.append("file", new Blob([new Uint8Array(bytes)], { type: f.contentType ?? contentTypeOf(f.name) }), f.name);
    }
    const { body, contentType } = await encodeForm(form);
    return this.typed(deployedFunctionSchema, "POST", `/v1/projects/${enc(ref)}/functions/deploy`, {
      query: { slug },
      rawBody: body,
      contentType,
      idempotent: true,
    });
  }

  /** Updates settings (query parameters) and optionally the source. Same request twice, same effect: retryable. */
  updateFunction(ref: string, slug: string, settings: FunctionSettings, source?: string): Promise<EdgeFunction> {
    const body: Record<string, unknown> = {};
    if (settings.name !== undefined) body.name = settings.name;
    if (settings.verify_jwt !== undefined) body.verify_jwt = settings.verify_jwt;
    if (source !== undefined) body.body = source;
    return this.typed(functionSchema, "PATCH", `/v1/projects/${enc(ref)}/functions/${enc(slug)}`, {
      query: functionQuery(settings),
      body,
      idempotent: true,
    });
  }

  async deleteFunction(ref: string, slug: string): Promise<void> {
    await this.request("DELETE", `/v1/projects/${enc(ref)}/functions/${enc(slug)}`, { expect: "empty" });
  }

  /** The function's body as stored. */
  async getFunctionBody(ref: string, slug: string): Promise<Buffer> {
    const r = await this.request<RawResponse>("GET", `/v1/projects/${enc(ref)}/functions/${enc(slug)}/body`, {
      expect: "raw",
      headers: { accept: "*/*" },
    });
    return r.body;
  }

  /**
   * The function's files as the service serves them for download (`Accept:
   * multipart/form-data`): the `metadata` part (entrypoint, import map,
   * static patterns) and every file by its path in the bundle.
   */
  async getFunctionFiles(ref: string, slug: string): Promise<FunctionFiles> {
    const r = await this.request<RawResponse>("GET", `/v1/projects/${enc(ref)}/functions/${enc(slug)}/body`, {
      expect: "raw",
      headers: { accept: "multipart/form-data" },
    });
    const type = String(r.headers["content-type"] ?? "");
    if (!/^multipart\/form-data/i.test(type)) return { metadata: {}, files: [{ name: "index.ts", content: r.body }] };
    const form = await new Response(new Uint8Array(r.body), { headers: { "content-type": type } }).formData();
    let metadata: Record<string, unknown> = {};
    const files: FunctionFiles["files"] = [];
    for (const [key, part] of form.entries()) {
      if (key === "metadata") metadata = JSON.parse(typeof part === "string" ? part : await part.text());
      else if (typeof part !== "string")
        files.push({ name: part.name, content: Buffer.from(await part.arrayBuffer()) });
    }
    return { metadata, files };
  }
}

/** A function's files as downloaded, and the bundle's metadata. */
export interface FunctionFiles {
  metadata: { deno2_entrypoint_path?: string; import_map_path?: string; static_patterns?: string[] } & Record<
    string,
    unknown
  >;
  files: Array<{ name: string; content: Buffer }>;
}

const CONTENT_TYPES: Record<string, string> = {
  ".ts": "application/typescript",
  ".tsx": "application/typescript",
  ".mts": "application/typescript",
  ".js": "application/javascript",
  ".mjs": "application/javascript",
  ".jsx": "application/javascript",
  ".json": "application/json",
  ".html": "text/html",
  ".css": "text/css",
  ".txt": "text/plain",
};

function contentTypeOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return (dot >= 0 && CONTENT_TYPES[name.slice(dot).toLowerCase()]) || "application/octet-stream";
}

/** Serializes a form to multipart bytes (the boundary comes from the platform's encoder). */
async function encodeForm(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const req = new Request("http://form.invalid/", { method: "POST", body: form });
  return { body: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get("content-type")! };
}

function functionQuery(settings: FunctionSettings): Record<string, QueryValue> {
  return {
    slug: settings.slug,
    name: settings.name,
    verify_jwt: settings.verify_jwt,
    import_map: settings.import_map,
    entrypoint_path: settings.entrypoint_path,
    import_map_path: settings.import_map_path,
  };
}
