/** Process entry. Node's compile cache first (it roughly halves module loading on later starts). */
import module from 'node:module';

module.enableCompileCache?.();
const { runServer } = await import('./server.ts');

runServer().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
