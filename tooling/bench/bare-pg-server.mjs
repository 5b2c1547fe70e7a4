// The bench's baseline (issue 7, section 4): a bare Fastify route doing one primary-key read
// through a pg pool, against the same database the bench server uses. Its own process, like
// the server, so the load generator in the bench process takes CPU from neither.
// `/bare/verify` adds what any balance payment must do: one check of a payment password as the
// server checks it (a keyed HMAC-SHA256 over a salt, decision 0063), the floor of `Pcb/Pay`.
// Env: DATABASE_URL, MEMBER_MOBILE (whose row is read). Prints {"port": n} once listening.
import { createHmac, timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { hashPin, paymentPasswordKey } from './pin-hash.mjs';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on('error', (err) => console.error('bare-pg-server: idle client error', err));

const byMobile = await pool.query('SELECT id FROM member WHERE mobile = $1', [
  process.env.MEMBER_MOBILE,
]);
const memberId = byMobile.rows[0]?.id;
if (memberId === undefined) throw new Error(`no member with mobile ${process.env.MEMBER_MOBILE}`);

const app = Fastify({ logger: false });
app.get('/bare/member', async () => {
  const { rows } = await pool.query(
    'SELECT id, mobile, user_name, real_name, company_name, member_type, status, points, balance FROM member WHERE id = $1',
    [memberId],
  );
  return { success: true, data: rows[0], message: '' };
});
const key = paymentPasswordKey();
const [salt, digest] = hashPin(key, '135790').split('$').slice(1);
app.get('/bare/verify', async () => {
  const actual = createHmac('sha256', key)
    .update(Buffer.from(salt, 'base64url'))
    .update('135790', 'utf8')
    .digest();
  if (!timingSafeEqual(actual, Buffer.from(digest, 'base64url')))
    throw new Error('the password did not verify');
  const { rows } = await pool.query('SELECT id, balance FROM member WHERE id = $1', [memberId]);
  return { success: true, data: rows[0], message: '' };
});
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ port: app.server.address().port }));

const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
