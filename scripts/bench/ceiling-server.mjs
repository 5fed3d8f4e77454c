// The benchmark's ceiling: node:http answering a short text to every request, on loopback.
// What the app reaches is read against what this reaches on the same machine in the same run.
import { createServer } from "node:http";

const body = "hello";
createServer((_request, response) => {
  response.writeHead(200, { "content-type": "text/plain", "content-length": body.length });
  response.end(body);
}).listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");
