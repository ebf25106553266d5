/** NetworkRestriction: bad inputs are refused at check with field-level messages; diff is normalized. */
import { provider } from "supabase-pulumi/runtime";
import { normalizeCidrList } from "../../../provider/cidr";
import { REF, refusesAtCheck } from "./helpers";

const nr = provider("networkRestriction");
const olds = {
  projectRef: REF,
  dbAllowedCidrs: ["10.0.0.0/8", "192.168.1.0/24"],
  dbAllowedCidrsV6: ["2001:db8::/32"],
  status: "applied",
};

refusesAtCheck("networkRestriction", [
  [
    "a malformed IPv4 CIDR",
    {},
    { projectRef: REF, dbAllowedCidrs: ["10.0.0.256/8"] },
    "dbAllowedCidrs[0]",
    /not a valid IPv4 CIDR/,
  ],
  [
    "a prefix over 32",
    {},
    { projectRef: REF, dbAllowedCidrs: ["10.0.0.0/33"] },
    "dbAllowedCidrs[0]",
    /not a valid IPv4 CIDR/,
  ],
  [
    "an IPv6 block in the IPv4 list",
    {},
    { projectRef: REF, dbAllowedCidrs: ["10.0.0.0/8", "2001:db8::/32"] },
    "dbAllowedCidrs[1]",
    /IPv6 block; put it in dbAllowedCidrsV6/,
  ],
  [
    "an IPv4 block in the IPv6 list",
    {},
    { projectRef: REF, dbAllowedCidrsV6: ["10.0.0.0/8"] },
    "dbAllowedCidrsV6[0]",
    /IPv4 block; put it in dbAllowedCidrs/,
  ],
  [
    "a malformed IPv6 CIDR",
    {},
    { projectRef: REF, dbAllowedCidrsV6: ["2001:db8:::/32"] },
    "dbAllowedCidrsV6[0]",
    /not a valid IPv6 CIDR/,
  ],
  ["a non-list", {}, { projectRef: REF, dbAllowedCidrs: "10.0.0.0/8" }, "dbAllowedCidrs", /must be a list/],
]);

test("a list written differently (order, host bits, case, duplicates) shows no diff", async () => {
  const news = {
    projectRef: REF,
    dbAllowedCidrs: ["192.168.1.77/24", "10.1.2.3/8", "10.0.0.0/8"],
    dbAllowedCidrsV6: ["2001:DB8:0:0::/32"],
  };
  expect(await nr.diff(REF, olds, news)).toEqual({ changes: false, replaces: [], deleteBeforeReplace: false });
});

test("check returns the canonical lists", async () => {
  const r = await nr.check(
    {},
    { projectRef: REF, dbAllowedCidrs: ["10.1.2.3/8", "1.2.3.4"], dbAllowedCidrsV6: ["2001:DB8::1/32"] },
  );
  expect(r.failures).toEqual([]);
  expect(r.inputs).toMatchObject({
    dbAllowedCidrs: ["1.2.3.4/32", "10.0.0.0/8"],
    dbAllowedCidrsV6: ["2001:db8::/32"],
  });
});

test("a real change and a stored (not yet applied) config both show", async () => {
  expect((await nr.diff(REF, olds, { ...olds, dbAllowedCidrs: ["10.0.0.0/16"] })).changes).toBe(true);
  expect(
    (
      await nr.diff(
        REF,
        { ...olds, status: "stored" },
        { projectRef: REF, dbAllowedCidrs: olds.dbAllowedCidrs, dbAllowedCidrsV6: olds.dbAllowedCidrsV6 },
      )
    ).changes,
  ).toBe(true);
});

test("normalizeCidrList sorts by family and address and removes duplicates", () => {
  expect(normalizeCidrList(["::/0", "10.0.0.1/8", "10.0.0.0/8", "1.1.1.1"])).toEqual([
    "1.1.1.1/32",
    "10.0.0.0/8",
    "::/0",
  ]);
});
