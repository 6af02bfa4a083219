// `npm start`: install if needed, build, then run the whole system (see tools/launcher).
import { ensurePinnedNode, build } from './ensure-node.mjs';

ensurePinnedNode(new URL(import.meta.url).pathname);
console.log('Building...');
build();
const { main } = await import('../tools/launcher/dist/index.js');
await main();
