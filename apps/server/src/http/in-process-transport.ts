import type { Transport } from '@clinic/device-simulator';
import type { FastifyInstance } from 'fastify';

/** The device simulator's requests answered by this app in-process, before it listens. */
export function inProcessTransport(app: FastifyInstance): Transport {
  return {
    async post(path, body, token) {
      const response = await app.inject({
        method: 'POST',
        url: `/api${path}`,
        headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
        payload: JSON.stringify(body),
      });
      return { status: response.statusCode, body: response.json<unknown>() };
    },
  };
}
