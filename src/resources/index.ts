import type { Widget } from '../http/embed/parts.js';
import { apiKeys } from './api-keys/index.js';
import { brackets } from './brackets/index.js';
import { calendars } from './calendars/index.js';
import { organizerConsole } from './console/index.js';
import { events } from './events/index.js';
import { invites } from './invites/index.js';
import { leaderboards } from './leaderboards/index.js';
import { leagues } from './leagues/index.js';
import { media } from './media/index.js';
import { membershipPlans } from './membership-plans/index.js';
import { newsletter } from './newsletter/index.js';
import { odds } from './odds/index.js';
import { orgs } from './orgs/index.js';
import { players } from './players/index.js';
import { posts } from './posts/index.js';
import { registrations } from './registrations/index.js';
import type { OpenApiTag, Resource } from './resource.js';
import { scoring } from './scoring/index.js';
import { site } from './site/index.js';
import { standings } from './standings/index.js';
import { teams } from './teams/index.js';
import { teeSheets } from './tee-sheets/index.js';
import { users } from './users/index.js';

/**
 * Every resource of the service, in the order their routes register and their tags appear
 * in the OpenAPI documents. A new resource is one line here.
 */
export const RESOURCES: readonly Resource[] = [
  orgs,
  users,
  leagues,
  registrations,
  teams,
  invites,
  events,
  standings,
  teeSheets,
  leaderboards,
  odds,
  media,
  apiKeys,
  scoring,
  site,
  organizerConsole,
  brackets,
  posts,
  calendars,
  membershipPlans,
  newsletter,
  players,
];

/** The tags of one API's operations, one per resource that has routes there. */
export function openApiTags(api: 'public' | 'admin'): OpenApiTag[] {
  return RESOURCES.flatMap((resource) => {
    const part = resource[api];
    return part === undefined ? [] : [part.tag];
  });
}

/** The widgets by the name in their URL, `/embed/{name}`. */
export const WIDGETS: ReadonlyMap<string, Widget> = new Map(
  RESOURCES.flatMap((resource) => resource.widgets ?? []).map((widget) => [widget.name, widget]),
);
