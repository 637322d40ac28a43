/**
 * The floor the throughput bench compares the product with (bench/throughput.ts): Fastify and
 * `pg` doing the least each call needs, in a process of its own as the product is. Prints its
 * port once listening.
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
app.get('/api/site-settings/invite_mode', async () => ({
  ok: true,
  key: 'invite_mode',
  value: { enabled: false },
}));
app.post('/api/contact', async (request) => {
  const body = request.body as { name: string; email: string; message: string };
  const { rows } = await pool.query<{ id: string }>(
    'insert into contact_messages (name, email, message) values ($1, $2, $3) returning id',
    [body.name, body.email, body.message],
  );
  return { ok: true, id: rows[0]!.id };
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
process.once('SIGTERM', () => {
  void app.close().then(() => pool.end());
});
