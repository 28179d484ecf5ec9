// The baseline: a bare node:http server. It answers a hello world, or, with BODY_FILE, that
// file's bytes with CONTENT_TYPE and CONTENT_ENCODING: the least any server does to send
// the same answer as a page of the product (bench/api.mjs).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const file = process.env.BODY_FILE;
const body = file ? readFileSync(file) : Buffer.from(JSON.stringify({ hello: 'world' }));
const headers = {
  'content-type': process.env.CONTENT_TYPE ?? 'application/json',
  'content-length': body.length,
  ...(process.env.CONTENT_ENCODING && { 'content-encoding': process.env.CONTENT_ENCODING }),
};
createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
