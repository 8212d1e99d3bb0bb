#!/usr/bin/env node
// Verifies a downloaded lottery record (抽選記録 → JSON) without the app: `npm run lottery:verify -- record.json`.
// An independent re-implementation of manabi-lottery-v1 (docs/decisions/015-intake-cycle.md), node:crypto only:
//   seed_hash = SHA-256(seed bytes); pool_hash = SHA-256 of `application_id:tier` lines by ascending id;
//   key = HMAC-SHA256(seed bytes, application id as text); order = tier, then key, then id;
//   the first min(win_num, pool) win (2), the rest wait (5, rank after rank_offset) or lose (3).
// Exit 0 when every check holds, 1 when one fails, 2 when the file cannot be read.
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('使い方: npm run lottery:verify -- 抽選記録.json');
  process.exit(2);
}
let record;
try {
  record = JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
} catch (error) {
  console.error(`抽選記録を読めませんでした: ${error.message}`);
  process.exit(2);
}

const sha256 = (data) => createHash('sha256').update(data).digest('hex');
const entries = Array.isArray(record.entries) ? record.entries : [];
const pool = entries.map((e) => ({ id: Number(e.application_id), tier: Number(e.tier) }));
const poolText = [...pool]
  .sort((a, b) => a.id - b.id)
  .map((m) => `${m.id}:${m.tier}`)
  .join('\n');
const seedOk =
  /^[0-9a-f]{64}$/.test(record.seed ?? '') && sha256(Buffer.from(record.seed, 'hex')) === record.seed_hash;
const poolOk = sha256(poolText) === record.pool_hash;
let orderOk = false;
if (seedOk) {
  const key = (id) => createHmac('sha256', Buffer.from(record.seed, 'hex')).update(String(id)).digest('hex');
  const order = pool
    .map((m) => ({ ...m, key: key(m.id) }))
    .sort((a, b) => a.tier - b.tier || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) || a.id - b.id);
  const wins = Math.min(Number(record.win_num), order.length);
  const recorded = [...entries].sort((a, b) => a.place - b.place);
  orderOk =
    order.length === recorded.length &&
    order.every((m, i) => {
      const r = recorded[i];
      const outcome = i < wins ? '2' : record.waitlist ? '5' : '3';
      const rank = outcome === '5' ? Number(record.rank_offset) + i - wins + 1 : null;
      return (
        Number(r.application_id) === m.id &&
        r.key === m.key &&
        r.place === i + 1 &&
        r.outcome === outcome &&
        (r.waitlist_rank ?? null) === rank
      );
    });
}
const checks = [
  [record.algorithm === 'manabi-lottery-v1', `抽選方式: ${record.algorithm}`],
  [seedOk, '乱数（シード）が記録したハッシュ値と一致する'],
  [poolOk, '対象者（申込IDと優先区分）が記録したハッシュ値と一致する'],
  [orderOk, '計算し直した順位・結果が記録と一致する'],
];
for (const [ok, label] of checks) console.log(`${ok ? '○' : '×'} ${label}`);
const match = checks.every(([ok]) => ok);
console.log(match ? '結果: 一致しました（この抽選は記録どおりです）' : '結果: 一致しませんでした');
process.exit(match ? 0 : 1);
