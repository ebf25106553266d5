// An edge function deployed by the quickstart stack (Deno runtime).
declare const Deno: {
  serve(handler: (req: Request) => Response | Promise<Response>): void;
  env: { get(name: string): string | undefined };
};

Deno.serve(
  () =>
    new Response(JSON.stringify({ hello: "world", greeting: Deno.env.get("GREETING") ?? "hi" }), {
      headers: { "content-type": "application/json" },
    }),
);
