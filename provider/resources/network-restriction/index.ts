/**
 * NetworkRestriction: which IPv4 and IPv6 CIDR blocks may reach a project's
 * database. Its documentation is `networkRestrictionDoc` below.
 */ import { z } from "zod";
import { defineKind, driftOutput } from "../../kind";
import { managementClient } from "../../context";
import { ALLOW_ALL_V4, ALLOW_ALL_V6, normalizeCidrList, parseCidr } from "../../cidr";
import type { NetworkRestrictions } from "../../client/management";
import { usageProjectRef, managementFootprint, type ResourceDoc } from "../../resource-doc";
import { pollUntil } from "../../poll";
import { checkWith, diffFields, type FieldRule, type Props, type ResourceImpl } from "../common";
import { withDrift } from "../drift";
import { projectRef } from "../shared";
import { networkRestrictionImporter } from "./import";

function cidrList(family: 4 | 6, field: string) {
  return z
    .array(z.string({ error: `${field} entries must be strings` }), { error: `${field} must be a list of CIDR blocks` })
    .max(1000, `${field} may hold at most 1000 blocks`)
    .superRefine((list, ctx) => {
      list.forEach((text, i) => {
        const c = parseCidr(text);
        if (!c)
          ctx.addIssue({
            code: "custom",
            path: [i],
            message: `"${text}" is not a valid IPv${family} CIDR block (like ${family === 4 ? "203.0.113.0/24" : "2001:db8::/32"})`,
          });
        else if (c.family !== family)
          ctx.addIssue({
            code: "custom",
            path: [i],
            message: `"${text}" is an IPv${c.family} block; put it in ${c.family === 4 ? "dbAllowedCidrs" : "dbAllowedCidrsV6"}`,
          });
      });
    });
}

/** The input fields, before the lists are normalized. */
export const networkRestrictionFields = z
  .object({
    projectRef: projectRef.describe("The project's reference.").meta({ replaceOnChanges: true }),
    dbAllowedCidrs: cidrList(4, "dbAllowedCidrs")
      .optional()
      .describe("IPv4 CIDR blocks allowed to reach the database (an IPv6 block here is refused)."),
    dbAllowedCidrsV6: cidrList(6, "dbAllowedCidrsV6")
      .optional()
      .describe("IPv6 CIDR blocks allowed to reach the database."),
    applyTimeoutSeconds: z
      .number({ error: "applyTimeoutSeconds must be a number" })
      .int()
      .positive()
      .max(3600)
      .optional()
      .describe("How long applying waits until the service reports `applied` (default 300)."),
  })
  .strict();

export const networkRestrictionInputs = networkRestrictionFields.transform((v) => ({
  ...v,
  dbAllowedCidrs: normalizeCidrList(v.dbAllowedCidrs ?? []),
  dbAllowedCidrsV6: normalizeCidrList(v.dbAllowedCidrsV6 ?? []),
}));

const listRule = (name: string): FieldRule => ({
  name,
  normalize: (v) => normalizeCidrList((v as string[] | undefined) ?? []),
});
const rules: FieldRule[] = [
  { name: "projectRef", replaces: true },
  listRule("dbAllowedCidrs"),
  listRule("dbAllowedCidrsV6"),
  { name: "applyTimeoutSeconds", ignore: true },
];

function outputs(inputs: Props, r: NetworkRestrictions): Props {
  return {
    ...inputs,
    dbAllowedCidrs: normalizeCidrList(r.config.dbAllowedCidrs),
    dbAllowedCidrsV6: normalizeCidrList(r.config.dbAllowedCidrsV6 ?? []),
    entitlement: r.entitlement,
    status: r.status,
  };
}

async function applyAndWait(ref: string, v4: string[], v6: string[], timeoutS: number): Promise<NetworkRestrictions> {
  const client = managementClient();
  const first = await client.applyNetworkRestrictions(ref, { dbAllowedCidrs: v4, dbAllowedCidrsV6: v6 });
  if (first.status === "applied") return first;
  return pollUntil(
    async () => {
      const r = await client.getNetworkRestrictions(ref);
      return r.status === "applied" ? r : undefined;
    },
    {
      timeoutMs: timeoutS * 1000,
      minDelayMs: 250,
      maxDelayMs: 3000,
      what: `the network restrictions of ${ref} to be applied`,
    },
  );
}

function sameLists(r: NetworkRestrictions, v4: string[], v6: string[]): boolean {
  const same = (a: string[], b: string[]) => normalizeCidrList(a).join() === normalizeCidrList(b).join();
  return same(r.config.dbAllowedCidrs, v4) && same(r.config.dbAllowedCidrsV6 ?? [], v6);
}

