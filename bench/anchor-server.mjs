// The anchor: a bare Node http server answering GET /pk?id=N with one row read by primary key through a
// node-postgres Pool (10 connections, as the app's pool), as JSON. Whatever the machine's speed or load
// at the moment, the app's figures are divided by what this does in the same run.
//   DATABASE_URL=… PORT=… ANCHOR_TABLE=students node bench/anchor-server.mjs
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const table = process.env.ANCHOR_TABLE ?? 'students';
if (!/^[a-z_]+$/.test(table)) throw new Error('ANCHOR_TABLE: a plain table name');
const text = `select id, login_id, name, name_kana from ${table} where id = $1`;

const server = http.createServer(async (req, res) => {
  const id = Number(new URL(req.url, 'http://x').searchParams.get('id'));
  try {
    const { rows } = await pool.query(text, [id]);
    const body = JSON.stringify(rows[0] ?? null);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  } catch (err) {
    res.writeHead(500).end(String(err.message));
  }
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
