// CONNECT through the same listener as every other method. node:http does not emit 'request' for
// CONNECT: it emits 'connect' with the bare socket and, when nobody listens, drops the connection
// unanswered. This answers it like any other request (so the core's 405 with the envelope and
// `Allow`, after the limits), then closes the connection, since what follows a CONNECT on the
// wire is no longer HTTP for node's parser.

import { ServerResponse, type IncomingMessage, type Server } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";

export function answerConnectAsRequest(server: Server, listener: (request: IncomingMessage, response: ServerResponse) => void): void {
  server.on("connect", (request: IncomingMessage, stream: Duplex) => {
    const socket = stream as Socket;
    // node:http stops watching a socket it hands over: a reset by the client is ours to absorb.
    socket.on("error", () => socket.destroy());
    afterPendingResponses(socket, () => {
      const response = new ServerResponse(request);
      response.shouldKeepAlive = false;
      response.assignSocket(socket);
      response.on("finish", () => {
        response.detachSocket(socket);
        socket.destroySoon();
      });
      listener(request, response);
    });
  });
}

/**
 * Runs `then` once the answers to requests pipelined before the CONNECT are written: answering
 * first would put its bytes before theirs. node:http keeps the response writing to a socket in
 * `_httpMessage` and hands the socket to the next queued response when it finishes.
 */
function afterPendingResponses(socket: Socket, then: () => void): void {
  if (socket.destroyed) return;
  const pending = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (pending === undefined || pending === null) return then();
  let waited = false;
  const next = () => {
    if (waited) return;
    waited = true;
    afterPendingResponses(socket, then);
  };
  pending.once("finish", next);
  pending.once("close", next);
}
