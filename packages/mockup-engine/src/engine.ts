import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { Placement } from './geometry.ts';
import type {
  ImageSource,
  PreparedDesign,
  PreparedTemplate,
  RenderedMockup,
  RenderOptions,
} from './pipeline.ts';
import type { Task } from './worker.ts';

export type { Adjustment, Bounds, Cylinder, Occluder, Placement, Shading } from './geometry.ts';
export { magnification, quadInPixels, workingSide } from './geometry.ts';
export type {
  ImageSource,
  OutputFormat,
  PreparedDesign,
  PreparedTemplate,
  RenderedMockup,
  RenderOptions,
} from './pipeline.ts';
export { designCutOff, jpegSettings } from './pipeline.ts';

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The mockup engine: a pool of worker threads (one per core by default) that decodes each
 * template and each design once and then renders any pair. Pure: bytes in, bytes out.
 */
export class MockupEngine {
  readonly #threads: number;
  readonly #nice: number;
  #pool: Piscina | undefined;

  /**
   * The threads start with the first task, so a process that never renders never pays for them.
   * `nice` lowers their priority in the OS's scheduler (0 to 19; Linux and macOS).
   */
  constructor(options: { threads?: number; nice?: number } = {}) {
    this.#threads = options.threads ?? availableParallelism();
    this.#nice = options.nice ?? 0;
  }

  #run<T>(task: Task): Promise<T> {
    this.#pool ??= new Piscina({
      filename: new URL('./worker.ts', import.meta.url).href,
      minThreads: this.#threads,
      maxThreads: this.#threads,
      idleTimeout: 60_000,
      niceIncrement: this.#nice,
    });
    return this.#pool.run(task) as Promise<T>;
  }

  /**
   * Decodes a template and measures its shading; reuse the result for every design of a run.
   * A path is opened by the thread itself, so the file's bytes never pass through this one.
   */
  prepareTemplate(image: ImageSource, placement: Placement | null): Promise<PreparedTemplate> {
    return this.#run({ kind: 'template', image, placement });
  }

  /**
   * Decodes a design once, reduced so its longest side is at most `maxSide` (see workingSide);
   * reuse the result for every template of a run. A path is opened by the thread, as above.
   */
  prepareDesign(image: ImageSource, maxSide?: number): Promise<PreparedDesign> {
    return this.#run({ kind: 'design', image, maxSide });
  }

  /** Renders one mockup: the design warped into the template's print area, shaded and encoded. */
  async render(
    design: PreparedDesign,
    template: PreparedTemplate,
    options: Omit<RenderOptions, 'thumbnail'> = {},
  ): Promise<Buffer> {
    const bytes = await this.#run<Uint8Array>({ kind: 'render', design, template, options });
    return asBuffer(bytes);
  }

  /**
   * render, and the mockup's preview (a JPEG fitting in `side` pixels) made from the same pixels:
   * what a run stores, so the grid's previews are ready with the mockups.
   */
  async renderWithThumbnail(
    design: PreparedDesign,
    template: PreparedTemplate,
    side: number,
    options: Omit<RenderOptions, 'thumbnail'> = {},
  ): Promise<{ image: Buffer; thumbnail: Buffer }> {
    const rendered = await this.#run<RenderedMockup>({
      kind: 'render',
      design,
      template,
      options: { ...options, thumbnail: side },
    });
    return { image: asBuffer(rendered.image), thumbnail: asBuffer(rendered.thumbnail) };
  }

  /** One mockup from encoded files, nothing reused: for a single preview. */
  async renderOnce(
    design: Uint8Array,
    template: Uint8Array,
    placement: Placement | null,
    options: RenderOptions = {},
  ): Promise<Buffer> {
    // Two threads at once; the design is decoded only as large as this one print area needs.
    const [preparedTemplate, preparedDesign] = await Promise.all([
      this.prepareTemplate(template, placement),
      this.#run<PreparedDesign>({
        kind: 'designFor',
        image: design,
        template,
        placement,
        adjust: options.adjust,
      }),
    ]);
    return this.render(preparedDesign, preparedTemplate, options);
  }

  /** Tasks waiting for a thread (a caller can hold back when the queue is long). */
  get queued(): number {
    return this.#pool?.queueSize ?? 0;
  }

  /** Stops the threads. */
  async close(): Promise<void> {
    await this.#pool?.destroy();
    this.#pool = undefined;
  }
}
