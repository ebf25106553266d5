/**
 * The service's rules for a disk, checked before any call: per type, the
 * ranges of size, IOPS and throughput and their ratios (the vendor's published
 * limits: gp3 3,000–16,000 IOPS, at most 500 IOPS per GB, 125–1,000 MiB/s and
 * at most 0.25 MiB/s per IOPS, up to 16 TB; io2 100–80,000 IOPS, at most 1,000
 * IOPS per GB, throughput following IOPS, up to 60 TB), and that disks only grow.
 */
import { SupabaseError, ApiError } from "../../errors";

export const DISK_LIMITS = {
  gp3: { maxSizeGb: 16_384, minIops: 3000, maxIops: 16_000, iopsPerGb: 500, minThroughput: 125, maxThroughput: 1000 },
  io2: { maxSizeGb: 61_440, minIops: 100, maxIops: 80_000, iopsPerGb: 1000 },
} as const;

/** A new project's disk, what gp3 gets when IOPS or throughput are not declared. */
export const GP3_DEFAULTS = { iops: 3000, throughputMibps: 125 } as const;

export interface DiskInputs {
  sizeGb: number;
  type?: "gp3" | "io2";
  iops?: number;
  throughputMibps?: number;
}

/** Field-level failures of one disk's inputs (empty: valid). */
export function diskRuleFailures(d: DiskInputs): Array<{ property: keyof DiskInputs; reason: string }> {
  const out: Array<{ property: keyof DiskInputs; reason: string }> = [];
  const type = d.type ?? "gp3";
  if (type === "io2") {
    const l = DISK_LIMITS.io2;
    if (d.sizeGb > l.maxSizeGb)
      out.push({ property: "sizeGb", reason: `an io2 disk can be at most ${l.maxSizeGb} GB` });
    if (d.throughputMibps !== undefined)
      out.push({
        property: "throughputMibps",
        reason: "io2 throughput follows its IOPS: declare throughputMibps only for gp3",
      });
    if (d.iops === undefined) out.push({ property: "iops", reason: "an io2 disk needs its provisioned iops" });
    else if (d.iops < l.minIops || d.iops > l.maxIops)
      out.push({ property: "iops", reason: `io2 iops must be between ${l.minIops} and ${l.maxIops}` });
    else if (d.iops > d.sizeGb * l.iopsPerGb)
      out.push({
        property: "iops",
        reason: `io2 iops can be at most ${l.iopsPerGb} per GB: ${d.sizeGb * l.iopsPerGb} for ${d.sizeGb} GB`,
      });
    return out;
  }
  const l = DISK_LIMITS.gp3;
  if (d.sizeGb > l.maxSizeGb) out.push({ property: "sizeGb", reason: `a gp3 disk can be at most ${l.maxSizeGb} GB` });
  const iops = d.iops ?? GP3_DEFAULTS.iops;
  if (iops < l.minIops || iops > l.maxIops)
    out.push({ property: "iops", reason: `gp3 iops must be between ${l.minIops} and ${l.maxIops}` });
  else if (iops > d.sizeGb * l.iopsPerGb)
    out.push({
      property: "iops",
      reason: `gp3 iops can be at most ${l.iopsPerGb} per GB: ${d.sizeGb * l.iopsPerGb} for ${d.sizeGb} GB`,
    });
  const t = d.throughputMibps ?? GP3_DEFAULTS.throughputMibps;
  if (t < l.minThroughput || t > l.maxThroughput)
    out.push({
      property: "throughputMibps",
      reason: `gp3 throughputMibps must be between ${l.minThroughput} and ${l.maxThroughput}`,
    });
  else if (t > iops / 4)
    out.push({
      property: "throughputMibps",
      reason: `gp3 throughput can be at most 0.25 MiB/s per IOPS: ${Math.floor(iops / 4)} for ${iops} iops`,
    });
  return out;
}

/** The refusal of a shrink, in the service's words. */
export const shrinkReason = (live: number, wanted: number) =>
  `disks only grow: the disk is ${live} GB, ${wanted} GB is smaller`;

/**
 * The service's refusal of a modification inside its window, as an error that
 * says when the next change is allowed; any other error unchanged.
 */
export function explainDiskRefusal(ref: string, err: unknown): unknown {
  if (!ApiError.isApi(err) || err.status !== 400) return err;
  const m = /next modification is allowed after (\S+?)\.?$/i.exec(err.apiMessage);
  if (!m) return err;
  return new SupabaseError(
    "CONFLICT",
    `The disk of project ${ref} cannot be modified yet: ${err.apiMessage.replace(/\s*The next modification.*$/i, "")} ` +
      `The next change is allowed after ${m[1]}; run the update again then.`,
    { cause: err },
  );
}
