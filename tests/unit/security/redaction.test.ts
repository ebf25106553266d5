/**
 * An API error that echoes a credential never prints it: the opaque API keys
 * (`sb_secret_…`, `sb_publishable_…`) are redacted like tokens and JWTs, in
 * the client's errors and in a partial failure's message.
 */
import { createDispatcher } from "../../../provider/http/dispatcher";
import { ManagementClient } from "../../../provider/client";
import { partialFailure, redact, type SupabaseError } from "../../../provider/errors";
import { json, startServer, type TestServer } from "../http/test-server";

const SECRET_KEY = "sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz";
const PUBLISHABLE_KEY = "sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH";

let server: TestServer | undefined;
let dispatcher: ReturnType<typeof createDispatcher> | undefined;
afterEach(async () => {
  await dispatcher?.close();
  await server?.close();
  server = undefined;
  dispatcher = undefined;
});

test("redact() removes opaque secret and publishable keys", () => {
  const text = `bad key ${SECRET_KEY}, and ${PUBLISHABLE_KEY}.`;
  expect(redact(text)).toBe("bad key [redacted-key], and [redacted-key].");
});

test("an API error echoing a key never prints it", async () => {
  // The service echoes what it got: the key in the body and in the query string.
  server = await startServer((req, res) =>
    json(res, 400, { message: `Invalid API key ${SECRET_KEY} (path ${req.path}, body ${req.body})` }),
  );
  dispatcher = createDispatcher({ retry: { minDelayMs: 5, maxDelayMs: 10, maxRetries: 0 } });
  const client = new ManagementClient({ apiUrl: server.url, accessToken: () => "sbp_" + "0".repeat(40), dispatcher });
  const err = (await client
    .request("POST", "/v1/projects/abcdefghijklmnopqrst/api-keys", {
      query: { apikey: PUBLISHABLE_KEY },
      body: { key: SECRET_KEY },
    })
    .then(
      () => undefined,
      (e: unknown) => e,
    )) as SupabaseError;
  expect(err).toBeDefined();
  const everything = `${err.message} ${err.stack} ${JSON.stringify(err)} ${String((err as { apiMessage?: unknown }).apiMessage)}`;
  expect(everything).toContain("[redacted-key]");
  expect(everything).not.toContain(SECRET_KEY);
  expect(everything).not.toContain(PUBLISHABLE_KEY);
});

test("a partial failure's message and reasons never carry a key", () => {
  const err = partialFailure("ref/id", {}, new Error(`update of ${SECRET_KEY} failed`));
  expect(`${err.message} ${err.reasons.join(" ")}`).not.toContain(SECRET_KEY);
});
