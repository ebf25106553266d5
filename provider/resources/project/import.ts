/**
 * Project's importer: the project by organization and name, taken over with
 * `adopt: true`. The database password is never read (the API does not
 * return it): it is a config secret, and `up` leaves the password alone until
 * that value changes. A paused project is declared `paused: true`, and the
 * Postgres major it runs is declared as `postgresVersion`.
 */
import type { KindImporter } from "../../importer";
import { UsageOutput, UsageSecret } from "../../resource-doc";
import { liveMajor } from "./upgrade";

export const projectImporter: KindImporter = {
  scope: "project",
  async read(ctx) {
    const p = ctx.project!;
    const major = liveMajor(p);
    return [
      {
        name: ctx.names.project!,
        inputs: {
          name: p.name,
          organizationId: new UsageOutput(ctx.names.organization, "organizationId"),
          region: p.region,
          dbPass: new UsageSecret(
            ctx.secret(
              "dbPass",
              "the database password (not read from the service; up changes it only when it changes)",
            ),
          ),
          adopt: true,
          // The major it runs, so the first `up` upgrades nothing and a later change of it is an upgrade.
          ...(major ? { postgresVersion: major } : {}),
          // A paused project is declared paused, so the first `up` does not restore it.
          ...(p.status === "INACTIVE" ? { paused: true } : {}),
        },
      },
    ];
  },
};
