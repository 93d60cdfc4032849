import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** A file shipped in assets/embed/, with a version taken from its bytes. */
export interface EmbedAsset {
  body: Buffer;
  type: string;
  /** The first characters of its SHA-256: a changed file gets a new URL. */
  version: string;
}

function load(file: string, type: string): EmbedAsset {
  const body = readFileSync(new URL(`../../../assets/embed/${file}`, import.meta.url));
  const version = createHash('sha256').update(body).digest('base64url').slice(0, 12);
  return { body, type, version };
}

const JAVASCRIPT = 'text/javascript; charset=utf-8';

/** The loader, served at `/embed.js` under a stable URL (club pages keep pasting it). */
export const LOADER = load('embed.js', JAVASCRIPT);

/** The widget pages' stylesheet and script, under versioned URLs. */
export const PAGE_ASSETS: Readonly<Record<string, EmbedAsset>> = {
  'embed.css': load('embed.css', 'text/css; charset=utf-8'),
  'widget.js': load('widget.js', JAVASCRIPT),
};

export const ASSETS_PATH = '/embed/assets';

export function assetUrl(file: 'embed.css' | 'widget.js'): string {
  return `${ASSETS_PATH}/${file}?v=${PAGE_ASSETS[file]?.version ?? ''}`;
}
