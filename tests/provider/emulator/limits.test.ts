/**
 * Request limits: oversized bodies and GraphQL documents, fragment bombs and
 * cycles, slow clients and slow handlers are refused with JSON, quickly and
 * without buffering what they send.
 */
import * as http from "node:http";
import * as net from "node:net";
import { readyProject, startTestEmulator, type ReadyProject, type TestEmulator } from "../../../harness/emulator";

const MiB = 1024 * 1024;
const BIG = 20 * MiB;

let emu: TestEmulator;
let project: ReadyProject;

beforeAll(async () => {
  emu = await startTestEmulator({ limits: { requestTimeoutMs: 3000, handlerTimeoutMs: 1500 } });
  project = await readyProject(emu);
  // Start the project's database and its GraphQL schema now, so no test waits for them under a short
  // handler timeout (a request that overruns it stops the database's work).
  for (let attempt = 0; attempt < 10; attempt++)
    if ((await emu.api("POST", `/v1/projects/${project.ref}/database/query`, { query: "select 1" })).status === 201)
      break;
  for (let attempt = 0; attempt < 10; attempt++) {
    const res = await fetch(project.graphqlUrl, {
      method: "POST",
      headers: { apikey: project.anonKey, "content-type": "application/json" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    if (res.status === 200) break;
  }
});

afterAll(() => emu.close());

interface Upload {
  status: number;
  body: { message?: string; errors?: Array<{ message: string }> };
  contentType: string | undefined;
  /** Bytes of the body written when the answer arrived. */
  sentAtAnswer: number;
  /**
   * The emulator's side of the request when the answer arrived (the emulator runs in this process): how many
   * listeners still take its body, and whether it flows (the rest is read and discarded rather than held).
   */
  server: { dataListeners: number; flowing: boolean | null } | undefined;
}

/** The emulator-side request objects this process's HTTP servers receive while `fn` runs. */
async function serverRequests<T>(fn: (seen: http.IncomingMessage[]) => Promise<T>): Promise<T> {
  const emit = http.Server.prototype.emit;
  const seen: http.IncomingMessage[] = [];
  const spy = jest.spyOn(http.Server.prototype, "emit").mockImplementation(function (
    this: http.Server,
    event: string | symbol,
    ...args: unknown[]
  ) {
    if (event === "request") seen.push(args[0] as http.IncomingMessage);
    return (emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean).call(
      this,
      event,
      ...args,
    );
  });
  try {
    return await fn(seen);
  } finally {
    spy.mockRestore();
  }
}

/**
 * Streams `total` bytes (one reused 64 KiB chunk, so the client holds no copy)
 * as a chunked body and stops sending as soon as the answer arrives; or,
 * with `declareLength`, sends only headers declaring that length.
 */
function upload(url: string, headers: Record<string, string>, total: number, declareLength = false): Promise<Upload> {
  return serverRequests((seen) => uploadTo(url, headers, total, declareLength, seen));
}

function uploadTo(
  url: string,
  headers: Record<string, string>,
  total: number,
  declareLength: boolean,
  seen: http.IncomingMessage[],
): Promise<Upload> {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...headers,
        ...(declareLength ? { "content-length": String(total) } : {}),
      },
    });
    req.on("response", (res) => {
      answered = true;
      const sentAtAnswer = sent;
      const serverSide = seen.at(-1);
      const server = serverSide && {
        dataListeners: serverSide.listenerCount("data"),
        flowing: serverSide.readableFlowing,
      };
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () => {
        req.destroy();
        resolve({
          status: res.statusCode!,
          body: JSON.parse(text) as Upload["body"],
          contentType: res.headers["content-type"],
          sentAtAnswer,
          server,
        });
      });
    });
    req.on("error", (err) => {
      if (!answered) reject(err);
    });
    const pump = () => {
      while (!answered && sent < total) {
        const n = Math.min(chunk.length, total - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    // With a declared length, send the headers only: the answer must come from them alone (a server waiting
    // for the body would answer 408 once its request timeout passed).
    if (declareLength) req.flushHeaders();
    else pump();
  });
}

