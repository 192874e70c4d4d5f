/** How users ask for each social media tool (slots are argument names), for data synthesis. */
export const socialMediaPhrasings: Record<string, string[]> = {
  get_social_profile: ['show me @{handle}\'s profile', 'what has @{handle} been posting lately?', 'look up {handle}'],
  list_social_connections: ['who are @{handle}\'s {direction}?', 'list the {direction} of @{handle}'],
  get_home_feed: ['what\'s new in my feed?', 'show me my timeline', 'catch me up on my home feed'],
  get_social_thread: ['open the conversation around {post_id}', 'show me the replies to {post_id}'],
  search_social_posts: ['search for posts about {query}', 'find posts tagged #{hashtag}', 'find posts by @{from}'],
  create_social_post: ['post {text}', 'publish {text} ({visibility})', 'share this: {text}'],
  reply_to_social_post: ['reply to {post_id} with {text}', 'answer {post_id}: {text}'],
  repost_social_post: ['repost {post_id}', 'boost {post_id} to my followers'],
  like_social_post: ['like {post_id}', 'give {post_id} a like'],
  unlike_social_post: ['unlike {post_id}', 'take my like off {post_id}'],
  delete_social_post: ['delete {post_id}', 'remove {post_id} from my profile'],
  follow_social_account: ['follow @{handle}', 'start following {handle}'],
  unfollow_social_account: ['unfollow @{handle}', 'stop following {handle}'],
  block_social_account: ['block @{handle}', 'I never want to see {handle} again, block them'],
  unblock_social_account: ['unblock @{handle}', 'lift my block on {handle}'],
};
