/**
 * provider/http/keyed.ts, the one request path of the GraphQL and Storage
 * clients, over real loopback sockets: the key in `apikey` and as the bearer
 * token, the body's content type, an error status answered with the attempt
 * record, and a lost connection as a NetworkError that never shows the key.
 */
import { closeSharedDispatchers } from "../../../provider/http/dispatcher";
import { dispatchWithKey } from "../../../provider/http/keyed";
import { SupabaseError } from "../../../provider/errors";
import { json, reset, startServer, type Handler, type TestServer } from "./test-server";

const KEY = "sb_secret_keyed0123456789abcdef";

let server: TestServer;

async function setup(handler: Handler) {
  server = await startServer(handler);
}

afterEach(async () => {
  await server?.close();
  await closeSharedDispatchers();
});

test("sends the key as apikey and bearer token, and JSON only with a body", async () => {
  await setup((_req, res) => json(res, 200, { ok: true }));
  const post = await dispatchWithKey({
    origin: server.origin,
    path: "/graphql/v1",
    method: "POST",
    key: KEY,
    body: JSON.stringify({ query: "{ x }" }),
    timeoutMs: 5_000,
    idempotent: false,
  });
  expect([post.status, JSON.parse(post.text)]).toEqual([200, { ok: true }]);
  const get = await dispatchWithKey({
    origin: server.origin,
    path: "/storage/v1/bucket",
    method: "GET",
    key: KEY,
    timeoutMs: 5_000,
    idempotent: true,
  });
  expect(get.status).toBe(200);
  const [p, g] = server.seen;
  expect([p!.headers.apikey, p!.headers.authorization, p!.headers["content-type"]]).toEqual([
    KEY,
    `Bearer ${KEY}`,
    "application/json",
  ]);
  expect(p!.body).toBe(JSON.stringify({ query: "{ x }" }));
  expect([g!.method, g!.headers.apikey, g!.headers["content-type"]]).toEqual(["GET", KEY, undefined]);
});

test("an error status is the caller's to turn into its error, with the last attempt recorded", async () => {
  await setup((_req, res) => json(res, 404, { message: "no such bucket" }));
  const r = await dispatchWithKey({
    origin: server.origin,
    path: "/storage/v1/bucket/x",
    method: "GET",
    key: KEY,
    timeoutMs: 5_000,
    idempotent: true,
  });
  expect(r.status).toBe(404);
  expect(JSON.parse(r.text)).toEqual({ message: "no such bucket" });
  expect(r.last).toMatchObject({ method: "GET", attempt: 1, status: 404, willRetry: false });
});

test("a lost connection of a request that must not repeat is one NetworkError without the key", async () => {
  await setup((_req, res) => reset(res));
  const err = await dispatchWithKey({
    origin: server.origin,
    path: "/graphql/v1?apikey=should-not-show",
    method: "POST",
    key: KEY,
    body: "{}",
    timeoutMs: 5_000,
    idempotent: false,
  }).catch((e: unknown) => e);
  expect(SupabaseError.is(err, "NETWORK")).toBe(true);
  expect(server.seen).toHaveLength(1);
  const message = String((err as Error).message);
  expect(message).toContain("POST /graphql/v1");
  expect(message).not.toContain(KEY);
  expect(message).not.toContain("should-not-show");
});
