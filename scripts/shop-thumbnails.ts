/**
 * Draws the shop's thumbnails (public/shop/items/<thumbnail>) from the static catalogue:
 * one small SVG per item, the category's silhouette in the item's colour with its name.
 * Run after editing catalogue/*.json:  npx tsx scripts/shop-thumbnails.ts
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface Entry {
  ID: number;
  Name: string;
  ItemType: number;
  Color: string;
  thumbnail: string;
}

const OUT = 'public/shop/items';

const silhouettes: Record<number, (color: string) => string> = {
  0: (c) =>
    `<path d="M30 90 L60 45 L100 45 L130 90 M60 45 L80 90 L100 45 M55 35 L70 35" stroke="${c}" stroke-width="7" fill="none" stroke-linecap="round"/><circle cx="30" cy="90" r="22" stroke="#334155" stroke-width="4" fill="none"/><circle cx="130" cy="90" r="22" stroke="#334155" stroke-width="4" fill="none"/>`,
  1: (c) =>
    `<circle cx="80" cy="70" r="45" stroke="${c}" stroke-width="10" fill="none"/><circle cx="80" cy="70" r="6" fill="${c}"/>${[0, 30, 60, 90, 120, 150].map((a) => `<line x1="80" y1="70" x2="${80 + 40 * Math.cos((a * Math.PI) / 180)}" y2="${70 + 40 * Math.sin((a * Math.PI) / 180)}" stroke="#475569" stroke-width="2"/>`).join('')}`,
  2: (c) => `<path d="M30 90 Q30 30 85 30 Q135 30 135 85 L120 95 Z" fill="${c}" stroke="#1e293b" stroke-width="3"/>`,
  3: (c) =>
    `<path d="M55 110 L55 60 Q55 50 62 50 L62 30 Q68 24 72 30 L72 50 L78 28 Q84 22 88 28 L86 52 L94 32 Q100 28 103 34 L98 60 L108 50 Q114 48 114 56 L100 110 Z" fill="${c}" stroke="#1e293b" stroke-width="3"/>`,
  5: (c) =>
    `<rect x="25" y="50" width="50" height="30" rx="12" fill="${c}" stroke="#1e293b" stroke-width="3"/><rect x="85" y="50" width="50" height="30" rx="12" fill="${c}" stroke="#1e293b" stroke-width="3"/><path d="M75 60 Q80 54 85 60" stroke="#1e293b" stroke-width="3" fill="none"/>`,
  8: (c) => `<path d="M50 25 L110 25 L140 50 L125 65 L112 55 L112 115 L48 115 L48 55 L35 65 L20 50 Z" fill="${c}" stroke="#1e293b" stroke-width="3"/>`,
  10: (c) => `<path d="M65 20 L95 20 L95 85 L120 95 Q130 110 115 115 L70 115 Q60 110 65 95 Z" fill="${c}" stroke="#1e293b" stroke-width="3"/>`,
  11: (c) => `<path d="M20 90 L30 60 L70 60 L95 75 L140 82 Q145 95 135 100 L25 100 Z" fill="${c}" stroke="#1e293b" stroke-width="3"/>`,
  6: (c) => `<circle cx="80" cy="75" r="35" fill="#f5d0a9"/><path d="M45 70 Q80 20 115 70 Q80 45 45 70" fill="${c}"/>`,
  7: (c) => `<circle cx="80" cy="65" r="35" fill="#f5d0a9"/><path d="M50 75 Q80 120 110 75 Q80 95 50 75" fill="${c}"/>`,
};

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function draw(entry: Entry): string {
  const shape = silhouettes[entry.ItemType] ?? silhouettes[8];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 150" width="160" height="150" role="img" aria-label="${escapeXml(entry.Name)}"><rect width="160" height="150" rx="10" fill="#f1f5f9"/>${shape(entry.Color)}<text x="80" y="140" font-family="sans-serif" font-size="12" text-anchor="middle" fill="#0f172a">${escapeXml(entry.Name)}</text></svg>\n`;
}

function catalogueFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const full = path.join(dir, item.name);
    if (item.isDirectory()) return item.name === 'economy' ? [] : catalogueFiles(full);
    return item.name.endsWith('.json') ? [full] : [];
  });
}

mkdirSync(OUT, { recursive: true });
let count = 0;
for (const file of catalogueFiles('catalogue')) {
  for (const entry of JSON.parse(readFileSync(file, 'utf8')) as Entry[]) {
    if (!entry.thumbnail) continue;
    writeFileSync(path.join(OUT, entry.thumbnail), draw(entry));
    count++;
  }
}
writeFileSync(
  'public/shop/placeholder.svg',
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 150" width="160" height="150" role="img" aria-label="No image"><rect width="160" height="150" rx="10" fill="#e2e8f0"/><path d="M50 100 L75 65 L95 90 L105 78 L125 100 Z" fill="#94a3b8"/><circle cx="110" cy="55" r="10" fill="#94a3b8"/></svg>\n',
);
console.log(`${count} thumbnails in ${OUT}`);
