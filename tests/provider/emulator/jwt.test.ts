import { signJwt, signProjectJwt, verifyJwt, verifyProjectJwt } from "../../../emulator/auth/jwt";
import { roleForApiKey } from "../../../emulator/auth/keys";
import { newPublishableKey, newSecretKey } from "../../../emulator/auth/keys";
import type { ProjectRecord } from "../../../emulator/store/state";

const project: ProjectRecord = {
  ref: "abcdefghijklmnopqrst",
  numericId: 1,
  name: "p",
  organizationSlug: "org",
  region: "eu-west-1",
  createdAtMs: Date.parse("2026-01-01T00:00:00Z"),
  readyAtMs: 0,
  dbPassHash: "x",
  jwtSecret: "super-secret-jwt-token-with-at-least-32-characters",
  publishableKey: newPublishableKey(0),
  secretKey: newSecretKey(0),
};

test("project keys verify with the project secret and carry the role", () => {
  for (const role of ["anon", "service_role"] as const) {
    const token = signProjectJwt(project, role);
    const v = verifyProjectJwt(token, project);
    expect(v).toEqual({
      ok: true,
      claims: { iss: "supabase", ref: project.ref, role, iat: 1767225600, exp: expect.any(Number) },
    });
    expect(roleForApiKey(project, token)).toBe(role);
  }
  expect(roleForApiKey(project, project.publishableKey.key)).toBe("anon");
  expect(roleForApiKey(project, project.secretKey.key)).toBe("service_role");
  expect(roleForApiKey(project, "garbage")).toBeUndefined();
});

test("tampering, other secrets, other algorithms and expiry are refused", () => {
  const token = signProjectJwt(project, "anon");
  const [h, p, s] = token.split(".");
  const forged = Buffer.from(JSON.stringify({ iss: "supabase", ref: project.ref, role: "service_role" })).toString(
    "base64url",
  );
  expect(verifyJwt(`${h}.${forged}.${s}`, project.jwtSecret)).toEqual({ ok: false, reason: "invalid signature" });
  expect(verifyJwt(token, "other")).toEqual({ ok: false, reason: "invalid signature" });
  const none = Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url");
  expect(verifyJwt(`${none}.${p}.`, project.jwtSecret)).toEqual({ ok: false, reason: "unsupported algorithm" });
  expect(verifyJwt("a.b", project.jwtSecret)).toEqual({ ok: false, reason: "malformed token" });
  const short = signJwt({ role: "authenticated", exp: 1000 }, project.jwtSecret);
  expect(verifyJwt(short, project.jwtSecret, 999_000)).toMatchObject({ ok: true });
  expect(verifyJwt(short, project.jwtSecret, 1_000_000)).toEqual({ ok: false, reason: "token has expired" });
  expect(roleForApiKey(project, short, 0)).toBe("authenticated");
});
