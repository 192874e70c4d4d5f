import type { GoldGraph } from './types.js';

// Transfers name their stores as from_store_id / to_store_id: still stores.
const STORE_SOURCES = ['list_retail_stores', 'get_retail_item_availability', 'list_retail_reservations', 'list_retail_transfers'];
const SKU_SOURCES = ['list_retail_store_stock', 'list_retail_transfers', 'list_retail_reservations'];
const BOTH = [...new Set([...STORE_SOURCES, ...SKU_SOURCES])];

export const gold: GoldGraph = {
  domain: 'retail_chain',
  explicit: {
    list_retail_store_stock: STORE_SOURCES,
    get_retail_item_availability: SKU_SOURCES,
    set_retail_store_price: BOTH,
    adjust_retail_stock: BOTH,
    create_retail_transfer: BOTH,
    create_retail_reservation: BOTH,
    receive_retail_transfer: ['list_retail_transfers', 'create_retail_transfer'],
    resolve_retail_reservation: ['list_retail_reservations', 'create_retail_reservation'],
  },
  implicit: [],
};
