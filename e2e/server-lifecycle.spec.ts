import { existsSync, readFileSync } from "node:fs";
import { get } from "node:http";
import { startPostgres } from "../test-support/postgres-server";
import { expect, test } from "./fixtures";
import { openPlayground } from "./helpers";
import { startInstance, type Instance } from "./instances";
import { E2E, E2E_DATA_DIR } from "./servers";
import { seededDataFolder } from "./embedded-template";

/**
 * The production start command (`npm start`): where it listens, what /api/health says, and how it
 * stops. Test traffic goes only to loopback addresses; what the server listens on is read from
 * the kernel's table of listening sockets.
 */

test.describe.configure({ timeout: 120_000 });

const [loopbackPort, everyInterfacePort, stopPort, postgresPort, gridPort] = E2E.lifecyclePorts;

let instance: Instance | undefined;
test.afterEach(async () => {
  await instance?.stop();
  instance = undefined;
});

const dataDir = (name: string) => ({ PLAYGROUND_DATA_DIR: seededDataFolder(`${E2E_DATA_DIR}/${name}-${Date.now()}`) });

/** The local addresses listening on `port` (Linux /proc/net/tcp and tcp6), e.g. "127.0.0.1" or "0.0.0.0". */
function listeningAddresses(port: number): string[] {
  const addresses: string[] = [];
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state !== "0A" || !local) continue; // 0A: listening
      const [addressHex, portHex] = local.split(":");
      if (Number.parseInt(portHex ?? "", 16) !== port || !addressHex) continue;
      addresses.push(addressHex.length === 8 ? ipv4(addressHex) : addressHex === "0".repeat(32) ? "::" : `ipv6:${addressHex}`);
    }
  }
  return addresses;
}

/** /proc/net/tcp writes an IPv4 address as one little-endian hex word. */
const ipv4 = (hex: string) => [3, 2, 1, 0].map((index) => Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16)).join(".");

/** A load balancer's check: a new connection each time. */
function health(port: number): Promise<{ status: number; body: Record<string, unknown>; text: string }> {
  return new Promise((resolve, reject) => {
    const request = get({ host: "127.0.0.1", port, path: "/api/health", agent: false }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown>, text }));
    });
    request.on("error", reject);
  });
}

/**
 * A just-started server opens its embedded database (seconds of busy event loop on a new folder):
 * tests that time a signal wait until it is ready, and waits on the server's first work are generous.
 */
const READY = { timeout: 30_000 };
const REACHES_THE_SERVICE = { timeout: 20_000 };

const serviceHas = async (prompt: string) =>
  ((await (await fetch(`${E2E.fakeUrl}/__requests`)).json()) as { body: string }[]).some((request) => request.body.includes(prompt));
const release = (prompt: string) => fetch(`${E2E.fakeUrl}/__release`, { method: "POST", body: JSON.stringify({ prompt }) });

test.beforeAll(() => {
  // Reading the listening sockets needs Linux's /proc; say so instead of passing without looking.
  expect(existsSync("/proc/net/tcp"), "these tests read the listening sockets from /proc/net/tcp (Linux)").toBe(true);
});

test("without a password, npm start listens on loopback only and says how to open it to the network", async () => {
  instance = await startInstance("lifecycle-loopback", loopbackPort, dataDir("lifecycle-loopback"), { productionStart: true });
  expect(listeningAddresses(loopbackPort)).toEqual(["127.0.0.1"]);
  expect(instance.output()).toContain(`Starting the playground on 127.0.0.1 only, port ${loopbackPort}`);
  expect(instance.output()).toContain("set PLAYGROUND_PASSWORD or a sign-in provider (PLAYGROUND_OIDC_ISSUER, …) first");
  expect(instance.output()).toContain("HOST=0.0.0.0");

  // Nothing configured: the demo service and the embedded database (503 "starting" while it opens).
  await expect.poll(async () => (await health(loopbackPort)).body.status, READY).toBe("ok");
  const answer = await health(loopbackPort);
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({ status: "ok", demo: "on", service: "none", database: { kind: "embedded", state: "up" } });
});

test("with a password and HOST=0.0.0.0, npm start listens on every interface and says so", async () => {
  instance = await startInstance(
    "lifecycle-every-interface",
    everyInterfacePort,
    { ...dataDir("lifecycle-every-interface"), HOST: "0.0.0.0", PLAYGROUND_PASSWORD: E2E.password },
    { productionStart: true },
  );
  expect(listeningAddresses(everyInterfacePort)).toEqual(["0.0.0.0"]);
  expect(instance.output()).toContain(`Starting the playground on every network interface (0.0.0.0), port ${everyInterfacePort}`);
  expect(instance.output()).toContain("list the names and addresses people will use in PLAYGROUND_ALLOWED_HOSTS");
  // Health needs no session, even behind the password.
  await expect.poll(async () => (await health(everyInterfacePort)).status, READY).toBe(200);
});

