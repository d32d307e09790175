import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

const continueOwed = new WeakSet<IncomingMessage>();

/**
 * `Expect: 100-continue` answered only once the body is wanted. Node sends `100 Continue` as soon as the headers
 * arrive, so a client announcing a 10 MB body was invited to send it, then answered 413 and cut off mid-upload:
 * it saw a broken pipe or a reset instead of the 413. Here the request goes to the app uninvited; the invitation
 * is sent when the body parser starts reading (the stream's `resume`), which it does only after authentication and
 * after the Content-Length has passed the route's body limit. An answer given before that (401, 413, 415, ...)
 * is final: the client keeps its body and the connection is closed, since the body's fate on it is unknown.
 */
export function answerContinueWhenBodyIsRead(app: FastifyInstance): void {
  app.server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
    continueOwed.add(request);
    request.once('resume', () => {
      // The resume that Node itself does after an answer, to discard an unread body, invites nothing.
      if (response.headersSent || !continueOwed.delete(request)) return;
      response.writeContinue();
    });
    app.server.emit('request', request, response);
  });
  app.addHook('onSend', async (request, reply) => {
    if (continueOwed.has(request.raw)) void reply.header('connection', 'close');
  });
}
