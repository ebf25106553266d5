/**
 * Function secrets. GET answers digests, never
 * values: the lowercase hex SHA-256 of the UTF-8 value, which is what the
 * Dashboard, the CLI and the Terraform provider compare against.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { defineRoute, type RouteDef } from "../pipeline/router";
import { projectSettings } from "../settings/store";

export const MAX_SECRET_NAME = 256;
export const MAX_SECRET_VALUE = 24576;
const RESERVED_PREFIX = "SUPABASE_";

export function secretDigest(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

/** The platform owns SUPABASE_* (case-sensitive: a lower-case `supabase_` prefix is accepted). */
export function reservedNameMessage(name: string): string {
  return `Invalid secret name: ${name}. Secret names must not start with ${RESERVED_PREFIX}`;
}

const SecretName = z
  .string()
  .min(1)
  .max(MAX_SECRET_NAME)
  .refine((n) => !n.startsWith(RESERVED_PREFIX), { error: (iss) => reservedNameMessage(String(iss.input)) });

const CreateSecrets = z.array(z.strictObject({ name: SecretName, value: z.string().max(MAX_SECRET_VALUE) }));
const DeleteSecrets = z.array(SecretName);

export const secretRoutes: RouteDef[] = [
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/secrets",
    handler: ({ app, params }) => {
      const { settings } = projectSettings(app, params.ref);
      const body = [...settings.secrets]
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
        .map((s) => ({ name: s.name, value: secretDigest(s.value), updated_at: app.clock.iso(s.updatedAtMs) }));
      return { status: 200, body };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/v1/projects/{ref}/secrets",
    body: CreateSecrets,
    handler: ({ app, params, body }) => {
      const { settings } = projectSettings(app, params.ref);
      const now = app.clock.now();
      // Validation ran on the whole batch first, so a bad entry changes nothing; later duplicates win.
      for (const { name, value } of body) {
        const existing = settings.secrets.find((s) => s.name === name);
        if (existing) Object.assign(existing, { value, updatedAtMs: now });
        else settings.secrets.push({ name, value, updatedAtMs: now });
      }
      app.store.commit();
      // The real service answers 201 with an empty body and no content-type.
      return { status: 201 };
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/v1/projects/{ref}/secrets",
    body: DeleteSecrets,
    handler: ({ app, params, body }) => {
      const { settings } = projectSettings(app, params.ref);
      const names = new Set(body);
      // Unknown names are ignored: deleting is idempotent.
      settings.secrets = settings.secrets.filter((s) => !names.has(s.name));
      app.store.commit();
      // The real answer is empty; the API contract says "an object", so `{}` satisfies both readings.
      return { status: 200, body: {} };
    },
  }),
];
