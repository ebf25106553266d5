/**
 * The one classifier of the service's "feature not enabled / not on this plan" answers (provider/unavailable.ts),
 * and of its refusals because a project is paused (provider/paused.ts).
 */
import { ApiError, isNotFound, SupabaseError } from "../../provider/errors";
import {
  explainingRefusals,
  explainRefusal,
  featureRefusal,
  FeatureUnavailableError,
} from "../../provider/unavailable";
import { pausedMessage, pausedRefusal, ProjectPausedError } from "../../provider/paused";

const REF = "abcdefghijklmnopqrst";
const api = (status: number, apiMessage: string, path = `/v1/projects/${REF}/config/auth/sso/providers`) =>
  new ApiError({ status, method: "GET", path, apiMessage });

test.each([
  [404, "SAML 2.0 support is not enabled for this project", "SAML 2.0"],
  [422, "Preview branching is not enabled for this project.", "Preview branching"],
  [400, "Please enable the Custom Domain add-on for the project first.", "The Custom Domain add-on"],
  [402, "Feature requires a higher plan", "This feature"],
  [403, "Vanity subdomains are not available on the free plan", "This feature"],
  [400, "Log drains is not enabled for this project", "This feature"],
  [404, "This endpoint requires the IPv4 add-on", "This feature"],
])("%i %s is a refusal of %s", (status, text, feature) => {
  expect(featureRefusal(api(status, text))?.feature).toBe(feature);
});

test.each([
  // The object addressed is missing, or may be: not a feature that is off.
  [404, "Either SAML 2.0 was not enabled for this project, or the provider does not exist"],
  [404, "Function not found"],
  [400, "No custom hostname configuration found."],
  // Limits reached on a plan, on writes.
  [402, "Maximum number of functions reached for Plan"],
  [402, "This project has reached its limit of 10 branches besides the default one (entitlement branching_limit)."],
  // The right text with another status.
  [500, "SAML 2.0 support is not enabled for this project"],
  [429, "ThrottlerException: Too Many Requests"],
])("%i %s is not a refusal", (status, text) => {
  expect(featureRefusal(api(status, text))).toBeUndefined();
});

test("only API answers are classified", () => {
  expect(featureRefusal(new Error("SAML 2.0 support is not enabled for this project"))).toBeUndefined();
  expect(featureRefusal(new SupabaseError("VALIDATION", "Feature requires a higher plan"))).toBeUndefined();
  expect(featureRefusal(undefined)).toBeUndefined();
});

test("an explained refusal names the feature, the project and what to do, keeps the answer, and is never NOT_FOUND", () => {
  const raw = api(404, "SAML 2.0 support is not enabled for this project");
  const e = explainRefusal(raw, "SsoProvider") as FeatureUnavailableError;
  expect(SupabaseError.is(e, "FEATURE_UNAVAILABLE")).toBe(true);
  expect(isNotFound(e)).toBe(false);
  expect(e.message).toBe(
    `SAML 2.0 is not enabled for project ${REF}: turn it on in AuthConfig (samlEnabled: true), or remove the SsoProvider ` +
      `from the program (the service answered 404 to GET /v1/projects/${REF}/config/auth/sso/providers: ` +
      "SAML 2.0 support is not enabled for this project)",
  );
  expect({ status: e.status, method: e.method, path: e.path, apiMessage: e.apiMessage, ref: e.ref }).toEqual({
    status: 404,
    method: "GET",
    path: `/v1/projects/${REF}/config/auth/sso/providers`,
    apiMessage: "SAML 2.0 support is not enabled for this project",
    ref: REF,
  });
  expect(e.cause).toBe(raw);
  // Explained once: a second pass leaves it as it is.
  expect(explainRefusal(e, "Other")).toBe(e);
  const plan = explainRefusal(
    api(402, "Feature requires a higher plan", `/v1/projects/${REF}/database/backups/schedule`),
    "BackupSchedule",
  ) as Error;
  expect(plan.message).toMatch(
    new RegExp(
      `^This feature is not available to project ${REF}: upgrade the organization's plan, or remove the BackupSchedule`,
    ),
  );
});

test("anything else passes through unchanged", async () => {
  const gone = api(404, "Either SAML 2.0 was not enabled for this project, or the provider does not exist");
  expect(explainRefusal(gone, "SsoProvider")).toBe(gone);
  await expect(explainingRefusals("SsoProvider", () => Promise.reject(gone))).rejects.toBe(gone);
  await expect(explainingRefusals("SsoProvider", async () => 7)).resolves.toBe(7);
  await expect(
    explainingRefusals("SsoProvider", () =>
      Promise.reject(api(404, "SAML 2.0 support is not enabled for this project")),
    ),
  ).rejects.toMatchObject({ code: "FEATURE_UNAVAILABLE", feature: "SAML 2.0" });
});

test("a refusal because the project is paused names the paused project and keeps the answer; other not-ready answers pass", () => {
  const paused = api(
    400,
    "Project is not ready to run queries: its status is INACTIVE.",
    `/v1/projects/${REF}/database/query`,
  );
  const explained = explainRefusal(paused, "DatabaseMigration") as ProjectPausedError;
  expect(explained).toBeInstanceOf(ProjectPausedError);
  expect(explained).toMatchObject({ code: "TERMINAL_STATUS", status: 400, ref: REF, apiMessage: paused.apiMessage });
  expect(explained.message).toBe(
    `${pausedMessage(REF, "INACTIVE")} (the service answered 400 to GET /v1/projects/${REF}/database/query: ${paused.apiMessage})`,
  );
  expect(pausedRefusal(api(400, "Project is not ready to be configured: its status is PAUSING."))?.message).toMatch(
    /is paused \(PAUSING\)/,
  );
  const restarting = api(400, "Project is not ready to run queries: its status is RESTARTING.");
  expect(explainRefusal(restarting, "DatabaseMigration")).toBe(restarting);
  expect(pausedRefusal(api(500, "its status is INACTIVE"))).toBeUndefined();
});
