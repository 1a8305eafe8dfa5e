import sharp from 'sharp';
import { startPrintifySandbox } from '../packages/sandbox/src/printify-sandbox.ts';
import { premiumSeller, startServer } from './server-process.ts';

const designCount = 100;

/** Distinct transparent designs of 1200x1440 (about what a seller's print file weighs, scaled down). */
function designs(): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: designCount }, (_, i) => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1440">
        <circle cx="600" cy="620" r="${300 + (i % 200)}" fill="hsl(${(i * 37) % 360},70%,50%)"/>
        <text x="600" y="1300" font-size="160" text-anchor="middle" font-family="sans-serif">DESIGN ${i}</text></svg>`;
      return sharp(Buffer.from(svg)).png().toBuffer();
    }),
  );
}

/**
 * A 100-design Printify run against the sandbox with no injected faults: from the call to the run
 * ending, and the requests it made per design. The baseline, in the same process: the least any
 * client must send, one upload and one create per design, one at a time, straight to the sandbox.
 */
export async function benchListings(): Promise<void> {
  const files = await designs();
  const printify = await startPrintifySandbox({ publishDelayMs: 0, fetchesLocalUrls: true });
  const server = await startServer(['apps/server/src/main.ts'], {
    RATE_LIMIT_PER_MINUTE: '100000',
    PRINTIFY_BASE_URL: printify.url,
  });
  try {
    const authorization = await premiumSeller(server, 'bench-listings@example.com');
    const json = { 'content-type': 'application/json', authorization };
    const call = async <T>(url: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${server.url}${url}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: json,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<T>;
    };
    const { workspace_id } = await call<{ workspace_id: string }>('/workspace/create_workspace/', {
      workspace_name: 'Bench listings',
    });
    const form = new FormData();
    form.append('workspace_id', workspace_id);
    files.forEach((file, i) => form.append('files', new Blob([new Uint8Array(file)]), `design-${i}.png`));
    await fetch(`${server.url}/workspace/upload_designs/`, {
      method: 'POST',
      headers: { authorization },
      body: form,
    });
    const shop = printify.shops[0]!;
    await call('/printify_app/save_printify_template/', {
      workspace_id,
      shop_id: shop.id,
      apiKey: printify.token,
      printify_product_id: printify.templateProductId,
    });

    printify.requests.length = 0;
    let started = performance.now();
    await call('/printify_app/create_printify_listings_v2/', { workspace_id });
    let run: { status: string; created: number; failed: number };
    do {
      await new Promise((resolve) => setTimeout(resolve, 50));
      ({ run } = await call<{ run: typeof run }>(
        `/listings_app/listing_run/?workspace_id=${workspace_id}&provider=printify`,
      ));
    } while (run.status === 'Pending' || run.status === 'In Progress');
    const podflowMs = performance.now() - started;
    const requests = printify.requests.length;

    // The baseline: upload + create per design, sequential, no checks.
    const template = printify.products.get(printify.templateProductId)!;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${printify.token}` };
    started = performance.now();
    for (const [i, file] of files.entries()) {
      const upload = (await (
        await fetch(`${printify.url}/v1/uploads/images.json`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ file_name: `baseline-${i}.png`, contents: file.toString('base64') }),
        })
      ).json()) as { id: string };
      const placeholders = template.print_areas[0]!.placeholders.map((p) => ({
        position: p.position,
        images: p.images.map((image) => ({ ...image, id: upload.id })),
      }));
      await fetch(`${printify.url}/v1/shops/${shop.id}/products.json`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          title: `Baseline ${i}`,
          description: 'Baseline',
          blueprint_id: template.blueprint_id,
          print_provider_id: template.print_provider_id,
          variants: template.variants
            .filter((v) => v.is_enabled)
            .map((v) => ({ id: v.id, price: v.price, is_enabled: true })),
          print_areas: template.print_areas.map((area) => ({ variant_ids: area.variant_ids, placeholders })),
        }),
      });
    }
    const baselineMs = performance.now() - started;

    console.log(`\nPrintify listings: ${designCount} designs against the sandbox, no injected faults`);
    console.log(
      `  PodFlow run (call to run ended)   ${(podflowMs / 1000).toFixed(2)} s  ${(podflowMs / designCount).toFixed(0)} ms/design  created ${run.created}, failed ${run.failed}`,
    );
    console.log(
      `  requests to Printify              ${requests}  ${(requests / designCount).toFixed(2)} per design (the least: 2, upload + create)`,
    );
    console.log(
      `  baseline: upload + create per design, one at a time  ${(baselineMs / 1000).toFixed(2)} s  PodFlow/baseline ${(podflowMs / baselineMs).toFixed(2)}x`,
    );
  } finally {
    await server.stop();
    await printify.close();
  }
}
