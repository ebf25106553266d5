/**
 * The pgsodium root key: 32 random bytes per project,
 * hex-encoded, generated with the project's settings and kept in its state.
 */
import { ApiError } from "../pipeline/errors";
import { defineRoute, type RouteDef } from "../pipeline/router";
import { projectSettings } from "../settings/store";

export const ROOT_KEY_MESSAGE = "Expected a 32 byte secret, hex-encoded (64 characters).";
const ROOT_KEY = /^[0-9a-fA-F]{64}$/;

export const pgsodiumRoutes: RouteDef[] = [
  defineRoute({
    method: "GET",
    path: "/v1/projects/{ref}/pgsodium",
    handler: ({ app, params }) => ({
      status: 200,
      body: { root_key: projectSettings(app, params.ref).settings.rootKey },
    }),
  }),
  defineRoute({
    method: "PUT",
    path: "/v1/projects/{ref}/pgsodium",
    handler: ({ app, params, body }) => {
      const { settings } = projectSettings(app, params.ref);
      // Anything but 64 hex characters (missing, not a string, base64, a short key) gets the one recorded text.
      const key = (body as { root_key?: unknown } | undefined)?.root_key;
      if (typeof key !== "string" || !ROOT_KEY.test(key)) throw new ApiError(400, ROOT_KEY_MESSAGE);
      // Kept as sent, so a client reading it back compares equal to what it wrote.
      settings.rootKey = key;
      app.store.commit();
      return { status: 200, body: { root_key: settings.rootKey } };
    },
  }),
];
