/** How a member asks for each marketplace tool (slots are argument names), for data synthesis. */
export const marketplacePhrasings: Record<string, string[]> = {
  search_marketplace_listings: ['search the marketplace for {query}', 'find {category} listings', 'show me {format} listings under {max_price}'],
  get_marketplace_listing: ['show me {listing_id}', 'what is the current bid on {listing_id}', 'details of {listing_id}'],
  list_marketplace_user_listings: ['I am {user_id}; show the listings I am {role}', 'as {user_id}, list my {role} items'],
  list_marketplace_offers: ['I am {user_id}; show the offers I {role}', 'as {user_id}, list my {status} offers'],
  create_marketplace_listing: ['I am {user_id}; list my {title} in {category} as {format} at {price}', 'as {user_id}, sell {title} ({category}, {format}) for {price}'],
  place_marketplace_bid: ['I am {user_id}; bid {amount} on {listing_id}', 'as {user_id}, place a {amount} bid on {listing_id}'],
  buy_marketplace_listing: ['I am {user_id}; buy {listing_id} now', 'as {user_id}, buy {listing_id} at the asking price'],
  make_marketplace_offer: ['I am {user_id}; offer {amount} for {listing_id}', 'as {user_id}, send an offer of {amount} on {listing_id}'],
  respond_marketplace_offer: ['I am {user_id}; {decision} {offer_id}', 'as {user_id}, please {decision} {offer_id}'],
  watch_marketplace_listing: ['I am {user_id}; watch {listing_id}', 'as {user_id}, add {listing_id} to my watch list'],
  end_marketplace_listing: ['I am {user_id}; end {listing_id} early', 'as {user_id}, take down {listing_id}'],
  relist_marketplace_listing: ['I am {user_id}; relist {listing_id}', 'as {user_id}, put {listing_id} up again'],
  mark_marketplace_listing_shipped: ['I am {user_id}; mark {listing_id} shipped with {carrier}, tracking {tracking_number}', 'as {user_id}, {listing_id} went out via {carrier} ({tracking_number})'],
};
