/**
 * Merges translation keys into the web app's catalogues, so several people (or helpers) can add keys
 * to the same file without overwriting each other's work:
 *
 *   flock /tmp/eclat-i18n.lock node scripts/merge-translations.ts en keys-en.json
 *
 * The JSON file holds nested keys; they are deep-merged into apps/web/public/locales/<lang>/translation.json
 * (new keys added, existing leaf values replaced). Run it under `flock` when others may run it too.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

type Tree = { [key: string]: string | Tree };

function isTree(value: unknown): value is Tree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function merge(target: Tree, source: Tree, at: string): void {
  for (const [key, value] of Object.entries(source)) {
    const here = at ? `${at}.${key}` : key;
    const existing = target[key];
    if (isTree(value)) {
      if (existing !== undefined && !isTree(existing)) throw new Error(`${here} is a text, not a group`);
      const group: Tree = existing ?? {};
      target[key] = group;
      merge(group, value, here);
    } else if (typeof value === 'string') {
      if (isTree(existing)) throw new Error(`${here} is a group, not a text`);
      target[key] = value;
    } else {
      throw new Error(`${here}: only texts and groups are allowed`);
    }
  }
}

const [language, file] = process.argv.slice(2);
if (!language || !file) {
  console.error('usage: node scripts/merge-translations.ts <en|fr> <keys.json>');
  process.exit(2);
}
const catalogue = path.join(import.meta.dirname, '../apps/web/public/locales', language, 'translation.json');
const current: unknown = JSON.parse(readFileSync(catalogue, 'utf8'));
const additions: unknown = JSON.parse(readFileSync(file, 'utf8'));
if (!isTree(current) || !isTree(additions)) throw new Error('both files must hold a JSON object');
merge(current, additions, '');
const temporary = `${catalogue}.${process.pid}.tmp`;
writeFileSync(temporary, `${JSON.stringify(current, null, 2)}\n`);
renameSync(temporary, catalogue);
console.log(`merged ${file} into ${path.relative(process.cwd(), catalogue)}`);
