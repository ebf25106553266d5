/**
 * Waits (project health, restrictions applying, hostname verification) go
 * through pollUntil: a poll that fails transiently does not end the wait.
 */
import { isProjectNotReady, pollUntil } from "../../../provider/poll";
import { ApiError, NetworkError, SupabaseError } from "../../../provider/errors";

const api = (status: number) => new ApiError({ status, method: "GET", path: "/v1/projects/x", apiMessage: "boom" });

describe("pollUntil", () => {
  it("keeps waiting through 5xx, 429 and resets, and returns the eventual value", async () => {
    const answers: Array<() => string | undefined> = [
      () => {
        throw api(503);
      },
      () => undefined,
      () => {
        throw api(429);
      },
      () => {
        throw new NetworkError({ method: "GET", path: "/v1/projects/x", cause: new Error("socket hang up") });
      },
      () => "ACTIVE_HEALTHY",
    ];
    let i = 0;
    const v = await pollUntil(async () => answers[i++]!(), {
      timeoutMs: 5000,
      minDelayMs: 1,
      maxDelayMs: 2,
      what: "x",
    });
    expect(v).toBe("ACTIVE_HEALTHY");
    expect(i).toBe(5);
  });

  it("stops at once on a definite failure", async () => {
    let calls = 0;
    const err = await pollUntil(
      async () => {
        calls++;
        throw api(404);
      },
      { timeoutMs: 5000, minDelayMs: 1, what: "x" },
    ).catch((e: unknown) => e);
    expect(SupabaseError.is(err, "NOT_FOUND")).toBe(true);
    expect(calls).toBe(1);
  });

  it("times out naming the last failed poll", async () => {
    const err = await pollUntil(
      async () => {
        throw api(502);
      },
      { timeoutMs: 50, minDelayMs: 5, maxDelayMs: 10, what: "project x to become ACTIVE_HEALTHY" },
    ).catch((e: unknown) => e);
    expect(SupabaseError.is(err, "TIMEOUT")).toBe(true);
    expect((err as Error).message).toMatch(
      /waiting for project x to become ACTIVE_HEALTHY\. The last poll failed: .*502/,
    );
  });
});

describe("isProjectNotReady", () => {
  const refusal = (status: number, apiMessage: string) =>
    new ApiError({ status, method: "POST", path: "/v1/projects/x/database/backups/restore-point", apiMessage });

  it("waits out a project passing through a restart or still coming up", () => {
    expect(
      isProjectNotReady(refusal(400, "Project is not ready to create a restore point: its status is RESTARTING.")),
    ).toBe(true);
    expect(isProjectNotReady(refusal(400, "Project is not ready to be configured: its status is COMING_UP."))).toBe(
      true,
    );
    expect(isProjectNotReady(refusal(500, "error adding pooler tenant"))).toBe(true);
  });

  it("does not wait out a status the project does not leave by itself, nor other answers", () => {
    for (const status of [
      "INACTIVE",
      "PAUSING",
      "PAUSE_FAILED",
      "RESTORE_FAILED",
      "INIT_FAILED",
      "REMOVED",
      "GOING_DOWN",
    ]) {
      expect(
        isProjectNotReady(refusal(400, `Project is not ready to create a restore point: its status is ${status}.`)),
      ).toBe(false);
    }
    expect(isProjectNotReady(refusal(404, "Project not found"))).toBe(false);
    expect(isProjectNotReady(new Error("not ready"))).toBe(false);
  });
});
