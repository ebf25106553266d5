/**
 * Control-plane endpoints that stand in for the outside world of the project
 * settings: the user publishing DNS records for a custom hostname, the
 * platform's fail2ban banning addresses, expiring restore points, refusing
 * temporary access, and failing or restarting a read replica.
 */
import { z } from "zod";
import { ApiError } from "../pipeline/errors";
import { defineRoute, type RouteDef } from "../pipeline/router";
import { HostnameMessages, hostnameView } from "../settings/hostname";
import { checkIpv4List } from "../settings/net";
import { projectSettings, requireLiveProject } from "../settings/store";
import { appVersion, appVersionFor, upgrading, UPGRADE_ERRORS } from "../settings/postgres";
import { liveReplicas, replicaStatus } from "../settings/read-replicas";

const AddBans = z.strictObject({ ipv4_addresses: z.array(z.string()) });
const JitUnavailable = z.strictObject({
  reason: z.enum(["manual_migration_required", "postgres_upgrade_required", "temporarily_unavailable"]).nullable(),
});
const ReplicaStatus = z.strictObject({
  identifier: z.string().min(1),
  status: z.enum(["ACTIVE_UNHEALTHY", "INIT_READ_REPLICA_FAILED", "RESTARTING"]).nullable(),
  /** How long a restart lasts on the emulator clock (default: the `restartDelayMs` setting). */
  forMs: z.number().int().min(0).max(86_400_000).optional(),
});
const ExpirePoint = z.strictObject({ name: z.string().min(1).max(20) });
const PostgresSwitch = z.strictObject({
  version: z.string().min(1).optional(),
  failNextUpgrade: z.enum(UPGRADE_ERRORS).nullable().optional(),
});

const control = <B, Q>(def: RouteDef<B, Q>) => defineRoute<B, Q>({ ...def, surface: "control", auth: "none" });

export const settingsControlRoutes: RouteDef[] = [
  control({
    method: "POST",
    path: "/_emulator/projects/{ref}/custom-hostname/verify-dns",
    // Marks the hostname's TXT records as published: the configuration reads 3_challenge_verified until reverify.
    handler: ({ app, params }) => {
      const { project, settings } = projectSettings(app, params.ref);
      const hostname = settings.customHostname;
      if (!hostname) throw new ApiError(400, HostnameMessages.none);
      hostname.dnsVerifiedAtMs ??= app.clock.now();
      app.store.commit();
      return { status: 200, body: hostnameView(app, project, hostname) };
    },
  }),
  control({
    method: "POST",
    path: "/_emulator/projects/{ref}/network-bans",
    body: AddBans,
    handler: ({ app, params, body }) => {
      const { settings } = projectSettings(app, params.ref);
      checkIpv4List(body.ipv4_addresses);
      for (const address of body.ipv4_addresses)
        if (!settings.bannedIpv4.includes(address)) settings.bannedIpv4.push(address);
      app.store.commit();
      return { status: 200, body: { banned_ipv4_addresses: [...settings.bannedIpv4] } };
    },
  }),
  control({
    method: "POST",
    path: "/_emulator/projects/{ref}/restore-points/expire",
    body: ExpirePoint,
    // The service expires restore points: the point reads REMOVED, and undo to it is refused.
    handler: ({ app, params, body }) => {
      const { settings } = projectSettings(app, params.ref);
      const point = settings.restorePoints?.find((p) => p.name === body.name && p.status !== "REMOVED");
      if (!point) throw new ApiError(404, "Restore point not found");
      point.status = "REMOVED";
      app.store.commit();
      return { status: 200, body: { name: point.name, status: point.status } };
    },
  }),
  control({
    method: "PUT",
    path: "/_emulator/projects/{ref}/jit-access/unavailable",
    body: JitUnavailable,
    // The service cannot offer temporary access to this project (null: it can again).
    handler: ({ app, params, body }) => {
      const { settings } = projectSettings(app, params.ref);
      const state = settings.jitAccess?.state ?? "disabled";
      settings.jitAccess = body.reason === null ? { state } : { state, unavailableReason: body.reason };
      app.store.commit();
      return { status: 200, body: { reason: body.reason } };
    },
  }),
  control({
    method: "PUT",
    path: "/_emulator/projects/{ref}/postgres",
    body: PostgresSwitch,
    // Stands in for a project made when the platform's default was older (`version`: a major or an image version),
    // and for the platform failing the next upgrade at the step the error names (null: it succeeds again).
    handler: ({ app, params, body }) => {
      const p = requireLiveProject(app, params.ref);
      const now = app.clock.now();
      if (body.version !== undefined) {
        const version = appVersionFor(body.version);
        if (!version) throw new ApiError(400, `Unknown Postgres version ${body.version}`);
        if (upgrading(p, now)) throw new ApiError(400, "The project is upgrading");
        p.postgres = { ...p.postgres, version };
        delete p.postgres.upgrade;
      }
      if (body.failNextUpgrade === null && p.postgres) delete p.postgres.failNextUpgrade;
      else if (body.failNextUpgrade)
        p.postgres = { version: appVersion(p, now), ...p.postgres, failNextUpgrade: body.failNextUpgrade };
      app.store.commit();
      return {
        status: 200,
        body: { version: appVersion(p, now), failNextUpgrade: p.postgres?.failNextUpgrade ?? null },
      };
    },
  }),
  control({
    method: "PUT",
    path: "/_emulator/projects/{ref}/read-replicas/status",
    body: ReplicaStatus,
    // Stands in for the platform failing a read replica (until cleared: null hands it back to its lifecycle) or
    // restarting it (RESTARTING for `restartDelayMs` on the emulator clock).
    handler: ({ app, params, body }) => {
      const { project } = projectSettings(app, params.ref);
      const replica = liveReplicas(app, project).find((r) => r.identifier === body.identifier);
      if (!replica) throw new ApiError(404, `Read replica ${body.identifier} not found.`);
      if (body.status === null) delete replica.imposedStatus;
      else if (body.status === "RESTARTING")
        replica.restartingUntilMs = app.clock.now() + (body.forMs ?? app.settings.restartDelayMs);
      else replica.imposedStatus = body.status;
      app.store.commit();
      return { status: 200, body: { identifier: replica.identifier, status: replicaStatus(replica, app.clock.now()) } };
    },
  }),
];
