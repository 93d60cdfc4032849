// Posts: the club's news, drafts and published alike; a new draft, editing one (its text,
// tags and when it shows), and publishing one.
import { $, api, clock, el, fill, onSubmit, orgPath, page, row, rowButton, say } from './api.js';

let editing = null;

async function publish(post) {
  try {
    // Without a moment of its own, the API publishes it now.
    await api('PATCH', orgPath(`/posts/${post.id}`), { status: 'published' });
    await load();
    say(`${post.title} is ${post.publishedAt === null ? 'published' : 'published as scheduled'}.`);
  } catch (error) {
    say(error.message);
  }
}

function startEditing(post) {
  editing = post;
  const form = $('create-post');
  for (const name of ['title', 'slug', 'body']) form.elements.namedItem(name).value = post[name];
  $('tags').value = post.tags.join(', ');
  // The API answers on the club's clock with its offset; the field takes the clock alone.
  $('publishedAt').value = post.publishedAt === null ? '' : post.publishedAt.slice(0, 16);
  $('post-title').textContent = `Edit ${post.title}`;
  $('post-submit').textContent = 'Save post';
  $('post-cancel').hidden = false;
  $('title').focus();
}

function stopEditing() {
  editing = null;
  $('create-post').reset();
  $('post-title').textContent = 'New draft';
  $('post-submit').textContent = 'Save draft';
  $('post-cancel').hidden = true;
}

function actions(post) {
  const edit = rowButton('Edit', post.title);
  edit.addEventListener('click', () => startEditing(post));
  if (post.status !== 'draft') return edit;
  const publishing = rowButton('Publish', post.title);
  publishing.addEventListener('click', () => void publish(post));
  return el('span', { class: 'actions' }, edit, publishing);
}

function status(post) {
  if (post.status === 'draft') return 'draft';
  return post.visible ? 'published' : 'scheduled';
}

async function load() {
  const { body } = await api('GET', orgPath('/posts?limit=50'));
  fill(
    'posts',
    body.posts.map((post) => row(post.title, status(post), clock(post.publishedAt), actions(post))),
  );
}

onSubmit('create-post', async ({ title, slug, body, tags, publishedAt }) => {
  const fields = {
    title,
    slug,
    body,
    tags: tags
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== ''),
    // A local date-time, which the API reads on the club's clock.
    publishedAt: publishedAt === '' ? null : publishedAt,
  };
  if (editing === null) {
    await api('POST', orgPath('/posts'), { ...fields, status: 'draft' });
    await load();
    return `Draft ${title} saved.`;
  }
  await api('PATCH', orgPath(`/posts/${editing.id}`), fields);
  stopEditing();
  await load();
  return `Post ${title} saved.`;
});

$('post-cancel').addEventListener('click', stopEditing);

void page(load);
