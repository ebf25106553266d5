/**
 * The bucket list of the management API (`GET /v1/projects/{ref}/storage/buckets`) under the contract
 * checker: the emulator's answer conforms, and a list off the documented shape is reported. The emulator's
 * real exchanges of this endpoint are checked in every provider test that lists buckets.
 */
import type { Exchange } from "../../../emulator/types";
import { ContractChecker, type Violation } from "../../../harness/contract";

const REF = "abcdefghijklmnopqrst";
const PATH = `/v1/projects/${REF}/storage/buckets`;
const bucket = {
  id: "avatars",
  name: "avatars",
  owner: "",
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  public: true,
};

function listed(status: number, body: unknown, path = PATH): Exchange {
  return {
    method: "GET",
    path,
    query: "",
    requestHeaders: { "user-agent": "supabase-pulumi/0.1.0" },
    requestBody: Buffer.alloc(0),
    status,
    responseHeaders: { "content-type": "application/json; charset=utf-8" },
    responseBody: Buffer.from(JSON.stringify(body)),
  };
}

async function check(...xs: Exchange[]): Promise<Violation[]> {
  const c = new ContractChecker([]);
  for (const x of xs) c.observe(x);
  await c.settle();
  return c.unexplained();
}

test("a list of buckets, empty or not, conforms", async () => {
  expect(await check(listed(200, [bucket]), listed(200, []))).toEqual([]);
});

test("a bucket without its owner, a public flag that is text, a bad ref and undocumented statuses are reported", async () => {
  const { owner: _owner, ...ownerless } = bucket;
  const v = await check(
    listed(200, [ownerless]),
    listed(200, [{ ...bucket, public: "yes" }]),
    listed(404, { message: "Project not found" }, "/v1/projects/NOT-A-REF/storage/buckets"),
    listed(409, { message: "conflict" }),
  );
  expect(v.map((x) => x.kind).sort()).toEqual(
    // The document lists no 404 or 409 for this endpoint.
    ["path-param", "response-body", "response-body", "undeclared-error-status", "undeclared-error-status"].sort(),
  );
});
