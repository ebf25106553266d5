/** ReadReplica: the document's regions at check, field by field, and a pure diff (replaces, the identifier, an unfinished wait). */
import { provider } from "supabase-pulumi/runtime";
import { READ_REPLICA_REGIONS } from "../../../provider/client/config-schemas";
import { UNKNOWN } from "../../../provider/resources/common";
import { REF, refusesAtCheck } from "./helpers";

refusesAtCheck("readReplica", [
  ["an unknown region", {}, { projectRef: REF, region: "mars-north-1" }, "region", /region must be one of: us-east-1/],
  ["a region of another case", {}, { projectRef: REF, region: "US-EAST-1" }, "region", /region must be one of/],
  [
    "an identifier of another region",
    {},
    { projectRef: REF, region: "us-east-1", identifier: `${REF}-rr-eu-west-1-abcde` },
    "identifier",
    /a replica in region us-east-1/,
  ],
  ["no region", {}, { projectRef: REF }, "region", /region must be one of/],
]);

test("every region of the document's set-up body passes check", async () => {
  expect(READ_REPLICA_REGIONS).toContain("ap-southeast-2");
  for (const region of READ_REPLICA_REGIONS)
    expect((await provider("readReplica").check({}, { projectRef: REF, region })).failures).toEqual([]);
});

test("diff: projectRef, region and a declared identifier replace; a replica not yet healthy is a change", async () => {
  const p = provider("readReplica");
  const identifier = `${REF}-rr-us-east-1-abcde`;
  const olds = { projectRef: REF, region: "us-east-1", identifier, status: "ACTIVE_HEALTHY", host: "h" };
  const news = { projectRef: REF, region: "us-east-1" };
  expect(await p.diff(`${REF}/${identifier}`, olds, news)).toMatchObject({ changes: false });
  expect(await p.diff(`${REF}/${identifier}`, olds, { ...news, identifier })).toMatchObject({ changes: false });
  // The short form, without the project's ref, names the same replica.
  expect(await p.diff(`${REF}/${identifier}`, olds, { ...news, identifier: "rr-us-east-1-abcde" })).toMatchObject({
    changes: false,
  });
  expect(await p.diff(`${REF}/${identifier}`, olds, { ...news, region: "eu-west-2" })).toMatchObject({
    changes: true,
    replaces: ["region"],
  });
  expect(
    await p.diff(`${REF}/${identifier}`, olds, { ...news, identifier: `${REF}-rr-us-east-1-zzzzz` }),
  ).toMatchObject({ changes: true, replaces: ["identifier"] });
  expect(await p.diff(`${REF}/${identifier}`, olds, { ...news, region: UNKNOWN })).toMatchObject({
    changes: true,
    replaces: ["region"],
  });
  expect(await p.diff(`${REF}/${identifier}`, { ...olds, status: "COMING_UP" }, news)).toMatchObject({
    changes: true,
    replaces: [],
  });
});
