// The echo function's entrypoint: answers with the request's body, formatted by a sibling module.
import { format } from "./format.ts";

Deno.serve(
  async (req: Request) => new Response(format(await req.text()), { headers: { "content-type": "text/plain" } }),
);
