// An edge function deployed by the quickstart stack (Deno runtime), from this folder: the entrypoint, a sibling
// module and an import map (deno.json) are deployed as one bundle.
import { json } from "./respond.ts";

declare const Deno: {
  serve(handler: (req: Request) => Response | Promise<Response>): void;
  env: { get(name: string): string | undefined };
};

Deno.serve(() => json({ hello: "world", greeting: Deno.env.get("GREETING") ?? "hi" }));
