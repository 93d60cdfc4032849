import { consentText } from '../../domain/newsletter-consent.js';
import { PUBLIC_BASE_PATH } from '../../http/base-paths.js';
import { html, type Html } from '../../http/embed/html.js';
import type { Widget } from '../../http/embed/parts.js';

/** What the widget says once a request is taken, with script or without. */
export const CHECK_INBOX =
  'Check your inbox: we sent you a link to confirm your subscription. It works for 48 hours.';

/** The page the form's fallback answers with after a request (no script). */
export function checkInboxMessage(): Html {
  return html`<p class="sent" role="status">${CHECK_INBOX}</p>`;
}

/**
 * The subscription form (decisions §18): e-mail, an optional name, the consent box with the
 * org's consent text and a honeypot. With script it posts JSON to the public API and says
 * "check your inbox" in its live region; without, it posts to `/embed/newsletter`, which
 * answers a page saying the same.
 */
export const newsletterWidget: Widget = {
  name: 'newsletter',
  label: 'Newsletter',
  gallery: () => [
    { what: 'The newsletter sign-up: e-mail, name and the club’s consent text.', data: {} },
  ],
  render(context) {
    const { org } = context;
    const api = `${PUBLIC_BASE_PATH}/orgs/${encodeURIComponent(org.slug)}/newsletter/subscriptions`;
    return Promise.resolve(
      html`<form
        class="subscribe"
        method="post"
        action="/embed/newsletter"
        data-subscribe="${api}"
        data-sent="${CHECK_INBOX}"
      >
        <input type="hidden" name="org" value="${org.slug}" />
        <div data-fields>
          <p class="field">
            <label for="newsletter-email">E-mail address</label>
            <input
              id="newsletter-email"
              name="email"
              type="email"
              autocomplete="email"
              maxlength="254"
              required
            />
          </p>
          <p class="field">
            <label for="newsletter-name">Name <span class="muted">(optional)</span></label>
            <input
              id="newsletter-name"
              name="name"
              type="text"
              autocomplete="name"
              maxlength="100"
            />
          </p>
          <div class="trap" aria-hidden="true">
            <label for="newsletter-website">Leave this field empty</label>
            <input
              id="newsletter-website"
              name="website"
              type="text"
              tabindex="-1"
              autocomplete="off"
            />
          </div>
          <p class="consent">
            <input id="newsletter-consent" name="consent" type="checkbox" value="on" required />
            <label for="newsletter-consent">${consentText(org)}</label>
          </p>
          <button type="submit">Subscribe</button>
        </div>
        <p data-status aria-live="polite"></p>
      </form>`,
    );
  },
};
