import type { Migration } from 'kysely';
import * as leagues from './001-leagues.js';
import * as eventsStandings from './002-events-standings.js';
import * as leagueNights from './004-league-nights.js';
import * as staleLeaderboards from './006-stale-leaderboards.js';
import * as apiKeys from './007-api-keys.js';
import * as orgGolfers from './009-org-golfers.js';
import * as brackets from './013-brackets.js';
import * as postsCalendars from './011-posts-calendars.js';
import * as membershipsNewsletter from './012-memberships-newsletter.js';
import * as oddsEnabled from './010-odds-enabled.js';
import * as players from './014-players.js';
import * as netScoring from './015-net-scoring.js';
import * as completeCardMarks from './016-complete-card-marks.js';
import * as storedBoardCompetitors from './017-stored-board-competitors.js';
import * as newsletterConsentText from './018-newsletter-consent-text.js';
import * as standingSeasonsBySeries from './019-standing-seasons-by-series.js';
import * as golferLinksByGolfer from './020-golfer-links-by-golfer.js';
import * as cardMarkersSkipEmptyInserts from './021-card-markers-skip-empty-inserts.js';

/** Every migration, by name; names sort in the order they run. */
export const migrations: Record<string, Migration> = {
  '001-leagues': leagues,
  '002-events-standings': eventsStandings,
  '004-league-nights': leagueNights,
  '006-stale-leaderboards': staleLeaderboards,
  '007-api-keys': apiKeys,
  '009-org-golfers': orgGolfers,
  '013-brackets': brackets,
  '011-posts-calendars': postsCalendars,
  '012-memberships-newsletter': membershipsNewsletter,
  '010-odds-enabled': oddsEnabled,
  '014-players': players,
  '015-net-scoring': netScoring,
  '016-complete-card-marks': completeCardMarks,
  '017-stored-board-competitors': storedBoardCompetitors,
  '018-newsletter-consent-text': newsletterConsentText,
  '019-standing-seasons-by-series': standingSeasonsBySeries,
  '020-golfer-links-by-golfer': golferLinksByGolfer,
  '021-card-markers-skip-empty-inserts': cardMarkersSkipEmptyInserts,
};
