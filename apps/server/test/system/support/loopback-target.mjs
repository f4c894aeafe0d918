// A plain HTTP target started inside a network namespace: answers every request on that
// namespace's 127.0.0.1:<port> with 200 and the label it was given, so a result that is up can
// only come from a checker inside the same namespace.
import { createServer } from "node:http";

const [port, label] = process.argv.slice(2);
const server = createServer((_request, response) => {
  response.writeHead(200, { "content-type": "text/plain" });
  response.end(`${label}\n`);
});
server.listen(Number(port), "127.0.0.1", () => console.log(`listening on ${port}`));