test("SIGTERM during a slow generation: it is answered, new requests get 503, and the process exits 0", async () => {
  instance = await startInstance(
    "lifecycle-stop",
    stopPort,
    {
      ...dataDir("lifecycle-stop"),
      IMAGE_API_BASE_URL: E2E.fakeUrl,
      IMAGE_API_KEY: E2E.fakeKey,
      IMAGE_MODELS: "fake-held",
      PLAYGROUND_STOP_GRACE_SECONDS: "60",
    },
    { productionStart: true },
  );
  await expect.poll(async () => (await health(stopPort)).body.status, READY).toBe("ok");
  const url = instance.url;
  const generate = (prompt: string) =>
    fetch(`${url}/api/generate`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url, "sec-fetch-site": "same-origin" },
      body: JSON.stringify({ model: "fake-held", prompt, aspect_ratio: "1:1" }),
    });
  const prompt = `held through a stop ${Date.now()}`;
  const slow = generate(prompt);
  // The generation is under way once the service has it.
  await expect.poll(() => serviceHas(prompt), REACHES_THE_SERVICE).toBe(true);

  instance.child.kill("SIGTERM");
  await expect
    .poll(() => instance?.output() ?? "", REACHES_THE_SERVICE)
    .toContain("SIGTERM received: taking no new work, letting 1 running generation finish");

  const refused = await generate("a new request while stopping");
  expect(refused.status).toBe(503);
  expect(await refused.json()).toMatchObject({ type: "urn:image-playground:problem:restarting", title: "The playground is restarting" });
  const during = await health(stopPort);
  expect(during.status).toBe(503);
  expect(during.body.status).toBe("stopping");

  await release(prompt);
  const answered = await slow;
  expect(answered.status).toBe(200);
  expect(await answered.text()).toContain("b64_json");
  expect(await instance.exited).toBe(0);
  expect(instance.output()).toContain("stopped.");
});

test("/api/health on PostgreSQL: up, then down when the server stops mid-test, never showing its URL", async () => {
  const postgres = await startPostgres();
  try {
    instance = await startInstance("lifecycle-postgres", postgresPort, { DATABASE_URL: postgres.url }, { productionStart: true });
    await expect.poll(async () => (await health(postgresPort)).status, READY).toBe(200);
    const up = await health(postgresPort);
    expect(up.body).toEqual({ status: "ok", demo: "on", service: "none", database: { kind: "postgresql", state: "up" } });

    postgres.stop();
    const down = await health(postgresPort);
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ status: "database-down", demo: "on", service: "none", database: { kind: "postgresql", state: "down" } });
    expect(down.text).not.toContain(new URL(postgres.url).port);

    // Generating does not need the database.
    const generated = await fetch(`${instance.url}/api/generate`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: instance.url, "sec-fetch-site": "same-origin" },
      body: JSON.stringify({ model: "demo-pixel", prompt: "a lighthouse", aspect_ratio: "1:1" }),
    });
    expect(generated.status).toBe(200);
  } finally {
    postgres.stop();
  }
});

test("a grid running while the server stops: cells under way finish, the next one fails as restarting, and reruns once it is back", async ({
  page,
}) => {
  const id = Date.now().toString(36);
  const env = {
    ...dataDir("lifecycle-grid"),
    IMAGE_API_BASE_URL: E2E.fakeUrl,
    IMAGE_API_KEY: E2E.fakeKey,
    IMAGE_MODELS: "fake-held",
    PLAYGROUND_GRID_CONCURRENCY: "2",
  };
  instance = await startInstance("lifecycle-grid", gridPort, env, { productionStart: true });
  await expect.poll(async () => (await health(gridPort)).body.status, READY).toBe("ok");
  await openPlayground(page, instance.url);
  await page.getByRole("tab", { name: "Grid" }).click();
  await page.getByLabel("Prompt variants").fill(`restart {a|b|c} ${id}`);
  await page.getByLabel("Models", { exact: true }).fill("fake-held");
  await page.getByLabel("Aspect ratios", { exact: true }).fill("1:1");
  await page.getByRole("button", { name: "Run grid" }).click();
  await expect.poll(() => serviceHas(`restart a ${id}`), REACHES_THE_SERVICE).toBe(true);
  await expect.poll(() => serviceHas(`restart b ${id}`), REACHES_THE_SERVICE).toBe(true);

  instance.child.kill("SIGTERM");
  await expect.poll(() => instance?.output() ?? "", REACHES_THE_SERVICE).toContain("SIGTERM received");
  // The first cell finishes; the grid starts the third, which the stopping server turns away.
  await release(`restart a ${id}`);
  const cell = (letter: string) => page.getByRole("figure", { name: `restart ${letter} ${id} · fake-held · 1:1` });
  await expect(cell("a")).toHaveAttribute("data-status", "image");
  await expect(cell("c")).toHaveAttribute("data-status", "problem");
  await expect(cell("c").getByRole("alert")).toContainText("The playground is restarting");
  await release(`restart b ${id}`);
  await expect(cell("b")).toHaveAttribute("data-status", "image");
  expect(await instance.exited).toBe(0);

  // Back up (a new process on the same address): the failed cell reruns.
  instance = await startInstance("lifecycle-grid-again", gridPort, env, { productionStart: true });
  await cell("c")
    .getByRole("button", { name: `Rerun restart c ${id} · fake-held · 1:1` })
    .click();
  await expect
    .poll(async () => (await serviceHas(`restart c ${id}`)) && (await release(`restart c ${id}`)).ok, REACHES_THE_SERVICE)
    .toBe(true);
  await expect(cell("c")).toHaveAttribute("data-status", "image");
});
