// The hello function's entrypoint: imports a sibling module, and a library through the import map (deno.json).
import { greeting } from "./greeting.ts";

Deno.serve((req: Request) => {
  const name = new URL(req.url).searchParams.get("name") ?? "world";
  return new Response(JSON.stringify({ message: greeting(name) }), {
    headers: { "content-type": "application/json" },
  });
});
