// Memberships: the club's plans of every status, a new plan, editing one, and a purchase
// recorded by hand.
import { $, api, fill, onSubmit, options, orgPath, page, row, rowButton, say } from './api.js';

const PERIODS = { year: 'per year', season: 'per season', month: 'per month', 'one-time': 'once' };

/** The currency's format; its digits are those of its minor unit (cents; yen have none). */
function money(currency) {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency });
}

function minorDigits(currency) {
  return money(currency).resolvedOptions().maximumFractionDigits ?? 2;
}

/** A price in its plan's currency: `$240.00`, `€95.00`, `¥5,000`. */
function price(plan) {
  return money(plan.currency).format(plan.priceCents / 10 ** minorDigits(plan.currency));
}

/** The price typed in the currency's main unit, in its minor unit as the API takes it. */
function priceCents(text, currency) {
  const value = Number(text.trim().replace(',', '.'));
  if (text.trim() === '' || !Number.isFinite(value) || value < 0) {
    throw new Error('Price: type an amount such as 240 or 240.50.');
  }
  let digits;
  try {
    digits = minorDigits(currency);
  } catch {
    throw new Error('Currency: use a three-letter code such as USD.');
  }
  return Math.round(value * 10 ** digits);
}

function mainUnits(plan) {
  return String(plan.priceCents / 10 ** minorDigits(plan.currency));
}

function status(plan) {
  if (plan.status !== 'available' || plan.availability === 'available') return plan.status;
  return `${plan.status} (${plan.availability})`;
}

function sold(plan) {
  return plan.capacity === null ? `${plan.sold}, no limit` : `${plan.sold} of ${plan.capacity}`;
}

/** The plan being edited, or null while the form makes a new one. */
let editing = null;

function startEditing(plan) {
  editing = plan;
  const form = $('plan');
  for (const name of ['name', 'slug', 'currency', 'period', 'status']) {
    form.elements.namedItem(name).value = plan[name];
  }
  $('price').value = mainUnits(plan);
  $('capacity').value = plan.capacity === null ? '' : String(plan.capacity);
  // The API answers on the club's clock with its offset; the field takes the clock alone.
  for (const name of ['salesOpenAt', 'salesCloseAt']) {
    $(name).value = plan[name] === null ? '' : plan[name].slice(0, 16);
  }
  $('description').value = plan.description ?? '';
  $('benefits').value = plan.benefits.join('\n');
  $('plan-title').textContent = `Edit ${plan.name}`;
  $('plan-submit').textContent = 'Save plan';
  $('plan-cancel').hidden = false;
  $('name').focus();
}

function stopEditing() {
  editing = null;
  $('plan').reset();
  $('plan-title').textContent = 'New plan';
  $('plan-submit').textContent = 'Create plan';
  $('plan-cancel').hidden = true;
}

function editButton(plan) {
  const button = rowButton('Edit', plan.name);
  button.addEventListener('click', () => startEditing(plan));
  return button;
}

async function load() {
  const [{ body }, { body: golfers }] = await Promise.all([
    api('GET', orgPath('/membership-plans?limit=100')),
    api('GET', orgPath('/golfers?limit=100')),
  ]);
  const plans = body.membershipPlans;
  fill(
    'plans',
    plans.map((plan) =>
      row(
        plan.name,
        `${price(plan)} ${PERIODS[plan.period]}`,
        status(plan),
        sold(plan),
        editButton(plan),
      ),
    ),
  );
  options('purchasePlan', plans, (plan) => `${plan.name} (${price(plan)})`, 'Pick a plan');
  options(
    'purchaseGolfer',
    golfers.users,
    (golfer) => `${golfer.firstName} ${golfer.lastName} (${golfer.email})`,
    'Pick a golfer',
  );
}

/** The form's fields as the API takes them; emptied optional fields are cleared (null). */
function planBody(values) {
  const benefits = values.benefits
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const description = values.description.trim();
  const capacity = values.capacity.trim();
  return {
    name: values.name,
    slug: values.slug,
    priceCents: priceCents(values.price, values.currency.trim().toUpperCase()),
    currency: values.currency.trim().toUpperCase(),
    period: values.period,
    status: values.status,
    benefits,
    description: description === '' ? null : description,
    capacity: capacity === '' ? null : Number(capacity),
    // A local date-time, which the API reads on the club's clock.
    salesOpenAt: values.salesOpenAt === '' ? null : values.salesOpenAt,
    salesCloseAt: values.salesCloseAt === '' ? null : values.salesCloseAt,
  };
}

/** A new plan leaves out what is empty: the API's create takes no nulls. */
function withoutNulls(body) {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));
}

onSubmit('plan', async (values) => {
  const body = planBody(values);
  if (editing === null) {
    await api('POST', orgPath('/membership-plans'), withoutNulls(body));
    stopEditing();
    await load();
    return `Plan ${body.name} created.`;
  }
  await api('PATCH', orgPath(`/membership-plans/${editing.id}`), body);
  stopEditing();
  await load();
  return `Plan ${body.name} saved.`;
});

$('plan-cancel').addEventListener('click', () => {
  stopEditing();
  say('');
});

onSubmit('purchase', async ({ purchasePlan, purchaseGolfer }) => {
  if (purchasePlan === '' || purchaseGolfer === '') return 'Pick a plan and a golfer.';
  const { body } = await api('POST', orgPath(`/membership-plans/${purchasePlan}/purchases`), {
    userId: Number(purchaseGolfer),
  });
  await load();
  const left = body.remaining === null ? '' : ` ${body.remaining} left.`;
  return `Purchase recorded.${left}`;
});

void page(load);
