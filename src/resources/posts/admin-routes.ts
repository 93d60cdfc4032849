import type { App, AppContext } from '../../http/context.js';
import { OrgParams } from '../../http/schemas/common.js';
import { ADMIN_FAILURES, NO_CONTENT, json } from '../../http/schemas/responses.js';
import {
  IMAGE_UPLOAD_DESCRIPTION,
  imageUploadRoutes,
  uploadedImage,
} from '../media/image-upload.js';
import { MAX_IMAGE_BYTES } from '../media/service.js';
import { ADMIN_POST_EXAMPLE, ADMIN_POST_LIST_EXAMPLE } from './examples.js';
import { presentAdminPost } from './presenter.js';
import {
  AdminPost,
  AdminPostList,
  AdminPostListQuery,
  CreatePostBody,
  PatchPostBody,
  PostIdParams,
} from './schema.js';
import {
  createPost,
  getAdminPost,
  listAdminPosts,
  patchPost,
  removePost,
  setPostImage,
} from './service.js';

const STORED = 'The post as stored.';

/** Posts of an org: write, read back, delete, and the feature image (decisions §16, §23). */
export function adminPostRoutes(context: AppContext) {
  const db = context.database.db;
  return async function register(app: App): Promise<void> {
    app.get(
      '/orgs/:orgSlug/posts',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'listAdminPosts',
          tags: ['Posts'],
          summary: 'List every post of the organization, drafts and scheduled ones included',
          description: 'Drafts never published first, then newest first.',
          params: OrgParams,
          querystring: AdminPostListQuery,
          response: {
            200: json(AdminPostList, 'A page of posts.', ADMIN_POST_LIST_EXAMPLE),
            ...ADMIN_FAILURES,
          },
        },
      },
      async (request) => {
        const now = context.now();
        const page = await listAdminPosts(db, request.params.orgSlug, request.query);
        return {
          count: page.count,
          posts: page.posts.map((post) => presentAdminPost(post, now, page.org.timezone)),
        };
      },
    );

    app.get(
      '/orgs/:orgSlug/posts/:id',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'getAdminPost',
          tags: ['Posts'],
          summary: 'Read one post, whatever its status',
          params: PostIdParams,
          response: { 200: json(AdminPost, STORED, ADMIN_POST_EXAMPLE), ...ADMIN_FAILURES },
        },
      },
      async (request) => {
        const { org, post } = await getAdminPost(db, request.params.orgSlug, request.params.id);
        return presentAdminPost(post, context.now(), org.timezone);
      },
    );

    app.post(
      '/orgs/:orgSlug/posts',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'createPost',
          tags: ['Posts'],
          summary: 'Write a post',
          description:
            'The Markdown body is rendered and sanitized once, here. `published` without ' +
            '`publishedAt` publishes now; a future `publishedAt` schedules the post.',
          params: OrgParams,
          body: CreatePostBody,
          response: { 201: json(AdminPost, STORED, ADMIN_POST_EXAMPLE), ...ADMIN_FAILURES },
        },
      },
      async (request, reply) => {
        const now = context.now();
        const { org, post } = await createPost(db, request.params.orgSlug, request.body, now);
        return reply.code(201).send(presentAdminPost(post, now, org.timezone));
      },
    );

    app.patch(
      '/orgs/:orgSlug/posts/:id',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'updatePost',
          tags: ['Posts'],
          summary: 'Change some fields of a post',
          params: PostIdParams,
          body: PatchPostBody,
          response: { 200: json(AdminPost, STORED, ADMIN_POST_EXAMPLE), ...ADMIN_FAILURES },
        },
      },
      async (request) => {
        const now = context.now();
        const { orgSlug, id } = request.params;
        const { org, post } = await patchPost(db, orgSlug, id, request.body, now);
        return presentAdminPost(post, now, org.timezone);
      },
    );

    app.delete(
      '/orgs/:orgSlug/posts/:id',
      {
        config: { access: 'org' },
        schema: {
          operationId: 'deletePost',
          tags: ['Posts'],
          summary: 'Delete a post',
          description: 'It leaves lists and feeds at once; its page answers 404.',
          params: PostIdParams,
          response: { ...NO_CONTENT, ...ADMIN_FAILURES },
        },
      },
      async (request, reply) => {
        await removePost(db, request.params.orgSlug, request.params.id);
        return reply.code(204).send(null);
      },
    );

    await imageUploadRoutes(app, (images) => {
      images.put(
        '/orgs/:orgSlug/posts/:id/image',
        {
          config: { access: 'org' },
          bodyLimit: MAX_IMAGE_BYTES,
          schema: {
            operationId: 'setPostImage',
            tags: ['Posts'],
            summary: 'Upload a post’s feature image',
            description: IMAGE_UPLOAD_DESCRIPTION,
            params: PostIdParams,
            response: { 200: json(AdminPost, STORED, ADMIN_POST_EXAMPLE), ...ADMIN_FAILURES },
          },
        },
        async (request) => {
          const { orgSlug, id } = request.params;
          const { org, post } = await setPostImage(db, orgSlug, id, uploadedImage(request.body));
          return presentAdminPost(post, context.now(), org.timezone);
        },
      );
    });
  };
}
