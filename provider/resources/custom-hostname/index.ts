/**
 * CustomHostname: a project's custom domain. Create initializes it and outputs
 * the DNS records to publish, shaped for a DNS provider's record resources;
 * with `activate: true` it waits for DNS verification, then activates. Its
 * documentation is `customHostnameDoc` below.
 */ import { z } from "zod";
import { defineKind, driftOutput } from "../../kind";
import { customHostnameImporter } from "./import";
import { ApiError, isNotFound, partialFailure, SupabaseError } from "../../errors";
import type { CustomHostname } from "../../client/management";
import { withUnknownOutcome } from "../../client/management";
import { managementClient } from "../../context";
import { usageProjectRef, managementFootprint, type ResourceDoc } from "../../resource-doc";
import { sleep } from "../../poll";
import { checkWith, diffFields, PROVIDER_KEY, type FieldRule, type Props, type ResourceImpl } from "../common";
import { withDrift } from "../drift";
import { optionalFlag, projectRef, timeoutSeconds } from "../shared";

export const STATUS = {
  initiated: "2_initiated",
  verified: "3_challenge_verified",
  originReady: "4_origin_setup_completed",
  active: "5_services_reconfigured",
} as const;

/** reverify is limited to 10 per minute: one every 6.5 s stays inside it with margin. */
export const REVERIFY_INTERVAL_MS = 6500;

const hostnameRule = z
  .string({ error: "hostname is required" })
  .max(253, "hostname must be at most 253 characters")
  .transform((h) => h.trim().toLowerCase().replace(/\.$/, ""))
  .refine((h) => /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/.test(h), {
    message: "hostname must be a valid DNS name such as api.example.com",
  })
  .refine((h) => h.split(".").length >= 3, {
    message: "hostname must be a subdomain (such as api.example.com), not an apex domain",
  });

export const customHostnameInputs = z
  .object({
    projectRef: projectRef
      .describe("The project's reference. A change replaces the hostname.")
      .meta({ replaceOnChanges: true }),
    hostname: hostnameRule
      .describe("A subdomain such as `api.example.com` (compared case-insensitively). A change replaces the hostname.")
      .meta({ replaceOnChanges: true }),
    activate: optionalFlag("activate").describe(
      "Verify DNS and activate the hostname (publish the DNS records first).",
    ),
    activationTimeoutSeconds: timeoutSeconds("activationTimeoutSeconds", 86400)
      .optional()
      .describe("How long activation waits for DNS verification (default 1800)."),
  })
  .strict();

const rules: FieldRule[] = [
  { name: "projectRef", replaces: true },
  { name: "hostname", replaces: true, normalize: (v) => (typeof v === "string" ? v.toLowerCase() : v) },
  { name: "activationTimeoutSeconds", ignore: true },
];

/** A DNS record to publish; the SDK exports its type as `DnsRecord`. */
const dnsRecordSchema = z
  .object({
    type: z.enum(["CNAME", "TXT"]),
    name: z.string(),
    value: z.string(),
    /** What the record is for. */
    purpose: z.enum(["routing", "ownership", "ssl"]),
  })
  .meta({ typeName: "DnsRecord" });
export type DnsRecord = z.infer<typeof dnsRecordSchema>;

function recordsOf(h: CustomHostname, ref: string): { cnameTarget: string; dnsRecords: DnsRecord[] } {
  const result = h.data?.result ?? {};
  // The service names the CNAME target; the documented default is <ref>.supabase.co.
  const cnameTarget: string = result.custom_origin_server || `${ref}.supabase.co`;
  const records: DnsRecord[] = [{ type: "CNAME", name: h.custom_hostname, value: cnameTarget, purpose: "routing" }];
  const own = result.ownership_verification;
  if (own?.name && own?.value) records.push({ type: "TXT", name: own.name, value: own.value, purpose: "ownership" });
  for (const r of result.ssl?.validation_records ?? []) {
    if (r?.txt_name && r?.txt_value)
      records.push({ type: "TXT", name: r.txt_name, value: r.txt_value, purpose: "ssl" });
  }
  return { cnameTarget, dnsRecords: records };
}

/**
 * Once a hostname is active the service blanks its verification records; the
 * records captured earlier are kept, so the output does not shrink and DNS
 * records built from it are not removed.
 */
