import { expect } from 'chai';
import { createDraft, detachDrafts, editDraft, finishDraft, isDraft, madeProxies, original, putDraft } from '../../../servers/kit/copyOnWrite.js';

interface Shop {
  items: Array<{ id: string; qty: number; tags: string[] }>;
  byId: Record<string, { name: string; stock: number }>;
  meta: { version: number; note?: string };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}

function isDeepFrozen(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  return Object.isFrozen(value) && Object.values(value).every(isDeepFrozen);
}

const base = (): Shop =>
  deepFreeze({
    items: [
      { id: 'b', qty: 2, tags: ['x'] },
      { id: 'a', qty: 1, tags: [] },
      { id: 'c', qty: 3, tags: ['y', 'z'] },
    ],
    byId: { p1: { name: 'Pen', stock: 4 }, p2: { name: 'Ink', stock: 0 } },
    meta: { version: 1 },
  });

describe('the domain kit: copy-on-write drafts', () => {
  it('nothing written: the very same frozen state comes back', () => {
    const state = base();
    const draft = createDraft(state);
    expect(draft.draft.byId.p1.name).to.equal('Pen');
    expect(draft.draft.items.map((i) => i.id)).to.deep.equal(['b', 'a', 'c']);
    expect(finishDraft(draft)).to.equal(state);
  });

  it('a write copies only the path to it; everything else is shared, and the result is frozen all the way down', () => {
    const state = base();
    const draft = createDraft(state);
    draft.draft.byId.p1.stock -= 1;
    const next = finishDraft(draft);
    expect(next).to.not.equal(state);
    expect(next.byId.p1).to.deep.equal({ name: 'Pen', stock: 3 });
    expect(state.byId.p1.stock).to.equal(4);
    expect(next.byId.p2).to.equal(state.byId.p2);
    expect(next.items).to.equal(state.items);
    expect(next.meta).to.equal(state.meta);
    expect(isDeepFrozen(next)).to.equal(true);
  });

  it('new records, deletions, array methods and sorting work through the draft', () => {
    const state = base();
    const draft = createDraft(state);
    const shop = draft.draft;
    shop.byId.p3 = { name: 'Pad', stock: 9 };
    delete shop.byId.p2;
    shop.items.push({ id: 'd', qty: 4, tags: [] });
    shop.items.sort((x, y) => (x.id < y.id ? -1 : 1));
    shop.items[0].tags.push('first');
    shop.meta.note = 'sorted';
    const next = finishDraft(draft);
    expect(Object.keys(next.byId)).to.deep.equal(['p1', 'p3']);
    expect(next.items.map((i) => i.id)).to.deep.equal(['a', 'b', 'c', 'd']);
    expect(next.items[0]).to.deep.equal({ id: 'a', qty: 1, tags: ['first'] });
    expect(next.items[1]).to.equal(state.items[0]);
    expect(next.meta).to.deep.equal({ version: 1, note: 'sorted' });
    expect(JSON.stringify(state)).to.equal(JSON.stringify(base()));
    expect(isDeepFrozen(next)).to.equal(true);
  });

  it('a draft stored somewhere else becomes what it turned into, there too', () => {
    const state = base();
    const draft = createDraft(state);
    const pen = draft.draft.byId.p1 as { name: string; stock: number; extra?: { box: unknown } };
    pen.stock = 10;
    pen.extra = { box: draft.draft.items[2] };
    draft.draft.items[2].qty = 30;
    draft.draft.meta = { version: 2, note: 'moved' };
    (draft.draft as unknown as { featured: unknown }).featured = { product: pen, list: [draft.draft.byId.p2] };
    const next = finishDraft(draft) as Shop & { featured: { product: unknown; list: unknown[] } };
    expect(next.featured.product).to.equal(next.byId.p1);
    expect(next.featured.list[0]).to.equal(state.byId.p2);
    expect((next.byId.p1 as { extra?: { box: unknown } }).extra!.box).to.equal(next.items[2]);
    expect(next.items[2]).to.deep.equal({ id: 'c', qty: 30, tags: ['y', 'z'] });
    expect(isDraft(next.featured.product)).to.equal(false);
    expect(isDeepFrozen(next)).to.equal(true);
  });

  it('results that hold drafts get the values the drafts became; original() gives the state the call found', () => {
    const state = base();
    const draft = createDraft(state);
    const pen = draft.draft.byId.p1;
    expect(isDraft(pen)).to.equal(true);
    expect(original(pen)).to.equal(state.byId.p1);
    pen.stock = 0;
    const result = { product: pen, untouched: draft.draft.byId.p2, count: 1 };
    const next = finishDraft(draft);
    const detached = detachDrafts(result) as { product: unknown; untouched: unknown; count: number };
    expect(detached.product).to.equal(next.byId.p1);
    expect(detached.untouched).to.equal(state.byId.p2);
    expect(detached.count).to.equal(1);
  });

  it('keys, entries, spread and JSON read the draft as it is now', () => {
    const draft = createDraft(base());
    draft.draft.byId.p9 = { name: 'Clip', stock: 1 };
    expect(Object.keys(draft.draft.byId)).to.deep.equal(['p1', 'p2', 'p9']);
    expect(Object.hasOwn(draft.draft.byId, 'p9')).to.equal(true);
    expect('p2' in draft.draft.byId).to.equal(true);
    expect({ ...draft.draft.byId }.p9).to.deep.equal({ name: 'Clip', stock: 1 });
    expect(Array.isArray(draft.draft.items)).to.equal(true);
    expect(JSON.parse(JSON.stringify(draft.draft.items))).to.deep.equal(JSON.parse(JSON.stringify(base().items)));
    expect(Object.entries(draft.draft.byId).length).to.equal(3);
  });

  describe('editDraft: plain mutable copies by path, without Proxies', () => {
    it('copies the object at a path and its parents once, shares the rest, and freezes the result', () => {
      const state = base();
      const draft = createDraft(state);
      const pen = editDraft<{ name: string; stock: number }>(draft, ['byId', 'p1']);
      expect(isDraft(pen)).to.equal(false);
      pen.stock = 7;
      expect(editDraft(draft, ['byId', 'p1'])).to.equal(pen);
      expect(madeProxies(draft)).to.equal(false);
      const next = finishDraft(draft);
      expect(next.byId.p1).to.equal(pen);
      expect(next.byId.p1).to.deep.equal({ name: 'Pen', stock: 7 });
      expect(next.byId.p2).to.equal(state.byId.p2);
      expect(next.items).to.equal(state.items);
      expect(state.byId.p1.stock).to.equal(4);
      expect(isDeepFrozen(next)).to.equal(true);
    });

    it('new records written into an edited copy are frozen, and drafts put there become what they turned into', () => {
      const state = base();
      const draft = createDraft(state);
      const byId = editDraft<Record<string, unknown>>(draft, ['byId']);
      byId.p3 = { name: 'Pad', stock: 9, sizes: ['A4', 'A5'] };
      const items = draft.draft.items;
      items[0].qty = 20;
      byId.first = items[0];
      const next = finishDraft(draft) as Shop & { byId: Record<string, unknown> };
      expect(next.byId.p3).to.deep.equal({ name: 'Pad', stock: 9, sizes: ['A4', 'A5'] });
      expect(next.byId.first).to.equal(next.items[0]);
      expect(next.items[0]).to.deep.equal({ id: 'b', qty: 20, tags: ['x'] });
      expect(isDraft(next.byId.first)).to.equal(false);
      expect(isDeepFrozen(next)).to.equal(true);
    });

    it('the Proxy draft sees edits made by path, and a path under an edited copy reaches the same data', () => {
      const draft = createDraft(base());
      editDraft<{ version: number }>(draft, ['meta']).version = 5;
      expect(draft.draft.meta.version).to.equal(5);
      draft.draft.byId.p2.stock = 3;
      const ink = editDraft<{ stock: number }>(draft, ['byId', 'p2']);
      expect(ink.stock).to.equal(3);
      ink.stock = 4;
      expect(draft.draft.byId.p2.stock).to.equal(4);
      const next = finishDraft(draft);
      expect(next.meta.version).to.equal(5);
      expect(next.byId.p2.stock).to.equal(4);
    });

    it('new data written earlier in the call is edited in place; paths to nothing are a clear error', () => {
      const draft = createDraft(base());
      editDraft<Record<string, unknown>>(draft, ['byId']).p4 = { name: 'Tape', stock: 1, box: { count: 2 } };
      editDraft<{ count: number }>(draft, ['byId', 'p4', 'box']).count = 3;
      expect(() => editDraft(draft, ['byId', 'p9'])).to.throw(TypeError, /byId\.p9 is not an object or array in the state \(it is undefined\)/);
      expect(() => editDraft(draft, ['meta', 'version'])).to.throw(TypeError, /meta\.version is not an object/);
      const next = finishDraft(draft) as Shop & { byId: Record<string, { box?: { count: number } }> };
      expect(next.byId.p4.box).to.deep.equal({ count: 3 });
      expect(isDeepFrozen(next)).to.equal(true);
    });

    it('keys deleted through the draft or from an edited copy are gone from the state, which stays frozen and ordered', () => {
      const state = base();
      const draft = createDraft(state);
      delete draft.draft.byId.p1;
      const meta = editDraft<Record<string, unknown>>(draft, ['meta']);
      meta.note = 'n';
      delete meta.version;
      const next = finishDraft(draft);
      expect(Object.keys(next.byId)).to.deep.equal(['p2']);
      expect(next.byId.p2).to.equal(state.byId.p2);
      expect(next.meta).to.deep.equal({ note: 'n' });
      expect(isDeepFrozen(next)).to.equal(true);
    });

    it('an edit that changes nothing still gives a new state equal to the old one; a failed call keeps nothing', () => {
      const state = base();
      const untouched = createDraft(state);
      editDraft(untouched, ['meta']);
      expect(finishDraft(untouched)).to.deep.equal(state);
      const abandoned = createDraft(state);
      editDraft<{ stock: number }>(abandoned, ['byId', 'p1']).stock = 0;
      expect(state.byId.p1.stock).to.equal(4);
    });
  });
  describe('putDraft: one slot set by path, without Proxies or a scan of the copies', () => {
    it('sets a value by path, making missing objects on the way, and shares and freezes as editDraft does', () => {
      const state = base();
      const draft = createDraft(state);
      putDraft(draft, ['byId', 'p3'], { name: 'Pad', stock: 9 });
      putDraft(draft, ['byId', 'p1', 'stock'], 7);
      putDraft(draft, ['extra', 'k1', 'a'], 1);
      putDraft(draft, ['extra', 'k1', 'b'], 2);
      putDraft(draft, ['extra', 'k2'], { c: 3 });
      expect(madeProxies(draft)).to.equal(false);
      const next = finishDraft(draft) as Shop & { extra: unknown };
      expect(next.byId).to.deep.equal({ p1: { name: 'Pen', stock: 7 }, p2: state.byId.p2, p3: { name: 'Pad', stock: 9 } });
      expect(Object.keys(next.byId)).to.deep.equal(['p1', 'p2', 'p3']);
      expect(next.extra).to.deep.equal({ k1: { a: 1, b: 2 }, k2: { c: 3 } });
      expect(next.byId.p2).to.equal(state.byId.p2);
      expect(next.items).to.equal(state.items);
      expect(state.byId.p1.stock).to.equal(4);
      expect(state.byId).to.not.have.property('p3');
      expect(isDeepFrozen(next)).to.equal(true);
    });

    it('agrees with the Proxy draft and editDraft copies of the same call, and drafts put there become what they turned into', () => {
      const draft = createDraft(base());
      draft.draft.byId.p2.stock = 3;
      putDraft(draft, ['byId', 'p2', 'name'], 'Ink 2');
      expect(draft.draft.byId.p2).to.include({ name: 'Ink 2', stock: 3 });
      const meta = editDraft<{ version: number }>(draft, ['meta']);
      putDraft(draft, ['meta', 'note'], 'n');
      meta.version = 9;
      const items = draft.draft.items;
      items[0].qty = 20;
      putDraft(draft, ['byId', 'first'], items[0]);
      const next = finishDraft(draft) as Shop & { byId: Record<string, unknown> };
      expect(next.byId.p2).to.deep.equal({ name: 'Ink 2', stock: 3 });
      expect(next.meta).to.deep.equal({ version: 9, note: 'n' });
      expect(next.byId.first).to.equal(next.items[0]);
      expect(isDraft(next.byId.first)).to.equal(false);
      expect(isDeepFrozen(next)).to.equal(true);
    });

    it('paths through values that are not objects are a clear error', () => {
      const draft = createDraft(base());
      expect(() => putDraft(draft, ['meta', 'version', 'x'], 1)).to.throw(TypeError, /meta\.version is not an object/);
      expect(() => putDraft(draft, [], 1)).to.throw(TypeError, /path is empty/);
      expect(finishDraft(draft)).to.deep.equal(base());
    });
  });
});
