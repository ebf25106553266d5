/** Shared set-up for the project-settings tests: a ready project, and raw (non-JSON) calls. */
import type { TestEmulator } from "../../../../harness/emulator";
import { useEmulator } from "../../../../harness/suite";

/** An organization and a project in it; with provisioningDelayMs 0 it is ACTIVE_HEALTHY at once. */
export async function newProject(emu: TestEmulator, name = "settings"): Promise<string> {
  const org = await emu.api("POST", "/v1/organizations", { name: "Settings Org" });
  expect(org.status).toBe(201);
  const project = await emu.api("POST", "/v1/projects", {
    name,
    organization_slug: org.body.slug,
    region: "eu-west-1",
    db_pass: "s3cret-pass",
  });
  expect(project.status).toBe(201);
  return project.body.id as string;
}

export interface RawResponse {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

/** An authenticated management call with a body sent as is (source text, a bundle, or nothing). */
export async function rawCall(
  emu: TestEmulator,
  method: string,
  path: string,
  body?: string | Buffer,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  const res = await fetch(`${emu.apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${emu.accessToken}`, ...headers },
    body: body === undefined ? undefined : new Uint8Array(typeof body === "string" ? Buffer.from(body) : body),
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Parses the JSON of a raw answer. */

export const json = (r: RawResponse): any => JSON.parse(r.bytes.toString("utf8"));

/**
 * One emulator for the file (projects healthy at once); before each test it is
 * reset, holds one fresh project, and `bind` receives both.
 */
export function useSettingsProject(bind: (emu: TestEmulator, ref: string) => void): void {
  useEmulator({
    emulator: { provisioningDelayMs: 0 },
    beforeEach: async (emu) => {
      await emu.reset();
      bind(emu, await newProject(emu));
    },
  });
}
