/** Process entry. Node's compile cache first (it roughly halves module loading on later starts). */
import module from 'node:module';
import v8 from 'node:v8';

module.enableCompileCache?.();
// V8 sets the old generation's next limit from how fast it grew. This heap holds about 80 MB of
// modules and grows slowly, so its limit ends barely above the young generation's size: the whole
// heap was then marked four times a second during a mockup run (a sixth of the run's CPU, see
// docs/decisions.md). A fixed factor lets it double before the next full collection.
v8.setFlagsFromString('--heap-growing-percent=100');
const { runServer } = await import('./server.ts');

runServer().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
