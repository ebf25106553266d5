// An edge function: answers with the request's body.
Deno.serve(async (req: Request) => new Response(await req.text(), { headers: { "content-type": "text/plain" } }));
