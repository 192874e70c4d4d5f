import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { domainRuntime, type DomainRuntime } from '../../../servers/kit/DomainSession.js';
import { socialMediaDomain } from '../../../servers/social_media/SocialMediaDomain.js';
import { generateWorld, renderWorld } from '../../../servers/social_media/generateWorld.js';
import { socialMediaInvariants } from '../../../servers/social_media/socialMediaInvariants.js';
import { REPO_ROOT } from '../../support/project.js';
import { ok, refused } from '../support/domainCalls.js';

const runtime = domainRuntime(socialMediaDomain) as DomainRuntime<unknown>;

const authors = (posts: Array<{ author: string }>) => new Set(posts.map((p) => p.author));

describe('social_media: network, visibility, feed and blocks', () => {
  it('the committed world is generateWorld(42); another seed gives another network that keeps every invariant', () => {
    expect(readFileSync(join(REPO_ROOT, 'fixtures', 'social_media', 'world.json'), 'utf8')).to.equal(renderWorld(42));
    const other = generateWorld(3);
    expect(JSON.stringify(other)).to.not.equal(JSON.stringify(generateWorld(42)));
    for (const invariant of socialMediaInvariants) expect(invariant.check(other, other), invariant.name).to.equal(undefined);
    expect(socialMediaDomain.tools).to.have.length(15);
  });

  it('the home feed holds only jordan and followed accounts, newest first; following and unfollowing change it', () => {
    const session = runtime.openSession();
    const feed = ok(session, 'get_home_feed', { limit: 100 }).posts;
    const following = new Set<string>([...(session.state as any).accounts.jordan_lee.following, 'jordan_lee']);
    for (const author of authors(feed)) expect(following.has(author), author).to.equal(true);
    for (let i = 1; i < feed.length; i++) expect(feed[i - 1].created_at >= feed[i].created_at).to.equal(true);
    expect(authors(feed).has('ana_souza')).to.equal(false);
    ok(session, 'follow_social_account', { handle: 'ana_souza' });
    expect(authors(ok(session, 'get_home_feed', { limit: 100 }).posts).has('ana_souza')).to.equal(true);
    ok(session, 'unfollow_social_account', { handle: 'ana_souza' });
    expect(authors(ok(session, 'get_home_feed', { limit: 100 }).posts).has('ana_souza')).to.equal(false);
  });

  it('a block hides everything both ways and cannot be followed through; a new post of jordan appears first in the feed', () => {
    const session = runtime.openSession();
    expect(authors(ok(session, 'search_social_posts', { query: 'the' }).posts).has('spam_deals')).to.equal(false);
    refused(session, 'search_social_posts', { from: 'troll_king' }, 'blocked');
    refused(session, 'follow_social_account', { handle: 'spam_deals' }, 'blocked');
    const before = ok(session, 'search_social_posts', { from: 'farah_ali' }).total;
    expect(before).to.be.greaterThan(0);
    ok(session, 'block_social_account', { handle: 'farah_ali' });
    expect(ok(session, 'search_social_posts', { from: 'farah_ali' }).total).to.equal(0);
    expect(authors(ok(session, 'get_home_feed', { limit: 100 }).posts).has('farah_ali')).to.equal(false);
    refused(session, 'like_social_post', { post_id: 'post_474' }, 'post_not_found');
    refused(session, 'follow_social_account', { handle: 'farah_ali' }, 'unblock');
    const mine = ok(session, 'create_social_post', { text: 'Hello #world', visibility: 'followers' });
    expect(ok(session, 'get_home_feed', { limit: 1 }).posts[0].post_id).to.equal(mine.post_id);
    expect(runtime.checkInvariants(session.state)).to.deep.equal([]);
  });

  it('reposts count on the original and show in followers\' terms; deleting a post keeps its replies, the thread starts from them', () => {
    const session = runtime.openSession();
    const repost = ok(session, 'repost_social_post', { post_id: 'post_509' });
    expect(repost.repost_of).to.equal('post_508');
    refused(session, 'repost_social_post', { post_id: 'post_508' }, 'already_reposted');
    const liked = ok(session, 'like_social_post', { post_id: repost.post_id });
    expect(liked.post_id).to.equal('post_508');
    const root = ok(session, 'create_social_post', { text: 'Question for everyone' });
    const reply = ok(session, 'reply_to_social_post', { post_id: root.post_id, text: 'answering myself' });
    ok(session, 'delete_social_post', { post_id: root.post_id });
    const thread = ok(session, 'get_social_thread', { post_id: reply.post_id });
    expect(thread.ancestors).to.deep.equal([]);
    expect(thread.post.in_reply_to).to.equal(root.post_id);
    expect(runtime.checkInvariants(session.state)).to.deep.equal([]);
  });

  it('prototype names are plain not-found answers for handles and posts', () => {
    const session = runtime.openSession();
    for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      refused(session, 'get_social_profile', { handle: id }, 'not_found');
      refused(session, 'follow_social_account', { handle: id }, 'not_found');
      refused(session, 'block_social_account', { handle: `@${id}` }, 'not_found');
      refused(session, 'create_social_post', { text: `hi @${id.toLowerCase()}` }, 'not_found');
      refused(session, 'get_social_thread', { post_id: id }, 'found');
    }
  });
});
