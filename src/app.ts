import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import { ADMIN_BASE_PATH, PUBLIC_BASE_PATH } from './http/base-paths.js';
import { adminRoutes } from './http/admin/index.js';
import type { App, AppContext } from './http/context.js';
import { createEdge } from './http/edge/edge.js';
import { embedRoutes } from './http/embed/index.js';
import { validatorCompiler } from './http/edge/validation.js';
import { createLog } from './http/log.js';
import { registerOpenApi } from './http/openapi.js';
import { opsRoutes } from './http/ops.js';
import { publicRoutes } from './http/public/index.js';
import { LiveHub } from './live/hub.js';
import { RESOURCES } from './resources/index.js';
import type { Platform } from './resources/resource.js';

export type { App, AppContext } from './http/context.js';

/** JSON bodies over this size are refused with 413. */
export const BODY_LIMIT_BYTES = 64 * 1024;

export interface BuildOptions {
  /** `false` silences the log whatever the configured level. */
  logger?: boolean;
  /** Where log lines go instead of stdout (one JSON object per line). */
  logStream?: { write(line: string): void };
  /**
   * What kept public answers may count as, in bytes, instead of `RESPONSE_CACHE_MAX_MB`: the
   * bench measures misses against a cache full with a few answers.
   */
  responseCacheMaxBytes?: number;
}

/** Builds the HTTP application on an open database; it never listens by itself. */
export async function buildApp(context: AppContext, options: BuildOptions = {}): Promise<App> {
  const log = createLog({
    level: context.config.logLevel,
    enabled: options.logger !== false,
    ...(options.logStream === undefined ? {} : { stream: options.logStream }),
  });
  const edge = await createEdge(context, log, {
    publicBasePath: PUBLIC_BASE_PATH,
    ...(options.responseCacheMaxBytes === undefined
      ? {}
      : { responseCacheMaxBytes: options.responseCacheMaxBytes }),
  });
  const app = Fastify({
    ...edge.serverOptions,
    loggerInstance: log,
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: false,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);

  const live = new LiveHub({
    version: context.database.version,
    maxStreams: context.config.maxStreams,
    streamsPerIp: context.config.streamsPerIp,
    registry: edge.metrics.registry,
    log,
    timing: context.streamTiming,
  });
  const stops = RESOURCES.flatMap(
    (resource) => resource.background?.(context, log, edge.metrics.registry) ?? [],
  );
  // Before the server stops taking connections and waits for the open ones.
  app.addHook('preClose', async () => {
    for (const stop of stops) stop();
    live.close();
  });
  const platform: Platform = { edge, live };

  await app.register(edge.plugin);
  const { adminToken } = context.config;
  await registerOpenApi(app, {
    public: PUBLIC_BASE_PATH,
    admin: adminToken === undefined ? undefined : ADMIN_BASE_PATH,
  });
  await app.register(opsRoutes(context, edge));
  for (const resource of RESOURCES) {
    if (resource.site !== undefined) await app.register(resource.site(context, platform));
  }
  await app.register(embedRoutes(context, edge));
  await app.register(publicRoutes(context, platform), { prefix: PUBLIC_BASE_PATH });
  if (adminToken !== undefined) {
    await app.register(adminRoutes(context, platform, adminToken), { prefix: ADMIN_BASE_PATH });
  }
  await app.ready();
  return app;
}
