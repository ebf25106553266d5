// An edge function: answers with a greeting.
Deno.serve(
  () => new Response(JSON.stringify({ message: "hello" }), { headers: { "content-type": "application/json" } }),
);
