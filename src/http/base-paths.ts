/** Where the public API is served; widgets reach it on their own origin. */
export const PUBLIC_BASE_PATH = '/api/public/v1';
export const ADMIN_BASE_PATH = '/admin/v1';
