import { closestName } from '../kit/closestName.js';
import { defineTool } from '../kit/Domain.js';
import type { Address, Customer, FoodDeliveryState } from './FoodDeliveryState.js';
import { customerArg, objectOutput, requireCustomer } from './foodLookups.js';
import { STREETS, geocode } from './streets.js';

/** Saved delivery addresses. */

const MAX_ADDRESSES = 8;
const addressSchema = { type: 'object', properties: { address_id: { type: 'string', description: 'Id, e.g. addr_7.' }, label: { type: 'string', description: 'Home, Work, …' }, street: { type: 'string', description: 'Number and street.' }, is_default: { type: 'boolean', description: 'Used when an order names no address.' } }, required: ['address_id', 'label', 'street'] };

const view = (a: Address, i: number) => ({ address_id: a.address_id, label: a.label, street: a.street, unit: a.unit, instructions: a.instructions, is_default: i === 0 });

export const listDeliveryAddresses = defineTool<FoodDeliveryState, { customer_id: string }>({
  name: 'list_delivery_addresses',
  description: 'A customer\'s saved delivery addresses (label, street, unit, drop-off instructions); the first is the default.',
  input: { type: 'object', properties: { customer_id: customerArg }, required: ['customer_id'], additionalProperties: false },
  output: objectOutput({ customer: { type: 'string', description: 'Customer name.' }, addresses: { type: 'array', items: addressSchema, description: 'Addresses, default first.' } }),
  annotations: { title: 'List addresses', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const customer = requireCustomer(ctx, args.customer_id);
    return { customer: customer.name, addresses: customer.addresses.map(view) };
  },
});

export const addDeliveryAddress = defineTool<FoodDeliveryState, { customer_id: string; label: string; street: string; unit?: string; instructions?: string; make_default?: boolean }>({
  name: 'add_delivery_address',
  description: `Save a delivery address for a customer: a label ("Work", "Mom's") and a street address in the city ("412 Alder St"), located on the city's streets. Refused for a label the customer already uses, a street the city does not have (the closest is named), or beyond ${MAX_ADDRESSES} addresses.`,
  input: {
    type: 'object',
    properties: {
      customer_id: customerArg,
      label: { type: 'string', minLength: 2, maxLength: 30, description: 'A name for it, e.g. "Work".' },
      street: { type: 'string', minLength: 4, maxLength: 80, description: 'House number and street, e.g. "412 Alder St".' },
      unit: { type: 'string', minLength: 1, maxLength: 20, description: 'Apartment or suite.' },
      instructions: { type: 'string', minLength: 1, maxLength: 200, description: 'Drop-off instructions for the dasher.' },
      make_default: { type: 'boolean', default: false, description: 'Use it when an order names no address.' },
    },
    required: ['customer_id', 'label', 'street'],
    additionalProperties: false,
  },
  output: objectOutput({ address: addressSchema, count: { type: 'integer', description: 'Saved addresses now.' } }),
  annotations: { title: 'Add address', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const customer = requireCustomer(ctx, args.customer_id);
    const label = args.label.trim();
    const same = customer.addresses.find((a) => a.label.toLowerCase() === label.toLowerCase());
    if (same !== undefined) ctx.fail(`${customer.name} already has an address called ${same.label} (${same.street}); pick another label`);
    if (customer.addresses.length >= MAX_ADDRESSES) ctx.fail(`${customer.name} has ${MAX_ADDRESSES} saved addresses, the most allowed`);
    const match = /^(\d{1,4})\s+(.+)$/.exec(args.street.trim());
    if (match === null) ctx.fail(`"${args.street}" is not a street address; give a house number and street, e.g. "412 Alder St"`);
    const streetName = match![2].toLowerCase().replace(/\.$/, '');
    const street = STREETS.find((s) => s.name.toLowerCase() === streetName);
    if (street === undefined) {
      const near = closestName(streetName, STREETS.map((s) => s.name.toLowerCase()));
      ctx.fail(`no street called ${match![2]} in the city${near ? `; did you mean ${STREETS.find((s) => s.name.toLowerCase() === near)!.name}?` : ''}`);
    }
    const address: Address = { address_id: ctx.nextId('addr'), label, street: `${Number(match![1])} ${street!.name}`, unit: args.unit?.trim() ?? '', instructions: args.instructions?.trim() ?? '', ...geocode(street!, Number(match![1])) };
    const addresses = args.make_default === true ? [address, ...customer.addresses] : [...customer.addresses, address];
    ctx.edit<Customer>('customers', customer.customer_id).addresses = addresses;
    return { address: view(address, args.make_default === true ? 0 : addresses.length - 1), count: addresses.length };
  },
});

