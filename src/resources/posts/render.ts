import MarkdownIt, { type Token } from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/** CommonMark with raw HTML off: tags written in a body are shown as text, never parsed. */
const markdown = new MarkdownIt('commonmark', { html: false });

/**
 * The allow-list every rendered body passes through (decisions §16): plain text markup,
 * links and images only; no script, style, iframe, form or event-handler attribute survives,
 * and a link or image keeps its address only for http, https (and, for links, mailto).
 */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'code',
    'pre',
    'a',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'loading'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links open in the top window (a widget's frame is not the place for another site) and
    // give the opened page no handle on this one.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer', target: '_top' },
    }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

/** A body's Markdown as the HTML every reader gets: rendered once, then sanitized. */
export function renderBody(body: string): string {
  return sanitizeHtml(markdown.render(body), ALLOWED);
}

/** The words of a body as a reader sees them, without markup. */
function plainText(body: string): string {
  const words: string[] = [];
  const collect = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      if (token.children !== null) collect(token.children);
      else if (token.type === 'text' || token.type === 'code_inline') words.push(token.content);
      else if (token.type === 'code_block' || token.type === 'fence') words.push(token.content);
      words.push(token.block || token.type.endsWith('break') ? ' ' : '');
    }
  };
  collect(markdown.parse(body, {}));
  return words.join('').replace(/\s+/g, ' ').trim();
}

const EXCERPT_LENGTH = 200;

/** The excerpt a post without one gets: its first 200 characters of text, cut at a word. */
export function defaultExcerpt(body: string): string {
  const text = plainText(body);
  if (text.length <= EXCERPT_LENGTH) return text;
  const cut = text.slice(0, EXCERPT_LENGTH - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** Reading speed behind `readingMinutes`. */
const WORDS_PER_MINUTE = 200;

export function readingMinutes(body: string): number {
  const words = plainText(body)
    .split(' ')
    .filter((word) => word !== '').length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
