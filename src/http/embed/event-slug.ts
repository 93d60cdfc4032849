import { NotFoundError } from '../../domain/errors.js';
import type { WidgetContext } from './parts.js';

/** The event slug a widget shows (`event`); none names nothing. */
export function eventSlug(context: WidgetContext): string {
  const slug = context.options.event;
  if (slug === undefined || slug === '') throw new NotFoundError();
  return slug;
}
