/**
 * DiskConfig: a project's database disk (type, size, IOPS, throughput). Its
 * documentation is `diskConfigDoc` below; the service's rules it checks are in
 * rules.ts. Only declared attributes are managed; a modification waits until
 * the project is healthy again (it reads RESIZING meanwhile). Disks only grow,
 * and the service allows a few modifications a day: its refusal becomes an
 * error saying when the next change is allowed.
 */
import { z } from "zod";
import type { Disk, DiskAttributes } from "../../client/endpoints/disk";
import { withUnknownOutcome } from "../../client/outcome";
import { managementClient } from "../../context";
import { defineKind, driftOutput } from "../../kind";
import { whenProjectReady } from "../../poll";
import { usageProjectRef, managementFootprint, type ResourceDoc } from "../../resource-doc";
import { checkWith, containsUnknown, type Props, type ResourceImpl } from "../common";
import { withDrift } from "../drift";
import { waitHealthy } from "../project";
import { projectRef } from "../shared";
import { diskConfigImporter } from "./import";
import {
  DISK_LIMITS,
  diskRuleFailures,
  explainDiskRefusal,
  GP3_DEFAULTS,
  shrinkReason,
  type DiskInputs,
} from "./rules";

const READY_TIMEOUT_S = 1800;

const int = (name: string) =>
  z
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be positive`);

export const diskConfigInputs = z
  .object({
    projectRef: projectRef
      .describe("The project's reference. A change moves the management to another project (replace).")
      .meta({ replaceOnChanges: true }),
    sizeGb: int("sizeGb").describe(
      `The disk's size in GB. It can only grow (gp3 up to ${DISK_LIMITS.gp3.maxSizeGb}, io2 up to ${DISK_LIMITS.io2.maxSizeGb}); a smaller size than the live one is refused.`,
    ),
    type: z
      .enum(["gp3", "io2"], { error: 'type must be "gp3" or "io2"' })
      .optional()
      .describe(
        "`gp3` (general purpose, the default) or `io2` (provisioned IOPS, high performance). A change of type modifies the disk in place.",
      ),
    iops: int("iops")
      .optional()
      .describe(
        `Provisioned IOPS. gp3: ${DISK_LIMITS.gp3.minIops}–${DISK_LIMITS.gp3.maxIops}, at most ${DISK_LIMITS.gp3.iopsPerGb} per GB (default ${GP3_DEFAULTS.iops}); io2: required, ${DISK_LIMITS.io2.minIops}–${DISK_LIMITS.io2.maxIops}, at most ${DISK_LIMITS.io2.iopsPerGb} per GB.`,
      ),
    throughputMibps: int("throughputMibps")
      .optional()
      .describe(
        `gp3 only: throughput in MiB/s, ${DISK_LIMITS.gp3.minThroughput}–${DISK_LIMITS.gp3.maxThroughput} and at most 0.25 per IOPS (default ${GP3_DEFAULTS.throughputMibps}). io2 throughput follows its IOPS.`,
      ),
  })
  .strict()
  .superRefine((d, ctx) => {
    // The rules relate the fields: only whole positive numbers are compared (others already failed).
    const whole = (v: unknown) => typeof v === "number" && Number.isInteger(v) && v > 0;
    if (!whole(d.sizeGb) || ![d.iops, d.throughputMibps].every((v) => v === undefined || whole(v))) return;
    for (const f of diskRuleFailures(d as DiskInputs))
      ctx.addIssue({ code: "custom", path: [f.property], message: f.reason });
  });

const ATTRS = ["sizeGb", "type", "iops", "throughputMibps"] as const;

/** The live disk as outputs. */
function live(d: Disk): Props {
  const a = d.attributes as Record<string, unknown>;
  return {
    liveSizeGb: a.size_gb,
    liveType: a.type,
    liveIops: a.iops,
    ...(a.throughput_mibps === undefined ? {} : { liveThroughputMibps: a.throughput_mibps }),
    lastModifiedAt: d.last_modified_at ?? null,
  };
}

