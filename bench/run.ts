/** `npm run bench`: every benchmark, printed as figures and ratios against a baseline run here. */
import { ensureWebBuild } from '../scripts/web-build.ts';
import { benchApiLatency } from './api-latency.bench.ts';
import { benchFirstMockup } from './first-mockup.bench.ts';
import { benchListings } from './listings.bench.ts';
import { benchOrders } from './orders.bench.ts';
import { benchRecovery } from './recovery.bench.ts';
import { benchSignIn } from './sign-in.bench.ts';
import { benchStartup } from './startup.bench.ts';
import { benchStorage } from './storage.bench.ts';
import { benchUpload } from './upload.bench.ts';

ensureWebBuild(); // start-up is measured with the web app already built
await benchStartup();
await benchSignIn();
await benchUpload();
await benchFirstMockup();
await benchListings();
await benchOrders();
await benchStorage();
await benchRecovery();
await benchApiLatency();