function report(label: string, r: Upload): void {
  process.stdout.write(
    `[limits] ${label}: ${r.status} with ${(r.sentAtAnswer / MiB).toFixed(2)} MiB of ${BIG / MiB} MiB sent\n`,
  );
}

describe("body size", () => {
  test.each([
    ["management API", "/v1/organizations"],
    ["GraphQL endpoint", "graphql"],
  ])(
    "a streamed 20 MB body to the %s gets a 413 JSON answer before it is sent, and the rest is not kept",
    async (_, target) => {
      // A 1 MiB limit, so at most 1 MiB is ever held; the default (10 MiB) is refused the same way below.
      const small = await startTestEmulator({ limits: { maxBodyBytes: MiB } });
      try {
        // The body is read, and refused, before the route looks at the project or the key.
        const url =
          target === "graphql"
            ? `${small.projectUrlTemplate.replace("{ref}", "abcdefghijklmnopqrst")}/graphql/v1`
            : `${small.apiUrl}${target}`;
        const headers: Record<string, string> =
          target === "graphql" ? { apikey: "any" } : { authorization: `Bearer ${small.accessToken}` };
        const r = await upload(url, headers, BIG);
        report(`chunked 20 MB to the ${target} (1 MiB limit)`, r);
        expect(r.status).toBe(413);
        expect(r.contentType).toMatch(/^application\/json/);
        expect(r.body.message).toBe("request entity too large: the body is larger than the limit of 1048576 bytes");
        expect(r.sentAtAnswer).toBeLessThan(BIG / 2);
        // At the answer, nothing on the emulator's side takes the body any more and the stream flows: the rest
        // is read and discarded as it comes, not collected (reading it whole would keep a listener to the end).
        expect(r.server).toEqual({ dataListeners: 0, flowing: true });
      } finally {
        await small.close();
      }
    },
  );

  test("the default limit (10 MiB) refuses a streamed 20 MB body before its end", async () => {
    const r = await upload(`${emu.apiUrl}/v1/organizations`, { authorization: `Bearer ${emu.accessToken}` }, BIG);
    report("chunked 20 MB (default 10 MiB limit)", r);
    expect(r.status).toBe(413);
    expect(r.body.message).toBe("request entity too large: the body is larger than the limit of 10485760 bytes");
    expect(r.sentAtAnswer).toBeLessThan(BIG);
  });

  test("a declared Content-Length over the limit is refused from the headers alone", async () => {
    const r = await upload(`${emu.apiUrl}/v1/organizations`, { authorization: `Bearer ${emu.accessToken}` }, BIG, true);
    report("declared 20 MB", r);
    expect(r.status).toBe(413);
    expect(r.sentAtAnswer).toBe(0);
    expect(r.body.message).toMatch(/larger than the limit/);
  });

  test("the limit is configurable, and the emulator keeps serving after refusals", async () => {
    const small = await startTestEmulator({ limits: { maxBodyBytes: 1024 } });
    try {
      expect((await small.api("POST", "/v1/organizations", { name: "x".repeat(2000) })).status).toBe(413);
      expect((await small.api("POST", "/v1/organizations", { name: "fits" })).status).toBe(201);
    } finally {
      await small.close();
    }
  });
});

