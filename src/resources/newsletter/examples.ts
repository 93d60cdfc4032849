import type { AdminSubscriber, SubscribeAnswer, SubscriberList } from './schema.js';

export const SUBSCRIBE_EXAMPLE: SubscribeAnswer = { status: 'pending' };

const SUBSCRIBER_EXAMPLE: AdminSubscriber = {
  id: 31,
  email: 'pat.golfer@example.com',
  name: 'Pat Golfer',
  status: 'confirmed',
  source: 'widget',
  consent: {
    text: 'I agree to receive the Demo Golf Club newsletter by e-mail. I can unsubscribe at any time.',
    at: '2027-03-02T12:20:11-06:00',
    ip: '203.0.113.9',
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4)',
  },
  confirmation: {
    at: '2027-03-02T12:24:40-06:00',
    ip: '203.0.113.9',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)',
  },
  unsubscribedAt: null,
  createdAt: '2027-03-02T12:20:11-06:00',
};

export const SUBSCRIBER_LIST_EXAMPLE: SubscriberList = {
  count: 1,
  subscribers: [SUBSCRIBER_EXAMPLE],
};

export const SUBSCRIBER_CSV_EXAMPLE =
  'id,email,name,status,source,consent_text,consent_at,consent_ip,consent_user_agent,confirmed_at,confirmed_ip,confirmed_user_agent,unsubscribed_at,created_at\r\n' +
  '31,pat.golfer@example.com,Pat Golfer,confirmed,widget,"I agree to receive the Demo Golf Club newsletter by e-mail. I can unsubscribe at any time.",2027-03-02T12:20:11-06:00,203.0.113.9,Mozilla/5.0,2027-03-02T12:24:40-06:00,203.0.113.9,Mozilla/5.0,,2027-03-02T12:20:11-06:00\r\n';
