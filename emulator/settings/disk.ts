/**
 * The database disk (`…/config/disk`): its type, size, IOPS and throughput,
 * and the rules the service applies to a modification. The limits are the
 * vendor's published ones for its two disk types (gp3: 3,000–16,000 IOPS, at
 * most 500 IOPS per GB, 125–1,000 MiB/s and at most 0.25 MiB/s per IOPS, up to
 * 16 TB; io2: 100–80,000 IOPS, at most 1,000 IOPS per GB, throughput scales
 * with IOPS, up to 60 TB). Disks only grow, and a disk can be modified at most
 * four times in a rolling 24-hour window (the limit of the underlying block
 * storage, which the vendor's documentation states); the refusal says when the
 * next modification is allowed.
 */
import type { DiskRecord } from "../store/records";

/** A new project's disk. */
export const NEW_DISK: Readonly<Omit<DiskRecord, "modifiedAtMs">> = Object.freeze({
  type: "gp3",
  sizeGb: 8,
  iops: 3000,
  throughputMibps: 125,
});

export const DISK_LIMITS = {
  gp3: { maxSizeGb: 16_384, minIops: 3000, maxIops: 16_000, iopsPerGb: 500, minThroughput: 125, maxThroughput: 1000 },
  io2: { maxSizeGb: 61_440, minIops: 100, maxIops: 80_000, iopsPerGb: 1000 },
} as const;

/** Modifications allowed in any rolling window, and the window. */
export const DISK_MODIFICATIONS_PER_WINDOW = 4;
export const DISK_WINDOW_MS = 24 * 3600 * 1000;

export interface DiskAttributes {
  type: "gp3" | "io2";
  size_gb: number;
  iops: number;
  throughput_mibps?: number;
}

/** What the service says when a modification breaks a rule of the disk type (none: it is allowed). */
export function diskRuleViolation(a: DiskAttributes): string | undefined {
  if (a.type === "gp3") {
    const l = DISK_LIMITS.gp3;
    if (a.size_gb > l.maxSizeGb) return `A gp3 disk can be at most ${l.maxSizeGb} GB.`;
    if (a.iops < l.minIops || a.iops > l.maxIops) return `gp3 IOPS must be between ${l.minIops} and ${l.maxIops}.`;
    if (a.iops > a.size_gb * l.iopsPerGb)
      return `gp3 IOPS can be at most ${l.iopsPerGb} per GB of disk (${a.size_gb * l.iopsPerGb} for ${a.size_gb} GB).`;
    const t = a.throughput_mibps ?? l.minThroughput;
    if (t < l.minThroughput || t > l.maxThroughput)
      return `gp3 throughput must be between ${l.minThroughput} and ${l.maxThroughput} MiB/s.`;
    if (t > a.iops / 4) return `gp3 throughput can be at most 0.25 MiB/s per IOPS (${Math.floor(a.iops / 4)} MiB/s).`;
    return undefined;
  }
  const l = DISK_LIMITS.io2;
  if (a.throughput_mibps !== undefined) return "io2 throughput scales with IOPS: throughput_mibps is not accepted.";
  if (a.size_gb > l.maxSizeGb) return `An io2 disk can be at most ${l.maxSizeGb} GB.`;
  if (a.iops < l.minIops || a.iops > l.maxIops) return `io2 IOPS must be between ${l.minIops} and ${l.maxIops}.`;
  if (a.iops > a.size_gb * l.iopsPerGb)
    return `io2 IOPS can be at most ${l.iopsPerGb} per GB of disk (${a.size_gb * l.iopsPerGb} for ${a.size_gb} GB).`;
  return undefined;
}

/** When the next modification is allowed (undefined: now), given the ones made. */
export function nextModificationAllowedMs(modifiedAtMs: readonly number[], nowMs: number): number | undefined {
  const recent = modifiedAtMs.filter((t) => t > nowMs - DISK_WINDOW_MS);
  if (recent.length < DISK_MODIFICATIONS_PER_WINDOW) return undefined;
  return recent[recent.length - DISK_MODIFICATIONS_PER_WINDOW] + DISK_WINDOW_MS;
}

export const DiskMessages = {
  shrink: (current: number, requested: number) =>
    `Disk size cannot be decreased: disks only grow (the disk is ${current} GB, ${requested} GB was requested).`,
  tooSoon: (next: string) =>
    `The disk can be modified at most ${DISK_MODIFICATIONS_PER_WINDOW} times in a rolling 24-hour period. The next modification is allowed after ${next}.`,
  unchanged: "The requested disk attributes are the disk's current ones.",
} as const;