/** The attributes to send: the declared ones over the live disk's (gp3 defaults when the type changes). */
function wanted(inputs: Props, current: Disk): DiskAttributes {
  const cur = current.attributes as Record<string, number | string | undefined>;
  const type = (inputs.type as "gp3" | "io2" | undefined) ?? (cur.type as "gp3" | "io2");
  const sameType = type === cur.type;
  const size = inputs.sizeGb as number;
  if (type === "io2") return { type, size_gb: size, iops: (inputs.iops as number) ?? (cur.iops as number) };
  return {
    type,
    size_gb: size,
    iops: (inputs.iops as number | undefined) ?? (sameType ? (cur.iops as number) : GP3_DEFAULTS.iops),
    throughput_mibps:
      (inputs.throughputMibps as number | undefined) ??
      (sameType
        ? ((cur.throughput_mibps as number | undefined) ?? GP3_DEFAULTS.throughputMibps)
        : GP3_DEFAULTS.throughputMibps),
  };
}

function same(a: DiskAttributes, current: Disk): boolean {
  const c = current.attributes as Record<string, unknown>;
  const t = (x: unknown) => (x === undefined ? null : x);
  return (
    a.type === c.type &&
    a.size_gb === c.size_gb &&
    a.iops === c.iops &&
    t((a as { throughput_mibps?: number }).throughput_mibps) === t(c.throughput_mibps)
  );
}

async function apply(inputs: Props): Promise<Props> {
  const ref = inputs.projectRef as string;
  const client = managementClient();
  await waitHealthy(ref, READY_TIMEOUT_S);
  let current = await client.getDisk(ref);
  // A smaller size is left to the service, whose refusal says that disks only grow.
  const attrs = wanted(inputs, current);
  if (!same(attrs, current)) {
    // A modification whose answer was lost (a reset, a 5xx) is settled by reading the disk, never sent blindly
    // again: a second one would count against the day's allowance, or be refused as the same.
    const modify = () =>
      withUnknownOutcome<true>(
        async () => {
          await client.modifyDisk(ref, attrs);
          return true;
        },
        async () => (same(attrs, await client.getDisk(ref)) ? true : undefined),
      );
    try {
      await whenProjectReady(ref, "accept a disk change", modify);
    } catch (err) {
      throw explainDiskRefusal(ref, err);
    }
    // The project reads RESIZING until the modification is applied.
    await waitHealthy(ref, READY_TIMEOUT_S);
    current = await client.getDisk(ref);
  }
  return { ...inputs, ...live(current) };
}

export const diskConfig: ResourceImpl = {
  async check(olds, news) {
    const r = checkWith(diskConfigInputs, news);
    const failures = [...(r.failures ?? [])];
    // The state knows the live size (refreshed, or as last applied): a smaller one is refused before any call.
    const known = [olds?.liveSizeGb, olds?.sizeGb].filter((v): v is number => typeof v === "number");
    const size = r.inputs?.sizeGb;
    if (
      known.length > 0 &&
      typeof size === "number" &&
      !containsUnknown(size) &&
      news.projectRef === olds?.projectRef &&
      size < Math.max(...known) &&
      !failures.some((f) => f.property === "sizeGb")
    )
      failures.push({ property: "sizeGb", reason: shrinkReason(Math.max(...known), size) });
    return { inputs: r.inputs, failures };
  },

  async diff(_id, olds, news) {
    const replaces = olds.projectRef !== undefined && news.projectRef !== olds.projectRef ? ["projectRef"] : [];
    let changes = replaces.length > 0;
    for (const f of ATTRS) {
      const n = news[f];
      if (containsUnknown(n) || (n ?? null) !== (olds[f] ?? null)) changes = true;
    }
    return { changes, replaces, deleteBeforeReplace: false };
  },

  async create(inputs) {
    return { id: inputs.projectRef as string, outs: await apply(inputs) };
  },

  async read(id, props) {
    const current = await managementClient().getDisk(id);
    const c = current.attributes as Record<string, unknown>;
    const next: Props = { ...props, ...live(current) };
    const changed: string[] = [];
    const api: Record<(typeof ATTRS)[number], string> = {
      sizeGb: "size_gb",
      type: "type",
      iops: "iops",
      throughputMibps: "throughput_mibps",
    };
    for (const f of ATTRS) {
      if (props[f] === undefined) continue;
      if (c[api[f]] !== props[f]) {
        next[f] = c[api[f]] ?? null;
        changed.push(f);
      }
    }
    return { id, props: withDrift(next, { changed }) };
  },

  async update(_id, _olds, news) {
    return { outs: await apply(news) };
  },

  // A disk cannot be removed or shrunk: destroy only forgets it.
  async delete() {},
};