export const networkRestriction: ResourceImpl = {
  async check(_olds, news) {
    return checkWith(networkRestrictionInputs, news);
  },

  async diff(_id, olds, news) {
    const d = diffFields(olds, news, rules);
    // A config the service still has only `stored` shows as drift too.
    if (typeof olds.status === "string" && olds.status !== "applied") d.changes = true;
    return d;
  },

  async create(inputs) {
    // A config already applied with these lists is taken over without a write.
    const live = await managementClient().getNetworkRestrictions(inputs.projectRef);
    if (live.status === "applied" && sameLists(live, inputs.dbAllowedCidrs, inputs.dbAllowedCidrsV6))
      return { id: inputs.projectRef, outs: outputs(inputs, live) };
    const r = await applyAndWait(
      inputs.projectRef,
      inputs.dbAllowedCidrs,
      inputs.dbAllowedCidrsV6,
      inputs.applyTimeoutSeconds ?? 300,
    );
    return { id: inputs.projectRef, outs: outputs(inputs, r) };
  },

  async read(id, props) {
    const r = await managementClient().getNetworkRestrictions(id);
    const next = outputs(props, r);
    const before = [...(props.dbAllowedCidrs ?? []), ...(props.dbAllowedCidrsV6 ?? [])] as string[];
    const after = [...next.dbAllowedCidrs, ...next.dbAllowedCidrsV6] as string[];
    const added = after.filter((c) => !before.includes(c));
    const deleted = before.filter((c) => !after.includes(c));
    const changed = next.status !== "applied" && props.status !== next.status ? [`status ${next.status}`] : [];
    return { id, props: withDrift(next, { added, deleted, changed }) };
  },

  async update(id, _olds, news) {
    const r = await applyAndWait(id, news.dbAllowedCidrs, news.dbAllowedCidrsV6, news.applyTimeoutSeconds ?? 300);
    return { outs: outputs(news, r) };
  },

  async delete(id, props) {
    await applyAndWait(id, [ALLOW_ALL_V4], [ALLOW_ALL_V6], props.applyTimeoutSeconds ?? 300);
  },
};

export const networkRestrictionDoc: ResourceDoc<typeof networkRestrictionFields> = {
  name: "NetworkRestriction",
  page: "network-restriction",
  usage: {
    name: "db-network",
    inputs: { projectRef: usageProjectRef(), dbAllowedCidrs: ["203.0.113.0/24"], dbAllowedCidrsV6: ["2001:db8::/48"] },
  },
  manages: "the CIDR blocks that may reach the database",
  summary: "Which IPv4 and IPv6 CIDR blocks may reach a project's database.",
  inputs: networkRestrictionFields,
  outputs: z.object({
    projectRef: z.string(),
    drift: driftOutput(
      "After a refresh that found drift: the CIDR entries added or deleted out of band, and a status other than applied. Cleared by `up`.",
    ),
    dbAllowedCidrs: z.array(z.string()).describe("The IPv4 list, normalized."),
    dbAllowedCidrsV6: z.array(z.string()).describe("The IPv6 list, normalized."),
    entitlement: z.string().describe("Whether the project's plan allows restrictions, as the service reports it."),
    status: z.string().describe("`applied`, or `stored` while the service has not applied the config yet."),
  }),
  behaviour: {
    replace: "Never: the whole config is applied in place.",
    adopt:
      "The default. Applying a config replaces whatever was there; a config already applied with the declared lists is taken over without a write.",
    drift: "Refresh reports a config changed out of band, or one still only `stored`.",
    destroy: "Restores allow-all (`0.0.0.0/0`, `::/0`).",
    notes: [
      "Lists are normalized: host bits are cleared (`10.1.2.3/8` → `10.0.0.0/8`), IPv6 is written canonically, and entries are sorted and deduplicated. A list written differently never shows a diff.",
      "Applying replaces the whole config and waits until the service reports `applied`.",
    ],
  },
  ...managementFootprint({
    create:
      "1 `GET /v1/projects/{ref}/network-restrictions` (+1 `POST …/apply` + `GET` polls until applied, when the lists differ)",
    update: "1 `POST /v1/projects/{ref}/network-restrictions/apply` + `GET` polls until applied",
    "read (refresh)": "1 `GET /v1/projects/{ref}/network-restrictions`",
    delete: "1 `POST …/apply` (allow-all) + `GET` polls until applied",
  }),
  example: "project-settings",
};

export default defineKind(networkRestriction, networkRestrictionDoc, {
  recover: {
    adopts: "create applies the restrictions over what the project has",
  },
  importer: networkRestrictionImporter,
});
