import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a fake answers: a status and a JSON body. */
export type FakeAnswer = { status: number; body: unknown };

/** A third-party service's stand-in on loopback, and how a test makes it misbehave. */
export interface FakeService {
  url: string;
  /** Answer every request with this status and the service's error body (null: normally). */
  failWith(status: number | null): void;
  /** Hold every request without answering (a hung service) until turned off. */
  hang(on: boolean): void;
  close(): Promise<void>;
}

/**
 * A JSON service on 127.0.0.1 for the adapters' tests (yente, Ideal Postcodes): `answer` records
 * each request and says what the real service would answer; `failWith` and `hang` stand in for
 * the service failing or hanging, whatever was asked.
 */
export async function startFakeService(options: {
  answer(request: IncomingMessage, url: URL, body: string): FakeAnswer;
  /** The body the service sends with a failure status. */
  failure(status: number): unknown;
}): Promise<FakeService> {
  let failure: number | null = null;
  let hanging = false;
  const held = new Set<ServerResponse>();
  const send = (response: ServerResponse, { status, body }: FakeAnswer) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const server = createServer((request, response) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const answer = options.answer(request, url, Buffer.concat(chunks).toString('utf8'));
      if (hanging) held.add(response);
      else if (failure !== null)
        send(response, { status: failure, body: options.failure(failure) });
      else send(response, answer);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const release = () => {
    for (const response of held) response.destroy();
    held.clear();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    failWith(status) {
      failure = status;
    },
    hang(on) {
      hanging = on;
      if (!on) release();
    },
    async close() {
      release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
