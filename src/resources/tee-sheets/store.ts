import type { TeeSheetFormat } from '../../db/schema.js';
import type { TeeGroup, TeeSheet } from '../../domain/tee-sheets.js';
import type { Executor } from '../../db/executor.js';

/** Removes an event's tee sheet, its groups and players; returns whether there was one. */
export async function deleteTeeSheet(db: Executor, eventId: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom('tee_sheets')
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** Writes an event's tee sheet in place of the one it had. */
export async function replaceTeeSheet(
  db: Executor,
  eventId: number,
  sheet: TeeSheet,
): Promise<void> {
  await deleteTeeSheet(db, eventId);
  await db.insertInto('tee_sheets').values({ event_id: eventId, format: sheet.format }).execute();
  if (sheet.groups.length === 0) return;
  const groups = await db
    .insertInto('tee_groups')
    .values(
      sheet.groups.map((group, position) => ({
        event_id: eventId,
        position,
        start_at: group.startAt,
        starting_hole: group.startingHole,
      })),
    )
    .returning(['id', 'position'])
    .execute();
  const groupIds = new Map(groups.map((group) => [group.position, group.id]));
  const players = sheet.groups.flatMap((group, groupPosition) =>
    group.userIds.map((userId, position) => ({
      group_id: groupIds.get(groupPosition) ?? 0,
      position,
      event_id: eventId,
      user_id: userId,
    })),
  );
  if (players.length > 0) await db.insertInto('tee_group_players').values(players).execute();
}

/** An event's tee sheet, groups and golfers in their order; undefined without one. */
export async function findTeeSheet(db: Executor, eventId: number): Promise<TeeSheet | undefined> {
  const sheet = await db
    .selectFrom('tee_sheets')
    .select('format')
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  if (sheet === undefined) return undefined;
  const [groups, players] = await Promise.all([
    db
      .selectFrom('tee_groups')
      .select(['id', 'start_at', 'starting_hole'])
      .where('event_id', '=', eventId)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('tee_group_players')
      .select(['group_id', 'user_id'])
      .where('event_id', '=', eventId)
      .orderBy('group_id')
      .orderBy('position')
      .execute(),
  ]);
  const members = new Map<number, number[]>();
  for (const player of players) {
    const list = members.get(player.group_id);
    if (list === undefined) members.set(player.group_id, [player.user_id]);
    else list.push(player.user_id);
  }
  return {
    format: sheet.format satisfies TeeSheetFormat,
    groups: groups.map((group): TeeGroup => ({
      startAt: group.start_at,
      startingHole: group.starting_hole,
      userIds: members.get(group.id) ?? [],
    })),
  };
}

/** The highest hole any group of the event's tee sheet starts on, or null. */
export async function highestStartingHole(db: Executor, eventId: number): Promise<number | null> {
  const row = await db
    .selectFrom('tee_groups')
    .select((eb) => eb.fn.max('starting_hole').as('hole'))
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row?.hole ?? null;
}
