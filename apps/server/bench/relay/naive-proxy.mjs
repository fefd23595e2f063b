// The baseline: a plain Node pass-through proxy, the practical floor for any Node relay.
// node naive-proxy.mjs <port> <upstream port>; it prints "ready <port>".
import http from 'node:http';

const [port, upstreamPort] = process.argv.slice(2).map(Number);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
const server = http.createServer((req, res) => {
  const upstream = http.request(
    { host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers: req.headers, agent },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  res.on('close', () => upstream.destroy());
  req.pipe(upstream);
});
server.listen(port, '127.0.0.1', () => console.log(`ready ${server.address().port}`));
