/** DiskConfig: the service's per-type rules at check, shrinks the state knows of, a pure diff, the refusal turned into an error. */
import { provider } from "supabase-pulumi/runtime";
import { ApiError, SupabaseError } from "../../../provider/errors";
import { UNKNOWN } from "../../../provider/resources/common";
import { diskRuleFailures, explainDiskRefusal } from "../../../provider/resources/disk-config/rules";
import { REF, refusesAtCheck } from "./helpers";

refusesAtCheck("diskConfig", [
  ["io2 without iops", {}, { projectRef: REF, sizeGb: 100, type: "io2" }, "iops", /needs its provisioned iops/],
  [
    "gp3 throughput out of range",
    {},
    { projectRef: REF, sizeGb: 100, throughputMibps: 1200 },
    "throughputMibps",
    /125 and 1000/,
  ],
  [
    "a shrink of a size the state knows",
    { projectRef: REF, sizeGb: 40, liveSizeGb: 40 },
    { projectRef: REF, sizeGb: 20 },
    "sizeGb",
    /disks only grow/,
  ],
  [
    "a shrink below a refreshed live size",
    { projectRef: REF, sizeGb: 20, liveSizeGb: 64 },
    { projectRef: REF, sizeGb: 32 },
    "sizeGb",
    /the disk is 64 GB/,
  ],
]);

test("the rules per type: ranges and ratios", () => {
  expect(diskRuleFailures({ sizeGb: 8 })).toEqual([]);
  expect(diskRuleFailures({ sizeGb: 32, iops: 16_000, throughputMibps: 1000 })).toEqual([]);
  expect(diskRuleFailures({ sizeGb: 31, iops: 16_000 }).map((f) => f.property)).toEqual(["iops"]);
  expect(diskRuleFailures({ sizeGb: 80, type: "io2", iops: 80_000 })).toEqual([]);
  expect(diskRuleFailures({ sizeGb: 79, type: "io2", iops: 80_000 }).map((f) => f.property)).toEqual(["iops"]);
  expect(diskRuleFailures({ sizeGb: 61_441, type: "io2", iops: 1000 }).map((f) => f.property)).toEqual(["sizeGb"]);
});

test("a growth the state knows of passes check; another project is not compared", async () => {
  const p = provider("diskConfig");
  expect(
    (await p.check({ projectRef: REF, sizeGb: 20, liveSizeGb: 20 }, { projectRef: REF, sizeGb: 24 })).failures,
  ).toEqual([]);
  const other = "zyxwvutsrqponmlkjihg";
  expect((await p.check({ projectRef: REF, sizeGb: 20 }, { projectRef: other, sizeGb: 8 })).failures).toEqual([]);
});

test("diff: declared attributes only; a type change is in place; another project replaces", async () => {
  const p = provider("diskConfig");
  const olds = { projectRef: REF, sizeGb: 16, liveSizeGb: 16, liveIops: 4000 };
  expect(await p.diff(REF, olds, { projectRef: REF, sizeGb: 16 })).toMatchObject({ changes: false });
  expect(await p.diff(REF, olds, { projectRef: REF, sizeGb: 20 })).toMatchObject({ changes: true, replaces: [] });
  expect(await p.diff(REF, olds, { projectRef: REF, sizeGb: 16, type: "io2", iops: 5000 })).toMatchObject({
    changes: true,
    replaces: [],
  });
  expect(await p.diff(REF, olds, { projectRef: REF, sizeGb: UNKNOWN })).toMatchObject({ changes: true });
  expect(await p.diff(REF, olds, { projectRef: "zyxwvutsrqponmlkjihg", sizeGb: 16 })).toMatchObject({
    replaces: ["projectRef"],
  });
});

test("the service's refusal inside its window says when the next change is allowed", () => {
  const refusal = new ApiError({
    status: 400,
    method: "POST",
    path: `/v1/projects/${REF}/config/disk`,
    apiMessage:
      "The disk can be modified at most 4 times in a rolling 24-hour period. The next modification is allowed after 2026-01-02T03:04:05.000Z.",
  });
  const err = explainDiskRefusal(REF, refusal);
  expect(SupabaseError.is(err, "CONFLICT")).toBe(true);
  expect((err as Error).message).toBe(
    `The disk of project ${REF} cannot be modified yet: The disk can be modified at most 4 times in a rolling 24-hour period. The next change is allowed after 2026-01-02T03:04:05.000Z; run the update again then.`,
  );
  const other = new ApiError({ status: 400, method: "POST", path: "/x", apiMessage: "disks only grow" });
  expect(explainDiskRefusal(REF, other)).toBe(other);
});
