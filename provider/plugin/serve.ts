/**
 * Serves the plugin's `Provider` over gRPC with `@pulumi/pulumi/provider`'s
 * `main`, and mends what its server does not do for this provider:
 *
 * - `Configure`: the server ignores the provider's configuration; we hand it
 *   to `configure` (so `supabase:accessToken` etc. reach the runtime), and do
 *   not ask for output values, which no kind handles.
 * - `Read` without properties, which is what `pulumi import` sends: the server
 *   dereferences the missing properties and fails ("Cannot read properties of
 *   undefined (reading 'toJavaScript')", in 3.248 as in 3.270); we give the
 *   request empty properties, and the provider reads the object by its ID.
 *
 * Both are done by wrapping the service implementation the server registers
 * with gRPC (its class is not exported), for this service only.
 */
import * as path from "node:path";
import { engineAddressFromArgs, watchEngine } from "../engine-watch";
import type { PluginProvider } from "./provider";

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports */

type Handler = (call: { request: any }, callback: (err: unknown, value?: unknown) => void) => unknown;

/** A module as `@pulumi/pulumi` resolves it, so the patched classes are the ones its server uses. */
function fromPulumi(id: string): any {
  const base = path.dirname(require.resolve("@pulumi/pulumi/provider"));
  return require(require.resolve(id, { paths: [base] }));
}

export function mendServer(plugin: PluginProvider): void {
  const grpc = fromPulumi("@grpc/grpc-js");
  const provrpc = fromPulumi("@pulumi/pulumi/proto/provider_grpc_pb");
  const provproto = fromPulumi("@pulumi/pulumi/proto/provider_pb");
  const { Struct } = fromPulumi("google-protobuf/google/protobuf/struct_pb");
  const addService = grpc.Server.prototype.addService as (service: unknown, impl: unknown) => void;
  grpc.Server.prototype.addService = function (service: unknown, impl: Record<string, Handler>) {
    if (service !== provrpc.ResourceProviderService) return addService.call(this, service, impl);
    const mended = Object.create(impl) as Record<string, Handler>;
    mended.configure = (call, callback) => {
      try {
        const variables: Record<string, string> = {};
        for (const [k, v] of call.request.getVariablesMap().entries() as Iterable<[string, string]>) variables[k] = v;
        plugin.configure(variables);
        const resp = new provproto.ConfigureResponse();
        resp.setAcceptsecrets(true);
        resp.setAcceptresources(true);
        resp.setAcceptoutputs(false);
        resp.setSupportspreview(false);
        callback(undefined, resp);
      } catch (err) {
        callback(err);
      }
    };
    mended.read = (call, callback) => {
      if (!call.request.hasProperties()) call.request.setProperties(new Struct());
      return impl.read.call(mended, call, callback);
    };
    return addService.call(this, service, mended);
  };
}

/** Runs the plugin: what the engine starts as `pulumi-resource-supabase`. */
export async function serve(plugin: PluginProvider, args: string[]): Promise<void> {
  mendServer(plugin);
  watchEngine(engineAddressFromArgs(args));
  const { main } = require("@pulumi/pulumi/provider") as typeof import("@pulumi/pulumi/provider");
  await main(plugin, args);
}
