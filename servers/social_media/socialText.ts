/** Hashtags and @mentions in a post's text, as Mastodon reads them. */

const HASHTAG = /(?:^|[^\w#])#([A-Za-z][A-Za-z0-9_]{0,49})/g;
const MENTION = /(?:^|[^\w@])@([a-z0-9_]{1,30})/g;

/** Lower-case hashtags, each once, in order of appearance. */
export function hashtagsIn(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(HASHTAG)) {
    const tag = match[1].toLowerCase();
    if (!out.includes(tag)) out.push(tag);
  }
  return out;
}

/** Mentioned handles, each once, in order of appearance. */
export function mentionsIn(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(MENTION)) if (!out.includes(match[1])) out.push(match[1]);
  return out;
}
