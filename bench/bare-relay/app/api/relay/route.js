// Adds the key, forwards the body, pipes the service's answer back untouched: no checks, no limits,
// no reading of the answer.
export const dynamic = "force-dynamic";

export async function POST(request) {
  const upstream = await fetch(process.env.BARE_RELAY_TARGET, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${process.env.BARE_RELAY_KEY}` },
    body: await request.text(),
  });
  return new Response(upstream.body, {
    status: upstream.status,
    headers: { "content-type": upstream.headers.get("content-type") ?? "application/octet-stream" },
  });
}
