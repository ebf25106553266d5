/** StorageBucket: field-level check failures, sizes and MIME types in normal form, and a pure diff. */
import { provider } from "supabase-pulumi/runtime";
import { UNKNOWN } from "../../../provider/resources/common";
import { normalizeMimeTypes, sizeInBytes } from "../../../provider/resources/storage-bucket/inputs";
import { REF, refusesAtCheck } from "./helpers";

const sb = provider("storageBucket");
const olds = { projectRef: REF, name: "avatars", public: true, fileSizeLimit: "5MB", allowedMimeTypes: ["image/png"] };

refusesAtCheck("storageBucket", [
  ["a name with a slash", {}, { projectRef: REF, name: "a/b" }, "name", /no slash/],
  ["a name over 100 characters", {}, { projectRef: REF, name: "x".repeat(101) }, "name", /1\.\.100/],
  ["a name with a trailing space", {}, { projectRef: REF, name: "avatars " }, "name", /space/],
  ["a size in parsecs", {}, { projectRef: REF, name: "a", fileSizeLimit: "5 parsecs" }, "fileSizeLimit", /"50MB"/],
  ["a size of zero", {}, { projectRef: REF, name: "a", fileSizeLimit: 0 }, "fileSizeLimit", /positive/],
  ["a fractional byte count", {}, { projectRef: REF, name: "a", fileSizeLimit: 1.5 }, "fileSizeLimit", /whole/],
  [
    "a MIME type without a subtype",
    {},
    { projectRef: REF, name: "a", allowedMimeTypes: ["png"] },
    "allowedMimeTypes[0]",
    /not a MIME type/,
  ],
  ["a public flag that is text", {}, { projectRef: REF, name: "a", public: "true" }, "public", /boolean/],
  [
    "emptyOnDestroy that is a number",
    {},
    { projectRef: REF, name: "a", emptyOnDestroy: 1 },
    "emptyOnDestroy",
    /boolean/,
  ],
  ["an unknown input", {}, { projectRef: REF, name: "a", versioning: true }, "versioning", /unknown input/],
]);

test("sizes in every form the service reads come to bytes (decimal units); others to undefined", () => {
  expect(sizeInBytes(1024)).toBe(1024);
  expect(sizeInBytes("5MB")).toBe(5_000_000);
  expect(sizeInBytes("5mb")).toBe(5_000_000);
  expect(sizeInBytes("1.5GB")).toBe(1_500_000_000);
  expect(sizeInBytes("512KB")).toBe(512_000);
  expect(sizeInBytes("3B")).toBe(3);
  expect(sizeInBytes(" 2MB ")).toBe(2_000_000);
  for (const bad of ["5 MB", "MB", "5MiB", -1, 1.5, null, true]) expect(sizeInBytes(bad)).toBeUndefined();
});

test("MIME types: order, case and duplicates do not matter; an empty list is any type", () => {
  expect(normalizeMimeTypes(["image/PNG", "image/jpeg", "image/png"])).toEqual(["image/jpeg", "image/png"]);
  expect(normalizeMimeTypes([])).toBeNull();
  expect(normalizeMimeTypes(undefined)).toBeNull();
});

test("diff compares normal forms, only of declared settings", async () => {
  const same = { ...olds, fileSizeLimit: 5_000_000, allowedMimeTypes: ["IMAGE/png", "image/png"] };
  expect(await sb.diff(`${REF}/avatars`, olds, same)).toEqual({
    changes: false,
    replaces: [],
    deleteBeforeReplace: false,
  });
  // Not declared: not managed, so no change.
  expect((await sb.diff(`${REF}/avatars`, olds, { projectRef: REF, name: "avatars" })).changes).toBe(false);
  // A refreshed state holds the service's forms (bytes, null for no list).
  const refreshed = { ...olds, fileSizeLimit: 5_000_000, allowedMimeTypes: ["image/png"] };
  expect((await sb.diff(`${REF}/avatars`, refreshed, olds)).changes).toBe(false);
  expect((await sb.diff(`${REF}/avatars`, { ...refreshed, allowedMimeTypes: null }, olds)).changes).toBe(true);
  expect((await sb.diff(`${REF}/avatars`, olds, { ...olds, public: false })).changes).toBe(true);
  expect((await sb.diff(`${REF}/avatars`, olds, { ...olds, fileSizeLimit: "6MB" })).changes).toBe(true);
});

test("diff: the id or the project replaces; emptyOnDestroy and adopt change nothing in the service", async () => {
  expect((await sb.diff("x", olds, { ...olds, name: "photos" })).replaces).toEqual(["name"]);
  expect((await sb.diff("x", olds, { ...olds, projectRef: "zyxwvutsrqponmlkjihg" })).replaces).toEqual(["projectRef"]);
  // Recorded in the state (an update without API calls), never a replacement.
  expect(await sb.diff("x", olds, { ...olds, emptyOnDestroy: true })).toMatchObject({ changes: true, replaces: [] });
  expect(await sb.diff("x", { ...olds, emptyOnDestroy: false }, olds)).toMatchObject({ changes: false });
  expect((await sb.diff("x", olds, { ...olds, adopt: true })).changes).toBe(false);
});

test("diff with unknown values during preview: a change, and a replacement for the id", async () => {
  expect(await sb.diff("x", olds, { ...olds, fileSizeLimit: UNKNOWN })).toMatchObject({ changes: true, replaces: [] });
  expect((await sb.diff("x", olds, { ...olds, name: UNKNOWN })).replaces).toEqual(["name"]);
  expect((await sb.check({}, { projectRef: UNKNOWN, name: "avatars" })).failures).toEqual([]);
});