describe("GraphQL documents", () => {
  const gql = (body: unknown) =>
    fetch(project.graphqlUrl, {
      method: "POST",
      headers: { apikey: project.anonKey, "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as Upload["body"] }));

  test("a document over the size limit gets 413", async () => {
    const query = `{ ${"__typename ".repeat(100_000)}}`; // 1.1 MB, over the 1 MiB default
    const res = await gql({ query });
    expect(res).toEqual({
      status: 413,
      body: { message: "GraphQL document is larger than the limit of 1048576 bytes" },
    });
  });

  test("a fragment bomb (2^40 fields from 40 small fragments) is refused at once", async () => {
    const fragments = ["fragment F0 on Query { __typename }"];
    for (let i = 1; i <= 40; i++) fragments.push(`fragment F${i} on Query { a: __typename ...F${i - 1} ...F${i - 1} }`);
    const res = await gql({ query: `{ ...F40 } ${fragments.join(" ")}` });
    expect(res).toEqual({
      status: 200,
      body: { errors: [{ message: "GraphQL document selects more than the limit of 50000 fields" }] },
    });
  });

  test("the field limit counts aliases and is configurable", async () => {
    const small = await startTestEmulator({ limits: { graphqlMaxFields: 10 } });
    try {
      const p = await readyProject(small);
      const post = (query: string) =>
        fetch(p.graphqlUrl, {
          method: "POST",
          headers: { apikey: p.anonKey, "content-type": "application/json" },
          body: JSON.stringify({ query }),
        }).then(async (res) => (await res.json()) as Upload["body"]);
      const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: __typename`).join(" ")} }`;
      expect(await post(aliases(10))).toEqual({
        data: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`a${i}`, "Query"])),
      });
      expect(await post(aliases(11))).toEqual({
        errors: [{ message: "GraphQL document selects more than the limit of 10 fields" }],
      });
    } finally {
      await small.close();
    }
  });

  test("fragment cycles get pg_graphql's errors", async () => {
    expect(
      await gql({ query: "{ ...A } fragment A on Query { ...B } fragment B on Query { __typename ...A }" }),
    ).toEqual({ status: 200, body: { errors: [{ message: "Found a cycle between fragments" }] } });
    const chain = Array.from({ length: 60 }, (_, i) => `fragment F${i} on Query { __typename ...F${i + 1} }`);
    chain.push("fragment F60 on Query { __typename }");
    expect(await gql({ query: `{ ...F0 } ${chain.join(" ")}` })).toEqual({
      status: 200,
      body: { errors: [{ message: "Fragment cycle depth is greater than 50" }] },
    });
  });
});

describe("requests node:http refuses", () => {
  /** Writes raw bytes on a fresh connection and reads until the server closes it. */
  function raw(bytes: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(new URL(emu.apiUrl).port), "127.0.0.1");
      let text = "";
      socket.setEncoding("utf8");
      socket.on("data", (d: string) => (text += d));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
      socket.write(bytes);
    });
  }

  test.each([
    [
      "a request line over the header size limit",
      `GET /v1/organizations?${"x".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      431,
    ],
    ["a malformed request line", "GET\u0001 nothing\r\n\r\n", 400],
  ])("%s gets a JSON answer, then the connection closes", async (_name, request, status) => {
    const answer = await raw(request);
    const [head, body] = answer.split("\r\n\r\n");
    expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(head).toMatch(/content-type: application\/json/i);
    expect(typeof JSON.parse(body!).message).toBe("string");
    // The emulator keeps serving.
    expect((await emu.api("GET", "/v1/organizations")).status).toBe(200);
  });
});

describe("timeouts", () => {
  test("a body that stops arriving gets 408 JSON once the request timeout passes", async () => {
    const res = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const req = http.request(`${emu.apiUrl}/v1/organizations`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${emu.accessToken}`,
          "content-type": "application/json",
          "content-length": "100",
        },
      });
      req.on("response", (r) => {
        let text = "";
        r.on("data", (d: Buffer) => (text += d));
        r.on("end", () => resolve({ status: r.statusCode!, body: JSON.parse(text) }));
      });
      req.on("error", reject);
      req.write('{"name": "slo');
    });
    expect(res).toEqual({ status: 408, body: { message: "request timeout: the body did not arrive within 3000 ms" } });
  });

  test("a handler that does not answer in time gets 504 JSON", async () => {
    const res = await emu.api("POST", `/v1/projects/${project.ref}/database/query`, { query: "select pg_sleep(3)" });
    expect(res).toMatchObject({ status: 504, body: { message: "gateway timeout: no answer within 1500 ms" } });
    // The emulator still serves.
    expect((await emu.api("GET", "/v1/organizations")).status).toBe(200);
  });
});
