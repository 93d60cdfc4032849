import type { Org } from '../db/schema.js';
import { ValidationError } from './errors.js';

/** How long a club's own consent text may be, in characters (migration 018 checks it too). */
export const CONSENT_TEXT_MIN = 10;
export const CONSENT_TEXT_MAX = 1000;

/** The length rule of a club's own consent text, in words, for a 422. */
export const CONSENT_TEXT_RULE = `must be ${CONSENT_TEXT_MIN} to ${CONSENT_TEXT_MAX} characters long, not counting spaces at either end (null goes back to the default sentence)`;

/** The sentence a club that has not set its own consent text shows, in its name. */
export function defaultConsentText(orgName: string): string {
  return `I agree to receive the ${orgName} newsletter by e-mail. I can unsubscribe at any time.`;
}

/**
 * The consent text a subscriber agrees to (decisions §18): the club's own when it has set
 * one, else the default sentence. The newsletter form shows it and each new consent record
 * keeps it.
 */
export function consentText(org: Pick<Org, 'name' | 'newsletter_consent_text'>): string {
  return org.newsletter_consent_text ?? defaultConsentText(org.name);
}

/**
 * A club's own consent text as it is kept: trimmed, within the length rule (counted in
 * characters, as the database counts them); null stays null, the default sentence.
 */
export function ownConsentText(text: string | null): string | null {
  if (text === null) return null;
  const trimmed = text.trim();
  // Code points, as the schema's validation and the database's `char_length` count them.
  const length = Array.from(trimmed).length;
  if (length < CONSENT_TEXT_MIN || length > CONSENT_TEXT_MAX) {
    throw new ValidationError({ newsletterConsentText: CONSENT_TEXT_RULE });
  }
  return trimmed;
}