export const diskConfigDoc: ResourceDoc<typeof diskConfigInputs> = {
  name: "DiskConfig",
  page: "disk-config",
  usage: { name: "disk", inputs: { projectRef: usageProjectRef(), sizeGb: 16, type: "gp3", iops: 3000 } },
  manages: "the database disk: type, size, IOPS and throughput (it only grows)",
  summary:
    "A project's database disk: `gp3` or `io2`, its size, provisioned IOPS and (gp3) throughput, through `POST /v1/projects/{ref}/config/disk`.",
  inputs: diskConfigInputs,
  outputs: z.object({
    projectRef: z.string(),
    sizeGb: z.number(),
    type: z.string().optional(),
    iops: z.number().optional(),
    throughputMibps: z.number().optional(),
    liveSizeGb: z.number().describe("The disk's size as the service last answered it."),
    liveType: z.string().describe("The disk's type as the service last answered it."),
    liveIops: z.number().describe("The disk's IOPS as the service last answered it."),
    liveThroughputMibps: z.number().optional().describe("A gp3 disk's throughput as the service last answered it."),
    lastModifiedAt: z.string().nullable().describe("When the disk was last modified, as the service says."),
    drift: driftOutput(
      "After a refresh that found drift: the declared attributes changed out of band. Cleared by `up`.",
    ),
  }),
  behaviour: {
    replace: "Only a change of `projectRef`; every attribute, the type included, is modified in place.",
    adopt: "The default: declaring adopts the live disk, and modifies it only when a declared attribute differs.",
    drift:
      "A disk modified out of band shows in the refreshed outputs, and `up` writes the declared attributes back (a grown disk cannot shrink: `check` then refuses the smaller declared size).",
    destroy: "Only removes the resource from the stack: a disk cannot be removed or shrunk.",
    notes: [
      "`check` applies the service's rules per type before any call: an `io2` disk needs `iops` and takes no `throughputMibps`; gp3 IOPS 3,000–16,000 (at most 500 per GB) and throughput 125–1,000 MiB/s (at most 0.25 per IOPS); io2 IOPS 100–80,000 (at most 1,000 per GB).",
      "Disks only grow: a size below the one the state knows is refused in `check`; otherwise the service refuses it (400, `disks only grow`) and the update fails with its words.",
      "The service allows at most 4 disk modifications in a rolling 24 hours (the underlying block storage's limit, in the vendor's documentation); its refusal fails the update with a `CONFLICT` error saying when the next change is allowed.",
      "After a modification the project reads `RESIZING`; create and update wait until it is `ACTIVE_HEALTHY` again.",
      "A modification whose answer is lost (a connection reset, a 5xx) is settled by reading the disk: it is sent again only when the disk does not have the attributes yet, so it never counts twice against the day's allowance.",
      "`getDiskUtilization({ projectRef })` answers the file system's size and use and the autoscaling settings.",
    ],
  },
  ...managementFootprint({
    "create, update":
      "1 `GET /v1/projects/{ref}` + 1 `GET …/config/disk` (+1 `POST …/config/disk`, polls of `GET /v1/projects/{ref}` until healthy and 1 `GET …/config/disk` when it differs)",
    "read (refresh)": "1 `GET /v1/projects/{ref}/config/disk`",
    delete: "none",
  }),
};

export default defineKind(diskConfig, diskConfigDoc, {
  recover: { adopts: "create adopts the live disk and modifies it only when a declared attribute differs" },
  importer: diskConfigImporter,
});
