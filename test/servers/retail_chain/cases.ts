import { expect } from 'chai';
import type { ToolCase } from '../ToolCase.js';

type Row = { sku: string; on_hand: number; reserved: number; available: number; price: number };
const row = (r: { items: Row[] }, sku: string): Row => r.items.find((i) => i.sku === sku)!;

/**
 * Conformance cases of the retail_chain domain, played in order on one fresh session of the seed-42
 * world (fixtures/retail_chain/world.json, reference date Monday 2026-03-16 10:00Z). The Pearl
 * District store (st_1, open Monday 09:00-20:00, closed Sundays) has 19 Summit 55L Backpacks
 * (NW-1002) at 214.00 (list 219.00, cost 98.55) and 10 Two-Person Dome Tents (NW-1013). It gets 6
 * more tents, ships 4 to Capitol Hill (st_3), which receives them, and a customer reserves 2 tents
 * and collects them. New ids continue after the world's highest: adj_88, trf_27, res_63.
 */
export const retailChainCases: ToolCase[] = [
  {
    title: 'the Portland stores with their hours; Pearl District is open on Monday morning',
    tool: 'list_retail_stores',
    args: { city: 'Portland' },
    ok: true,
    check: (r) => {
      expect(r.count).to.equal(2);
      expect(r.stores[0]).to.include({ store_id: 'st_1', name: 'Pearl District', open_now: true });
      expect(r.stores[0].hours.sun).to.equal(null);
    },
  },
  { title: 'a city without a store names the cities there are', tool: 'list_retail_stores', args: { city: 'Atlantis' }, ok: false, errorIncludes: ['no store in Atlantis', 'Portland'] },
  {
    title: 'a store\'s packs with its own price and counts',
    tool: 'list_retail_store_stock',
    args: { store_id: 'st_1', query: 'pack' },
    ok: true,
    check: (r) => expect(row(r, 'NW-1002')).to.include({ on_hand: 19, reserved: 0, available: 19, price: 214 }),
  },
  { title: 'an unknown store names the closest one', tool: 'list_retail_store_stock', args: { store_id: 'st_19' }, ok: false, errorIncludes: ['store st_19 not found', 'did you mean st_1', 'list_retail_stores'] },
  {
    title: 'availability of an item across all 8 stores, by SKU in any case',
    tool: 'get_retail_item_availability',
    args: { sku: 'nw-1013' },
    ok: true,
    check: (r) => {
      expect(r).to.include({ sku: 'NW-1013', name: 'Two-Person Dome Tent', list_price: 299 });
      expect(r.stores).to.have.length(8);
      expect(r.stores[0]).to.include({ store_id: 'st_1', available: 10 });
    },
  },
  { title: 'an unknown SKU is not found', tool: 'get_retail_item_availability', args: { sku: 'NW-10133' }, ok: false, errorIncludes: ['item NW-10133 not found', 'did you mean NW-1013'] },
  {
    title: 'one store lowers its price; the previous one is returned',
    tool: 'set_retail_store_price',
    args: { store_id: 'st_1', sku: 'NW-1002', price: 199 },
    ok: true,
    check: (r) => {
      expect(r.previous_price).to.equal(214);
      expect(r.item).to.include({ price: 199, store_id: 'st_1' });
    },
  },
  { title: 'a price below unit cost is refused with the lowest allowed', tool: 'set_retail_store_price', args: { store_id: 'st_1', sku: 'NW-1002', price: 50 }, ok: false, errorIncludes: ['below the unit cost', '98.55'] },
  {
    title: 'a delivery of 6 tents is counted in',
    tool: 'adjust_retail_stock',
    args: { store_id: 'st_1', sku: 'NW-1013', quantity: 6, reason: 'received' },
    ok: true,
    check: (r) => {
      expect(r.adjustment_id).to.equal('adj_88');
      expect(r.item).to.include({ on_hand: 16, available: 16 });
    },
  },
  { title: 'damage that adds units is refused', tool: 'adjust_retail_stock', args: { store_id: 'st_1', sku: 'NW-1013', quantity: 2, reason: 'damaged' }, ok: false, errorIncludes: ['removes units', 'negative'] },
  {
    title: '4 tents ship to Capitol Hill: they leave Pearl District and are in transit',
    tool: 'create_retail_transfer',
    args: { from_store_id: 'st_1', to_store_id: 'st_3', sku: 'NW-1013', quantity: 4 },
    ok: true,
    check: (r) => expect(r.transfer).to.include({ transfer_id: 'trf_27', status: 'in_transit', quantity: 4, shipped_on: '2026-03-16', received_on: null }),
  },
  { title: 'a transfer to the same store is refused', tool: 'create_retail_transfer', args: { from_store_id: 'st_1', to_store_id: 'st_1', sku: 'NW-1013', quantity: 1 }, ok: false, errorIncludes: ['two different stores'] },
  { title: 'shipping more than is available is refused with the count', tool: 'create_retail_transfer', args: { from_store_id: 'st_1', to_store_id: 'st_3', sku: 'NW-1013', quantity: 13 }, ok: false, errorIncludes: ['only 12', 'available'] },
  {
    title: 'Capitol Hill sees the tents coming',
    tool: 'list_retail_transfers',
    args: { store_id: 'st_3', status: 'in_transit' },
    ok: true,
    check: (r) => expect(r.transfers[0]).to.include({ transfer_id: 'trf_27', to_store_id: 'st_3' }),
  },
  { title: 'transfers of an unknown store are refused', tool: 'list_retail_transfers', args: { store_id: 'st_30' }, ok: false, errorIncludes: ['store st_30 not found'] },
  {
    title: 'Capitol Hill receives the transfer',
    tool: 'receive_retail_transfer',
    args: { transfer_id: 'trf_27' },
    ok: true,
    check: (r) => {
      expect(r.transfer).to.include({ status: 'received', received_on: '2026-03-16' });
      expect(r.item).to.include({ store_id: 'st_3', sku: 'NW-1013', incoming: 0 });
    },
  },
  { title: 'a transfer is received only once', tool: 'receive_retail_transfer', args: { transfer_id: 'trf_27' }, ok: false, errorIncludes: ['already received', 'in_transit'] },
  {
    title: 'a customer reserves 2 tents at Pearl District for today',
    tool: 'create_retail_reservation',
    args: { store_id: 'st_1', sku: 'NW-1013', quantity: 2, customer_name: 'Dana Whitfield', customer_email: 'Dana.Whitfield@example.com', pickup_date: '2026-03-16' },
    ok: true,
    check: (r) => expect(r.reservation).to.include({ reservation_id: 'res_63', status: 'reserved', quantity: 2, customer_email: 'dana.whitfield@example.com', price: 299 }),
  },
  {
    title: 'a pickup on a day the store is closed is refused with the open days',
    tool: 'create_retail_reservation',
    args: { store_id: 'st_1', sku: 'NW-1013', customer_name: 'Dana Whitfield', customer_email: 'dana.whitfield@example.com', pickup_date: '2026-03-22' },
    ok: false,
    errorIncludes: ['closed on 2026-03-22', 'open on 2026-03-16'],
  },
  {
    title: 'reservations by customer name',
    tool: 'list_retail_reservations',
    args: { customer: 'whitfield', status: 'reserved' },
    ok: true,
    check: (r) => {
      expect(r.count).to.equal(1);
      expect(r.reservations[0]).to.include({ reservation_id: 'res_63', store_name: 'Pearl District', overdue: false });
    },
  },
  { title: 'reservations of an unknown store are refused', tool: 'list_retail_reservations', args: { store_id: 'st_1x' }, ok: false, errorIncludes: ['store st_1x not found'] },
  {
    title: 'the customer collects: the units leave the store',
    tool: 'resolve_retail_reservation',
    args: { reservation_id: 'res_63', outcome: 'picked_up' },
    ok: true,
    check: (r) => {
      expect(r.reservation).to.include({ status: 'picked_up' });
      expect(r.item).to.include({ store_id: 'st_1', on_hand: 10, reserved: 0 });
    },
  },
  { title: 'a collected reservation cannot be closed again', tool: 'resolve_retail_reservation', args: { reservation_id: 'res_63', outcome: 'cancelled' }, ok: false, errorIncludes: ['already picked up'] },
  { title: 'a pickup before its day is refused', tool: 'resolve_retail_reservation', args: { reservation_id: 'res_55', outcome: 'picked_up' }, ok: false, errorIncludes: ['2026-03-18', 'not before'] },
];
