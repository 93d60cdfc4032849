import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

/** A file shipped in assets/embed/, with a version taken from its bytes. */
export interface EmbedAsset {
  body: Buffer;
  type: string;
  /** The first characters of its SHA-256: a changed file gets a new URL. */
  version: string;
}

/** The loader, and the widget pages' stylesheet and script. */
export interface EmbedAssets {
  /** Served at `/embed.js` under a stable URL (club pages keep pasting it). */
  loader: EmbedAsset;
  /** Served under versioned URLs, by file name. */
  pages: Readonly<Record<string, EmbedAsset>>;
  url(file: 'embed.css' | 'widget.js'): string;
}

export const ASSETS_PATH = '/embed/assets';

const JAVASCRIPT = 'text/javascript; charset=utf-8';

/** Where the loader's table of frame titles goes; the registry's widgets fill it. */
const LABELS_SLOT = '{/* labels */}';

function asset(body: Buffer, type: string): EmbedAsset {
  const version = createHash('sha256').update(body).digest('base64url').slice(0, 12);
  return { body, type, version };
}

async function read(file: string): Promise<Buffer> {
  return readFile(new URL(`../../../assets/embed/${file}`, import.meta.url));
}

/**
 * Reads the files once, when the embed routes register; the loader gets each widget's
 * label by its name, so a widget is listed in one place only.
 */
export async function loadEmbedAssets(
  labels: Readonly<Record<string, string>>,
): Promise<EmbedAssets> {
  const loaderSource = (await read('embed.js')).toString('utf8');
  if (!loaderSource.includes(LABELS_SLOT)) {
    throw new Error(`assets/embed/embed.js has no ${LABELS_SLOT} for the widgets' labels`);
  }
  const loader = asset(
    Buffer.from(loaderSource.replace(LABELS_SLOT, JSON.stringify(labels))),
    JAVASCRIPT,
  );
  const pages: Record<string, EmbedAsset> = {
    'embed.css': asset(await read('embed.css'), 'text/css; charset=utf-8'),
    'widget.js': asset(await read('widget.js'), JAVASCRIPT),
  };
  return {
    loader,
    pages,
    url: (file) => `${ASSETS_PATH}/${file}?v=${pages[file]?.version ?? ''}`,
  };
}
