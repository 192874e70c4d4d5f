import { defineDomain } from '../kit/Domain.js';
import { loadFixture } from '../kit/fixtures.js';
import { RETAIL_REFERENCE_DATE, type RetailChainState } from './RetailChainState.js';
import { adjustRetailStock, createRetailReservation, createRetailTransfer, listRetailReservations, listRetailTransfers, receiveRetailTransfer, resolveRetailReservation } from './movementTools.js';
import { retailChainInvariants } from './retailChainInvariants.js';
import { retailChainPhrasings } from './retailChainPhrasings.js';
import { retailChainScenarios } from './retailChainScenarios.js';
import { retailChainSamplers } from './retailChainSamplers.js';
import { getRetailItemAvailability, listRetailStores, listRetailStoreStock, setRetailStorePrice } from './storeTools.js';

/**
 * A multi-store retailer after Square for Retail: stores with their own hours, stock and prices,
 * stock adjustments, transfers between stores with an in-transit state, and click-and-collect
 * reservations held at a chosen store.
 */
export const retailChainDomain = defineDomain<RetailChainState>({
  name: 'retail_chain',
  title: 'Retail chain',
  category: 'commerce',
  description:
    'A Square-for-Retail-like back office of Northwind Outfitters, an outdoor-goods chain of 8 stores: each store has its own opening hours, its own count ' +
    'and price of the 48 catalog items, stock adjustments (deliveries, returns, damage, recounts), transfers between stores that are in transit until ' +
    'received, and click-and-collect reservations that hold units at a chosen store until picked up or cancelled.',
  tools: [
    listRetailStores,
    listRetailStoreStock,
    getRetailItemAvailability,
    setRetailStorePrice,
    adjustRetailStock,
    listRetailTransfers,
    createRetailTransfer,
    receiveRetailTransfer,
    listRetailReservations,
    createRetailReservation,
    resolveRetailReservation,
  ],
  loadWorld: () => loadFixture<RetailChainState>('retail_chain'),
  defaultReferenceDate: RETAIL_REFERENCE_DATE,
  samplers: retailChainSamplers,
  invariants: retailChainInvariants,
  phrasings: retailChainPhrasings,
  scenarios: retailChainScenarios,
});

export default retailChainDomain;
