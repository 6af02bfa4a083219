// The ceiling every row of `npm run bench` is compared with: a bare node:http server answering a fixed small JSON.
// The bench forks it as a process of its own, so it never shares the load generator's event loop; it sends its port
// over the IPC channel once listening, and stops when that channel closes.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const BODY = JSON.stringify({ status: 'ok', service: 'baseline' });

const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(BODY) });
  response.end(BODY);
});

server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
process.on('disconnect', () => server.close(() => process.exit(0)));