function outputs(inputs: Props, h: CustomHostname, previous?: Props): Props {
  const ref = inputs.projectRef as string;
  const { cnameTarget } = recordsOf(h, ref);
  let { dnsRecords } = recordsOf(h, ref);
  const earlier: DnsRecord[] | undefined = previous?.dnsRecords;
  if (earlier && earlier.length > dnsRecords.length && previous?.hostname === h.custom_hostname.toLowerCase())
    dnsRecords = earlier;
  return {
    ...inputs,
    hostname: h.custom_hostname.toLowerCase(),
    status: h.status,
    cnameTarget,
    dnsRecords,
    ownershipRecord: dnsRecords.find((r) => r.purpose === "ownership") ?? null,
    sslValidationRecords: dnsRecords.filter((r) => r.purpose === "ssl"),
  };
}

function isNoneConfigured(err: unknown): boolean {
  return (
    isNotFound(err) ||
    (ApiError.isApi(err) &&
      err.status === 400 &&
      /No custom hostname configuration found|not configured/i.test(err.apiMessage))
  );
}

/** Reverify at most once per interval until the origin is set up, then activate. */
async function activate(ref: string, current: CustomHostname, timeoutS: number): Promise<CustomHostname> {
  const client = managementClient();
  const deadline = Date.now() + timeoutS * 1000;
  let h = current;
  while (h.status !== STATUS.originReady && h.status !== STATUS.active) {
    if (Date.now() > deadline) {
      throw new SupabaseError(
        "TIMEOUT",
        `Timed out after ${timeoutS}s waiting for DNS verification of ${h.custom_hostname} (status ${h.status}). ` +
          `Publish the DNS records in the outputs and run up again.`,
      );
    }
    try {
      h = await client.reverifyCustomHostname(ref);
    } catch (err) {
      if (!(ApiError.isApi(err) && err.status === 400 && /proceed to activation/i.test(err.apiMessage))) throw err;
      h = await client.getCustomHostname(ref);
    }
    if (h.status === STATUS.originReady || h.status === STATUS.active) break;
    await sleep(Math.min(REVERIFY_INTERVAL_MS, Math.max(0, deadline - Date.now())));
  }
  if (h.status === STATUS.originReady) {
    // Activation is not repeated blindly: when its answer is lost, the hostname's status tells whether it happened.
    h = await withUnknownOutcome(
      () => client.activateCustomHostname(ref),
      async () => {
        const live = await client.getCustomHostname(ref);
        return live.status === STATUS.active ? live : undefined;
      },
    );
  }
  return h;
}

/**
 * Initializes the hostname, or adopts the project's configuration when it is
 * already for this hostname: an earlier initialize whose answer was lost (in
 * this run, or in an interrupted one) did happen, and a second one would be
 * refused until the first is deleted.
 */
async function initialize(ref: string, hostname: string): Promise<CustomHostname> {
  const client = managementClient();
  const existing = async (): Promise<CustomHostname | undefined> => {
    try {
      const live = await client.getCustomHostname(ref);
      return live.custom_hostname.toLowerCase() === hostname ? live : undefined;
    } catch (err) {
      if (isNoneConfigured(err)) return undefined;
      throw err;
    }
  };
  // A hostname already configured is taken over without a write.
  const configured = await existing();
  if (configured) return configured;
  try {
    return await withUnknownOutcome(() => client.initializeCustomHostname(ref, hostname), existing);
  } catch (err) {
    if (!(ApiError.isApi(err) && err.status === 400 && /delete the custom hostname/i.test(err.apiMessage))) throw err;
    const live = await existing();
    if (!live) throw err;
    return live;
  }
}

