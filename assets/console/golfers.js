// Golfers: the club's golfers, and adding one by e-mail (an existing account is linked).
import { api, fill, onSubmit, orgPath, page, row } from './api.js';

async function load() {
  const { body } = await api('GET', orgPath('/golfers?limit=100'));
  fill(
    'golfers',
    body.users.map((golfer) => row(`${golfer.firstName} ${golfer.lastName}`, golfer.email)),
  );
}

onSubmit('add-golfer', async (values) => {
  const { status, body } = await api('POST', orgPath('/golfers'), values);
  await load();
  const name = `${body.firstName} ${body.lastName}`;
  return status === 201
    ? `${name} added.`
    : `${body.email} already had an account (${name}); it is now a golfer of this club too.`;
});

void page(load);
