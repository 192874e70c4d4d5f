import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { domainRuntime, type DomainSession } from '../../../servers/kit/DomainSession.js';
import { retailChainDomain } from '../../../servers/retail_chain/RetailChainDomain.js';
import type { RetailChainState } from '../../../servers/retail_chain/RetailChainState.js';
import { generateWorld, renderWorld } from '../../../servers/retail_chain/generateWorld.js';
import { REPO_ROOT } from '../../support/project.js';
import { ok, refused } from '../support/domainCalls.js';

const runtime = domainRuntime(retailChainDomain);

/** Units of an item the chain holds: on hand in every store plus in transit. */
function chainUnits(state: RetailChainState, sku: string): number {
  let units = 0;
  for (const storeId of Object.keys(state.stock)) units += state.stock[storeId][sku].on_hand;
  for (const t of Object.values(state.transfers)) if (t.sku === sku && t.status === 'in_transit') units += t.quantity;
  return units;
}

describe('retail_chain: the world', () => {
  it('renderWorld(42) is the committed fixture byte for byte; another seed gives another world that keeps every invariant', () => {
    expect(renderWorld(42)).to.equal(readFileSync(join(REPO_ROOT, 'fixtures', 'retail_chain', 'world.json'), 'utf8'));
    const other = generateWorld(7);
    expect(JSON.stringify(other.stock)).to.not.equal(JSON.stringify(runtime.world.stock));
    for (const invariant of retailChainDomain.invariants) expect(invariant.check(other, other), invariant.name).to.equal(undefined);
  });

  it('has 8 stores × 48 items, transfers in transit and received, open and closed reservations, nothing after the reference day but pickups', () => {
    const w = runtime.world;
    expect(Object.keys(w.stores)).to.have.length(8);
    expect(Object.keys(w.items)).to.have.length(48);
    const transfers = Object.values(w.transfers);
    expect(transfers.filter((t) => t.status === 'in_transit').length).to.be.at.least(3);
    expect(transfers.every((t) => t.shipped_on <= '2026-03-16')).to.equal(true);
    const reservations = Object.values(w.reservations);
    expect(new Set(reservations.map((r) => r.status))).to.have.keys('reserved', 'picked_up', 'cancelled');
    expect(reservations.every((r) => r.created_on <= '2026-03-16' && (r.status === 'reserved' || r.pickup_date <= '2026-03-16'))).to.equal(true);
  });
});

describe('retail_chain: rules', () => {
  it('stock on hand + in transit is conserved through a transfer until it is received, and reservations hold units out of what can ship', () => {
    const session = runtime.openSession();
    const before = chainUnits(session.state, 'NW-1013');
    const { transfer } = ok(session, 'create_retail_transfer', { from_store_id: 'st_1', to_store_id: 'st_2', sku: 'NW-1013', quantity: 3 });
    expect(session.state.stock.st_1['NW-1013'].on_hand).to.equal(7);
    expect(chainUnits(session.state, 'NW-1013')).to.equal(before);
    expect(ok(session, 'get_retail_item_availability', { sku: 'NW-1013' }).stores[1].incoming).to.be.at.least(3);
    ok(session, 'receive_retail_transfer', { transfer_id: transfer.transfer_id });
    expect(chainUnits(session.state, 'NW-1013')).to.equal(before);
    ok(session, 'create_retail_reservation', { store_id: 'st_1', sku: 'NW-1013', quantity: 5, customer_name: 'Ana Ruiz', customer_email: 'ana@example.com', pickup_date: '2026-03-17' });
    refused(session, 'create_retail_transfer', { from_store_id: 'st_1', to_store_id: 'st_2', sku: 'NW-1013', quantity: 3 }, 'only 2 Two-Person Dome Tent available');
    refused(session, 'adjust_retail_stock', { store_id: 'st_1', sku: 'NW-1013', quantity: -3, reason: 'recount' }, 'at most 2');
    expect(runtime.checkInvariants(session.state)).to.deep.equal([]);
  });

  it('a cancelled reservation gives its units back; pickups are only on days the store opens, within a week', () => {
    const session = runtime.openSession();
    const { reservation } = ok(session, 'create_retail_reservation', { store_id: 'st_1', sku: 'NW-1002', customer_name: 'Ana Ruiz', customer_email: 'ana@example.com', pickup_date: '2026-03-20' });
    expect(session.state.stock.st_1['NW-1002'].reserved).to.equal(1);
    ok(session, 'resolve_retail_reservation', { reservation_id: reservation.reservation_id, outcome: 'cancelled' });
    expect(session.state.stock.st_1['NW-1002']).to.include({ reserved: 0, on_hand: 19 });
    refused(session, 'create_retail_reservation', { store_id: 'st_1', sku: 'NW-1002', customer_name: 'A', customer_email: 'a@example.com', pickup_date: '2026-03-24' }, 'more than 7 days ahead');
    refused(session, 'create_retail_reservation', { store_id: 'st_1', sku: 'NW-1002', customer_name: 'A', customer_email: 'a@example.com', pickup_date: '2026-03-15' }, 'in the past');
    refused(session, 'set_retail_store_price', { store_id: 'st_1', sku: 'NW-1002', price: 500 }, 'more than twice the list price');
    expect(runtime.checkInvariants(session.state)).to.deep.equal([]);
  });
});
