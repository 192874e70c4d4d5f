/** How people ask for each retail_chain tool (slots are argument names), for data synthesis. */
export const retailChainPhrasings: Record<string, string[]> = {
  list_retail_stores: ['which of your stores are open right now', 'what are the hours of your stores in {city}', 'list the stores in {city}'],
  list_retail_store_stock: ['what does {store_id} have in stock', 'show me the {query} items at {store_id}', 'check the shelves of {store_id}'],
  get_retail_item_availability: ['which store has {sku} in stock', 'where can I get {sku}', 'how many {sku} are there across the stores'],
  set_retail_store_price: ['change the price of {sku} at {store_id} to {price}', 'set {sku} to {price} at {store_id}', 'price {sku} at {price} in {store_id}'],
  adjust_retail_stock: ['we got a delivery of {quantity} {sku} at {store_id}', 'log {quantity} units of {sku} as {reason} at {store_id}', 'add {quantity} {sku} to the count at {store_id}'],
  list_retail_transfers: ['what transfers are going to or from {store_id}', 'show the {status} transfers', 'list the stock transfers of {store_id}'],
  create_retail_transfer: ['send {quantity} {sku} from {from_store_id} to {to_store_id}', 'move {quantity} units of {sku} from {from_store_id} over to {to_store_id}', 'transfer {quantity} {sku} from {from_store_id} to {to_store_id}'],
  receive_retail_transfer: ['{transfer_id} just arrived, check it in', 'receive {transfer_id} at the store', 'mark {transfer_id} as received'],
  list_retail_reservations: ['which pickups are waiting at {store_id}', 'show the {status} click-and-collect orders at {store_id}', 'list the reservations for {customer}'],
  create_retail_reservation: ['hold {quantity} {sku} at {store_id} for {customer_name} ({customer_email}) to pick up on {pickup_date}', 'reserve {sku} at {store_id} for pickup on {pickup_date} for {customer_name}, {customer_email}'],
  resolve_retail_reservation: ['mark {reservation_id} as {outcome}', 'close {reservation_id}: {outcome}', '{reservation_id} is {outcome} now'],
};
