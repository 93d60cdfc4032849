// Posts: the club's news, drafts and published alike; a new draft, and publishing one.
import { api, clock, el, fill, onSubmit, orgPath, page, row, say } from './api.js';

async function publish(post) {
  try {
    // Published without a moment: the API publishes it now.
    await api('PATCH', orgPath(`/posts/${post.id}`), { status: 'published' });
    await load();
    say(`${post.title} is published.`);
  } catch (error) {
    say(error.message);
  }
}

function action(post) {
  if (post.status !== 'draft') return '';
  const button = el('button', { type: 'button' }, `Publish ${post.title}`);
  button.addEventListener('click', () => void publish(post));
  return button;
}

function status(post) {
  if (post.status === 'draft') return 'draft';
  return post.visible ? 'published' : 'scheduled';
}

async function load() {
  const { body } = await api('GET', orgPath('/posts?limit=50'));
  fill(
    'posts',
    body.posts.map((post) => row(post.title, status(post), clock(post.publishedAt), action(post))),
  );
}

onSubmit('create-post', async ({ title, slug, body, tags }) => {
  await api('POST', orgPath('/posts'), {
    title,
    slug,
    body,
    status: 'draft',
    tags: tags
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== ''),
  });
  await load();
  return `Draft ${title} saved.`;
});

void page(load);
