import type { Static } from 'typebox';
import type * as Admin from '../../src/http/schemas/admin.js';
import type * as Public from '../../src/http/schemas/public.js';

// Response bodies as the route schemas declare them.

export type AdminOrg = Static<typeof Admin.Org>;
export type AdminUser = Static<typeof Admin.AdminUser>;
export type AdminEvent = Static<typeof Admin.AdminEvent>;
export type Registration = Static<typeof Admin.Registration>;
export type StoredResults = Static<typeof Admin.StoredResults>;

export type TeamSummary = Static<typeof Public.TeamSummary>;
export type InviteResolution = Static<typeof Public.InviteResolution>;
export type EventField = Static<typeof Public.EventField>;
export type StandingSeason = Static<typeof Public.StandingSeason>;
export type StandingRow = Static<typeof Public.StandingRow>;
export type CompetitorStandings = Static<typeof Public.CompetitorStandings>;