export const customHostname: ResourceImpl = {
  async check(_olds, news) {
    return checkWith(customHostnameInputs, news);
  },

  async diff(_id, olds, news) {
    const d = diffFields(olds, news, rules);
    // Refresh compares the live status with what the inputs ask for.
    if (news.activate === true && olds.status !== STATUS.active) d.changes = true;
    if (typeof olds.status === "string" && !/^[2-5]_/.test(olds.status)) d.changes = true;
    return d;
  },

  async create(inputs) {
    const initialized = await initialize(inputs.projectRef, inputs.hostname);
    const first = outputs(inputs, initialized);
    if (!inputs.activate) return { id: inputs.projectRef, outs: first };
    try {
      const h = await activate(inputs.projectRef, initialized, inputs.activationTimeoutSeconds ?? 1800);
      return { id: inputs.projectRef, outs: outputs(inputs, h, first) };
    } catch (err) {
      // Initialized but not activated: record it with its DNS records; the next up continues.
      throw partialFailure(inputs.projectRef, { ...first, [PROVIDER_KEY]: inputs[PROVIDER_KEY] }, err);
    }
  },

  async read(id, props) {
    try {
      const h = await managementClient().getCustomHostname(id);
      const next = outputs(props, h, props);
      const changed: string[] = [];
      if (props.hostname !== undefined && next.hostname !== props.hostname) changed.push("hostname");
      if (props.status !== undefined && next.status !== props.status) changed.push(`status ${next.status}`);
      return { id, props: withDrift(next, { changed }) };
    } catch (err) {
      if (isNoneConfigured(err)) return { id: "", props: {} };
      throw err;
    }
  },

  async update(id, olds, news) {
    const client = managementClient();
    let h: CustomHostname;
    try {
      h = await client.getCustomHostname(id);
    } catch (err) {
      if (!isNoneConfigured(err)) throw err;
      h = await initialize(id, news.hostname);
    }
    if (h.custom_hostname.toLowerCase() !== news.hostname) {
      throw new SupabaseError(
        "API",
        `The project's custom hostname is ${h.custom_hostname}, not ${news.hostname}; refresh to replace it.`,
      );
    }
    if (news.activate && h.status !== STATUS.active) h = await activate(id, h, news.activationTimeoutSeconds ?? 1800);
    return { outs: outputs(news, h, olds) };
  },

  async delete(id) {
    try {
      await managementClient().deleteCustomHostname(id);
    } catch (err) {
      if (!isNoneConfigured(err)) throw err;
    }
  },
};

export const customHostnameDoc: ResourceDoc<typeof customHostnameInputs> = {
  name: "CustomHostname",
  page: "custom-hostname",
  usage: { name: "api-hostname", inputs: { projectRef: usageProjectRef(), hostname: "api.acme.example.com" } },
  manages: "a custom domain and the DNS records to publish for it",
  summary:
    "A project's custom domain. Its outputs list every DNS record to publish as `{type, name, value, purpose}`, the shape a DNS provider's record resources take in the same program.",
  inputs: customHostnameInputs,
  outputs: z.object({
    projectRef: z.string(),
    hostname: z.string(),
    drift: driftOutput(
      "After a refresh that found drift: `hostname` or `status <new status>` when they changed out of band. Cleared by `up`.",
    ),
    status: z
      .string()
      .describe("The hostname's status as the service reports it (`5_services_reconfigured` once active)."),
    cnameTarget: z.string().describe("Where the hostname's CNAME record must point."),
    dnsRecords: z
      .array(dnsRecordSchema)
      .describe("Every record to publish, as `{type, name, value, purpose}` (purpose: routing, ownership or ssl)."),
    ownershipRecord: dnsRecordSchema.nullable().describe("The TXT record that proves ownership, or null."),
    sslValidationRecords: z.array(dnsRecordSchema).describe("The TXT records that validate the certificate."),
  }),
  behaviour: {
    replace: "A change of `projectRef` or `hostname`.",
    adopt:
      "The default for the same hostname: a project already configured for the declared hostname is taken over without a write. A different hostname is refused by the service; delete it first.",
    drift: "Refresh reports a status that regressed, or a hostname that was deleted. `up` restores it.",
    destroy: "Deletes the hostname.",
    notes: [
      "Create initializes the hostname. With `activate: true`, it asks the service to re-verify DNS at most once every 6.5 s (the service allows 10 re-verifications a minute, and 429s are waited out) until verification completes, then activates it. If verification times out, the hostname is still recorded with its DNS records, and the next `up` continues.",
      "DNS records built from `dnsRecords` can only be created once the hostname's outputs exist, so publish them with `activate: false` first, then set `activate: true` (a second `up`). The records captured at initialization stay in the outputs after activation, although the service blanks them then.",
    ],
  },
  ...managementFootprint({
    create:
      "1 `GET …/custom-hostname` (+1 `POST …/custom-hostname/initialize` when the hostname is not configured yet); with `activate`, ≤1 `POST …/reverify` every 6.5 s (≤10 a minute) until verified, then 1 `POST …/activate`",
    "read (refresh)": "1 `GET /v1/projects/{ref}/custom-hostname`",
    update: "as the activation part of create",
    delete: "1 `DELETE /v1/projects/{ref}/custom-hostname`",
  }),
  example: "custom-hostname-dns",
};

export default defineKind(customHostname, customHostnameDoc, {
  recover: {
    adopts: "create takes over the project's custom hostname when it is already for this hostname",
  },
  importer: customHostnameImporter,
});
