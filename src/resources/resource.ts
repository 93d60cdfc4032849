import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import type { Executor } from '../db/executor.js';
import type { App, AppContext } from '../http/context.js';
import type { Edge } from '../http/edge/edge.js';
import type { Widget } from '../http/embed/parts.js';
import type { LiveHub } from '../live/hub.js';

/** The shared machinery routes may use: the edge and the one live hub of the instance. */
export interface Platform {
  edge: Edge;
  live: LiveHub;
}

/** A plugin of routes, built from what the process holds. */
export type Routes = (context: AppContext, platform: Platform) => (app: App) => Promise<void>;

/** An OpenAPI tag: one per resource and API, in the order of the registry. */
export interface OpenApiTag {
  name: string;
  description: string;
}

/** A resource's part of one API: its routes and the tag its operations carry. */
export interface ApiPart {
  tag: OpenApiTag;
  routes: Routes;
}

/**
 * What the app needs of one resource (`src/resources/<name>/`). The registry
 * (`src/resources/index.ts`) lists them; the public and admin plugins, the site routes, the
 * widget table, the gallery, the loader's labels, the OpenAPI tags and the leak crawl all read
 * it, so a new resource is one folder and one registry line.
 */
export interface Resource {
  /** The folder's name. */
  name: string;
  /** Routes under the public API's base path. */
  public?: ApiPart;
  /** Routes under the admin API's base path, behind its guard. */
  admin?: ApiPart;
  /** Routes outside both APIs (files such as crests). */
  site?: Routes;
  widgets?: readonly Widget[];
  /**
   * Work the resource does while the app runs, such as rebuilding what a change made outside
   * the API left stale; it may add its metrics to the app's `registry`. Returns what stops it
   * (when the app closes).
   */
  background?: (context: AppContext, log: FastifyBaseLogger, registry: Registry) => () => void;
  /**
   * Every public URL of the org's data this resource serves, for the leak crawl; ids are read
   * from the database as it is.
   */
  crawl?: (db: Executor, orgSlug: string) => Promise<string[]>;
}
