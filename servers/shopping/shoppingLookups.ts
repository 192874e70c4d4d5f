import { isFrozenState } from '../kit/isFrozenState.js';
import type { ToolContext } from '../kit/Domain.js';
import { shallowCopy } from '../kit/shallowCopy.js';
import { entryOf } from './entryOf.js';
import { cartCopy, freezeCart, putEntry } from './shoppingWrites.js';
import type { Cart, CartLine, Customer, Order, Product, ReturnRequest, ShoppingState, Variant } from './ShoppingState.js';

/**
 * Finding the entity a tool call names, failing with a message that says what exists instead and
 * which tool lists it.
 */

type Context = ToolContext<ShoppingState>;

/**
 * The state to read from: the frozen state the call started from (`ctx.base`). In a tool that
 * changes state, `ctx.state` is a copy-on-write Proxy draft, and every read through it costs a
 * trap (and a new draft per object read); so handlers look up, check and build results from the
 * frozen state, and store the whole objects they changed with shoppingWrites.ts.
 */
export function readable(ctx: Context): ShoppingState {
  return ctx.base as ShoppingState;
}

/** A fresh id from the session's counter, skipping any the world already uses. */
export function freshId(ctx: Context, prefix: string, taken: (id: string) => boolean): string {
  for (;;) {
    const id = ctx.nextId(prefix);
    if (!taken(id)) return id;
  }
}

/** The number in an id such as `cart_12`, for natural ordering. */
function idNumber(id: string): number {
  return Number(id.slice(id.lastIndexOf('_') + 1)) || 0;
}

function listSome(ids: readonly string[], max = 10): string {
  if (ids.length === 0) return '(none)';
  return ids.length > max ? `${ids.slice(0, max).join(', ')} … (${ids.length} in all)` : ids.join(', ');
}

export function variantLabel(state: ShoppingState, variant: Variant): string {
  const product = state.products[variant.product_id];
  return `'${product?.title ?? variant.product_id} — ${variant.title}' (${variant.id})`;
}

/** `var_1 (Size=M, Color=Black; 4 in stock), …` for every variant of a product. */
export function describeVariants(state: ShoppingState, product: Product): string {
  return product.variant_ids
    .map((id) => {
      const variant = entryOf(state.variants, id)!;
      const options = product.option_names.map((name) => `${name}=${variant.options[name]}`).join(', ');
      const stock = variant.stock > 0 ? `${variant.stock} in stock` : 'out of stock';
      return `${id} (${options ? `${options}; ` : ''}${stock})`;
    })
    .join(', ');
}

export function requireCustomer(ctx: Context, customerId: string): Customer {
  const customer = readable(ctx).customers[customerId];
  if (customer === undefined) {
    return ctx.fail(`customer ${customerId} does not exist; customer ids look like cust_101 — find a customer by email with get_customer_account`);
  }
  return customer;
}

export function requireProduct(ctx: Context, productId: string): Product {
  const product = readable(ctx).products[productId];
  if (product !== undefined) return product;
  const variant = entryOf(readable(ctx).variants, productId)!;
  if (variant !== undefined) {
    return ctx.fail(`${productId} is a variant id, not a product id: it belongs to product ${variant.product_id} ('${readable(ctx).products[variant.product_id]?.title}'); pass product_id ${variant.product_id}`);
  }
  return ctx.fail(`product ${productId} does not exist; find products and their ids with search_catalog_products`);
}

export function requireVariant(ctx: Context, variantId: string): Variant {
  const variant = entryOf(readable(ctx).variants, variantId)!;
  if (variant !== undefined) return variant;
  const product = readable(ctx).products[variantId];
  if (product !== undefined) {
    return ctx.fail(`${variantId} is a product id, not a variant id; the variants of '${product.title}' are: ${describeVariants(readable(ctx), product)}`);
  }
  return ctx.fail(`variant ${variantId} does not exist; get_catalog_product lists a product's variant ids and options`);
}

/** The cart as the call found it (frozen): change a copy from `editableCart` and store it with `storeCart`. */
export function requireCart(ctx: Context, cartId: string): Cart {
  const carts = readable(ctx).carts;
  const cart = carts[cartId];
  if (cart === undefined) {
    // Each id's number parsed once, not per comparison.
    const numbered: Array<{ id: string; number: number }> = [];
    for (const id of Object.keys(carts)) if (carts[id].status === 'open') numbered.push({ id, number: idNumber(id) });
    numbered.sort((a, b) => b.number - a.number);
    const open = numbered.map((entry) => entry.id);
    return ctx.fail(`cart ${cartId} does not exist; open carts, newest first: ${listSome(open)}; create one with create_cart`);
  }
  return cart;
}

/** A cart that can still change: not yet checked out. */
export function requireOpenCart(ctx: Context, cartId: string): Cart {
  const cart = requireCart(ctx, cartId);
  if (cart.status !== 'open') {
    const order = cart.order_id === null ? undefined : entryOf(readable(ctx).orders, cart.order_id);
    return ctx.fail(`cart ${cartId} was already checked out as order ${order?.name ?? ''} (${cart.order_id}) and cannot change; create a new cart with create_cart`);
  }
  return cart;
}

/**
 * A plain, writable copy of a frozen cart, with a writable copy of its list of lines: a handler
 * changes and re-prices it at the speed of plain data, then stores it whole with `storeCart`. The
 * lines in the list are still the frozen ones; `editableLine` copies one before it changes.
 */
export function editableCart(cart: Cart): Cart {
  const next = cartCopy(cart);
  next.lines = [...cart.lines];
  return next;
}

/** Line `index` of an editable cart's lines, made writable (copied once if it is still the frozen one). */
export function editableLine(lines: CartLine[], index: number): CartLine {
  const line = lines[index];
  if (!isFrozenState(line)) return line;
  const copy = shallowCopy(line);
  lines[index] = copy;
  return copy;
}

/** Put a changed cart into the state. */
export function storeCart(ctx: Context, cart: Cart): void {
  putEntry(ctx, 'carts', cart.id, freezeCart(cart));
}

/** Resolve an order by id (`ord_1042`) or number (`#1042`, `1042`). */
export function findOrder(state: ShoppingState, ref: string): Order | undefined {
  const direct = entryOf(state.orders, ref);
  if (direct !== undefined) return direct;
  const match = /^#?\s*(\d+)$/.exec(ref.trim());
  return match ? entryOf(state.orders, `ord_${match[1]}`) : undefined;
}

export function requireOrder(ctx: Context, ref: string): Order {
  const order = findOrder(readable(ctx), ref);
  if (order === undefined) {
    return ctx.fail(`order ${ref} does not exist; order ids look like ord_1042 (number #1042) — list a customer's orders with list_customer_orders`);
  }
  return order;
}

export function requireReturn(ctx: Context, returnId: string): ReturnRequest {
  const request = readable(ctx).returns[returnId];
  if (request !== undefined) return request;
  const order = findOrder(readable(ctx), returnId);
  if (order !== undefined) {
    return ctx.fail(`${returnId} is an order, not a return; returns of order ${order.name}: ${listSome(order.return_ids)}`);
  }
  return ctx.fail(`return ${returnId} does not exist; get_order_details lists an order's return ids`);
}

export { listSome };
