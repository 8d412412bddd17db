/**
 * Fills the playground's history (IndexedDB, layout version 2) with many runs, the way a designer's
 * browser looks after months of work: for the e2e suite and the benchmark. `seedHistoryInPage`
 * runs inside the page (Playwright's `page.evaluate`), so it uses nothing from outside itself.
 * The page must have opened history once (so the database exists at version 2) before seeding.
 *
 * Run `i` (0 = oldest) has the prompt "… study i", so a search for "study 5000" finds exactly one.
 */

export type SeedOptions = {
  count: number;
  /** createdAt of the newest run; older runs are `spacingMs` apart. */
  newestAt: number;
  spacingMs: number;
  models: string[];
  ratios: string[];
};

export type SeedResult = { count: number; bytes: number };

export async function seedHistoryInPage(options: SeedOptions): Promise<SeedResult> {
  const subjects = ["a red fox in snow", "a lighthouse at dusk", "a bowl of ramen", "a glass teapot", "an old tram", "a koi pond"];
  const styles = ["watercolor", "studio photo", "isometric", "charcoal sketch", "cinematic", "flat vector"];
  const colours = ["#c2410c", "#0369a1", "#15803d", "#7e22ce", "#be123c", "#a16207"];

  // No named helpers in here: bundlers that keep function names wrap them in a call the page lacks.
  const pictures = await Promise.all(
    [56, 64].flatMap((size) =>
      colours.map(async (colour) => {
        const canvas = new OffscreenCanvas(size, size);
        const context = canvas.getContext("2d");
        if (!context) throw new Error("no 2d context");
        context.fillStyle = colour;
        context.fillRect(0, 0, size, size);
        context.fillStyle = "#ffffff";
        context.fillRect(size / 4, size / 4, size / 2, size / 2);
        return canvas.convertToBlob({ type: "image/png" });
      }),
    ),
  );
  const thumbnails = pictures.slice(0, colours.length);
  const answers = await Promise.all(
    pictures.slice(colours.length).map(async (picture) => {
      const bytes = new Uint8Array(await picture.arrayBuffer());
      let binary = "";
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return new Blob([JSON.stringify({ created: 1, data: [{ b64_json: btoa(binary) }] })], { type: "application/json" });
    }),
  );

  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open("image-playground");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  if (db.version !== 2) throw new Error(`history is at version ${db.version}, not 2: open the playground once first`);

  const transaction = db.transaction(["summaries", "outcomes", "thumbnails", "meta"], "readwrite");
  const meta = await new Promise<{ count: number; bytes: number } | undefined>((resolve, reject) => {
    const request = transaction.objectStore("meta").get("totals");
    request.onsuccess = () => resolve(request.result as { count: number; bytes: number } | undefined);
    request.onerror = () => reject(request.error);
  });
  const totals = { count: meta?.count ?? 0, bytes: meta?.bytes ?? 0 };
  for (let index = 0; index < options.count; index += 1) {
    const id = `seed-${String(index).padStart(6, "0")}`;
    const createdAt = options.newestAt - (options.count - 1 - index) * options.spacingMs;
    const variant = index % colours.length;
    const model = options.models[index % options.models.length] ?? "seed-model";
    const ratio = options.ratios[index % options.ratios.length] ?? "1:1";
    const prompt = `${subjects[index % subjects.length]}, ${styles[Math.floor(index / subjects.length) % styles.length]}, study ${index}`;
    const failed = index % 17 === 16;
    const sizeBytes = 1024 + (thumbnails[variant]?.size ?? 0) + (failed ? 0 : (answers[variant]?.size ?? 0));
    const url = "https://images.example/v1/images/generations";
    transaction.objectStore("summaries").put({
      id,
      createdAt,
      request: { model, prompt, aspect_ratio: ratio },
      status: failed ? "service-error" : "succeeded",
      statusText: failed ? "503 Service Unavailable" : "200 OK",
      durationMs: 800 + (index % 9) * 150,
      serviceUrl: url,
      imageCount: failed ? 0 : 1,
      starred: false,
      sizeBytes,
      warnings: [],
      thumbnailUrl: null,
      hasThumbnail: !failed,
    });
    const exchange = {
      requestId: `req-${id}`,
      status: failed ? 503 : 200,
      statusText: failed ? "Service Unavailable" : "OK",
      contentType: "application/json",
      url,
      urlsTried: [url],
      keyHint: "sk-…seed",
      headersMs: 700,
      totalMs: 800,
      serviceRequestId: "",
      retryAfter: "",
      location: "",
    };
    const body = failed ? new Blob(['{"error":{"message":"overloaded"}}'], { type: "application/json" }) : answers[variant];
    transaction.objectStore("outcomes").put({ id, outcome: { kind: "service", exchange, body, packed: [], remote: [] } });
    if (!failed) transaction.objectStore("thumbnails").put({ id, blob: thumbnails[variant] });
    totals.count += 1;
    totals.bytes += sizeBytes;
  }
  transaction.objectStore("meta").put(totals, "totals");
  await new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new Error("seeding aborted"));
  });
  db.close();
  return totals;
}
