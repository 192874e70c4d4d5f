import { expect } from 'chai';
import { freezeShared, shallowCopy } from '../../../servers/kit/shallowCopy.js';

/** Copies a frozen object several times, so that the compiled copier and the per-object cache are used too. */
function copies<T extends object>(source: T): T[] {
  return Array.from({ length: 4 }, () => shallowCopy(source));
}

describe('the domain kit: shallow copies of frozen state', () => {
  it('gives plain, unfrozen objects with the same own keys in the same order, every time', () => {
    const source = Object.freeze({ b: 1, a: { deep: true }, c: 'x', d: null, e: [1, 2] });
    for (const copy of copies(source)) {
      expect(copy).to.not.equal(source);
      expect(Object.isFrozen(copy)).to.equal(false);
      expect(Object.getPrototypeOf(copy)).to.equal(Object.prototype);
      expect(Object.keys(copy)).to.deep.equal(['b', 'a', 'c', 'd', 'e']);
      expect(copy).to.deep.equal(source);
      expect(copy.a).to.equal(source.a);
    }
  });

  it('keeps integer-like keys first and in order, and "__proto__" as an own key', () => {
    const source = JSON.parse('{"x":1,"10":2,"2":3,"__proto__":{"polluted":true},"y":4}') as Record<string, unknown>;
    Object.freeze(source);
    for (const copy of copies(source)) {
      expect(Object.keys(copy)).to.deep.equal(['2', '10', 'x', '__proto__', 'y']);
      expect(Object.getPrototypeOf(copy)).to.equal(Object.prototype);
      expect(Object.hasOwn(copy, '__proto__')).to.equal(true);
      expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    }
  });

  it('objects of one shape with other values copy their own values; other shapes are not confused with it', () => {
    const shape = (n: number) => Object.freeze({ id: `e_${n}`, name: `n${n}`, qty: n, tags: [n] });
    for (let n = 0; n < 6; n++) expect(copies(shape(n))[3]).to.deep.equal({ id: `e_${n}`, name: `n${n}`, qty: n, tags: [n] });
    const reordered = Object.freeze({ id: 'r', qty: 1, name: 'r', tags: [] });
    expect(Object.keys(shallowCopy(reordered))).to.deep.equal(['id', 'qty', 'name', 'tags']);
    const unfrozen: Record<string, unknown> = { id: 'u', name: 'u', qty: 1, tags: [] };
    shallowCopy(unfrozen);
    unfrozen.extra = true;
    expect(shallowCopy(unfrozen)).to.deep.equal({ id: 'u', name: 'u', qty: 1, tags: [], extra: true });
  });

  it('copies arrays as arrays', () => {
    const source = Object.freeze([3, 1, 2]);
    const copy = shallowCopy(source);
    expect(Array.isArray(copy)).to.equal(true);
    expect(copy).to.deep.equal([3, 1, 2]);
    expect(Object.isFrozen(copy)).to.equal(false);
  });

  it('freezeShared gives a frozen equal object whose later copies are plain, equal and in order', () => {
    const built: Record<string, unknown> = { z: 1, '7': 'seven', a: { nested: true }, __proto__x: 2 };
    const shared = freezeShared(built);
    expect(Object.isFrozen(shared)).to.equal(true);
    expect(shared).to.deep.equal(built);
    expect(Object.keys(shared)).to.deep.equal(['7', 'z', 'a', '__proto__x']);
    for (const copy of copies(shared)) {
      expect(Object.isFrozen(copy)).to.equal(false);
      expect(copy).to.deep.equal(built);
      expect(Object.keys(copy)).to.deep.equal(['7', 'z', 'a', '__proto__x']);
    }
    expect(freezeShared([1, 2])).to.deep.equal([1, 2]);
    expect(Object.isFrozen(freezeShared([1, 2]))).to.equal(true);
  });
});
