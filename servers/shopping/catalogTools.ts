import { isFrozenState } from '../kit/isFrozenState.js';
import { defineTool, type ToolDefinition } from '../kit/Domain.js';
import { bucketAt, bucketKey, entryOf } from './entryOf.js';
import { money, toCents } from './cartPricing.js';
import { requireProduct } from './shoppingLookups.js';
import type { Category, Product, Review, ShoppingState } from './ShoppingState.js';
import { CURRENCY } from './ShoppingState.js';
import { moneySchema, productPriceRange, productSummary, productSummarySchema } from './shoppingViews.js';

/** Catalog reads, after the Shopify Storefront API: product search, product detail, collections, reviews. */

const searchText = new WeakMap<object, { title: string; brandAndTags: string; rest: string }>();

/** Lower-cased searchable text of a product, computed once per (immutable) product object. */
function searchableText(state: ShoppingState, product: Product): { title: string; brandAndTags: string; rest: string } {
  let text = searchText.get(product);
  if (text === undefined) {
    text = {
      title: product.title.toLowerCase(),
      brandAndTags: `${product.brand} ${product.tags.join(' ')}`.toLowerCase(),
      rest: `${state.categories[product.category_id]?.name ?? ''} ${product.description}`.toLowerCase(),
    };
    if (isFrozenState(product)) searchText.set(product, text);
  }
  return text;
}

function queryWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 20);
}

/** What each query word is matched by: a word of more than three letters without its plural s. */
function stemsOf(words: readonly string[]): string[] {
  return words.map((word) => (word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word));
}

/** Relevance of a product for the query's stems (`stemsOf`): 0 when some stem matches nowhere. */
function relevance(state: ShoppingState, product: Product, stems: readonly string[]): number {
  const text = searchableText(state, product);
  let score = 0;
  for (const stem of stems) {
    if (text.title.includes(stem)) score += 3;
    else if (text.brandAndTags.includes(stem)) score += 2;
    else if (text.rest.includes(stem)) score += 1;
    else return 0;
  }
  return score;
}

interface SearchMatch {
  product: Product;
  score: number;
  min: number;
  max: number;
}

function byRating(a: SearchMatch, b: SearchMatch): number {
  return b.product.rating_average - a.product.rating_average || b.product.review_count - a.product.review_count;
}

function byId(a: SearchMatch, b: SearchMatch): number {
  return a.product.id < b.product.id ? -1 : 1;
}

/** The order of search results for each `sort`, ties broken by product id (made once, not per call). */
const MATCH_ORDER: Record<NonNullable<SearchArgs['sort']>, (a: SearchMatch, b: SearchMatch) => number> = {
  relevance: (a, b) => b.score - a.score || byRating(a, b) || byId(a, b),
  price_asc: (a, b) => a.min - b.min || byId(a, b),
  price_desc: (a, b) => b.max - a.max || byId(a, b),
  rating: (a, b) => byRating(a, b) || byId(a, b),
  newest: (a, b) => (a.product.created_at < b.product.created_at ? 1 : a.product.created_at > b.product.created_at ? -1 : 0) || byId(a, b),
};

interface SearchArgs {
  query?: string;
  category_id?: string;
  min_price?: number;
  max_price?: number;
  in_stock_only?: boolean;
  sort?: 'relevance' | 'price_asc' | 'price_desc' | 'rating' | 'newest';
  limit?: number;
  offset?: number;
}

export const searchCatalogProducts = defineTool<ShoppingState, SearchArgs>({
  name: 'search_catalog_products',
  description:
    'Search the store catalog. Filters combine: free-text query (matches title, brand, tags, category and description; every word must match), category_id (from list_catalog_categories), price range in USD (a product matches when one of its variants is priced inside the range) and in_stock_only. Returns product summaries (id, title, brand, category, price range, stock flag, rating) and the total number of matches; call get_catalog_product for variants, sizes, colors and stock.',
  input: {
    type: 'object',
    properties: {
      query: { type: 'string', maxLength: 200, description: 'Free-text search, e.g. "trail running shoes". Omit to list everything that matches the other filters.' },
      category_id: { type: 'string', maxLength: 100, description: 'Restrict to one category, e.g. "cat_footwear" (see list_catalog_categories).' },
      min_price: { type: 'number', minimum: 0, description: 'Lowest variant price to include, in USD.' },
      max_price: { type: 'number', minimum: 0, description: 'Highest variant price to include, in USD.' },
      in_stock_only: { type: 'boolean', description: 'Only products with at least one variant in stock (priced inside the range, when one is given). Default false.' },
      sort: { type: 'string', enum: ['relevance', 'price_asc', 'price_desc', 'rating', 'newest'], description: 'Result order. Default relevance (best text match first; by rating when there is no query).' },
      limit: { type: 'integer', minimum: 1, maximum: 50, description: 'Most products to return (1–50). Default 10.' },
      offset: { type: 'integer', minimum: 0, description: 'Matches to skip, for paging. Default 0.' },
    },
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: {
      total_count: { type: 'integer', description: 'Number of products matching the filters.' },
      offset: { type: 'integer' },
      products: { type: 'array', items: productSummarySchema },
      currency: { type: 'string' },
    },
    required: ['total_count', 'offset', 'products', 'currency'],
    additionalProperties: false,
  },
  annotations: { title: 'Search products', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    const state = ctx.state;
    if (args.category_id !== undefined && state.categories[args.category_id] === undefined) {
      return ctx.fail(`category ${args.category_id} does not exist; categories: ${Object.keys(state.categories).join(', ')}`);
    }
    if (args.min_price !== undefined && args.max_price !== undefined && args.min_price > args.max_price) {
      return ctx.fail(`min_price ${args.min_price} is greater than max_price ${args.max_price}; give a range with min_price ≤ max_price`);
    }
    const stems = stemsOf(queryWords(args.query ?? ''));
    const minCents = args.min_price === undefined ? -Infinity : toCents(args.min_price);
    const maxCents = args.max_price === undefined ? Infinity : toCents(args.max_price);
    const productIds = args.category_id !== undefined ? state.categories[args.category_id].product_ids : Object.keys(state.products);
    const matches: SearchMatch[] = [];
    for (const id of productIds) {
      const product = state.products[id];
      let inRange = false;
      for (const variantId of product.variant_ids) {
        const variant = entryOf(state.variants, variantId)!;
        if (variant.price_cents < minCents || variant.price_cents > maxCents) continue;
        if (args.in_stock_only && variant.stock === 0) continue;
        inRange = true;
        break;
      }
      if (!inRange) continue;
      const score = stems.length === 0 ? 1 : relevance(state, product, stems);
      if (score === 0) continue;
      const range = productPriceRange(state, product);
      matches.push({ product, score, min: range.min, max: range.max });
    }
    if (matches.length > 1) matches.sort(MATCH_ORDER[args.sort ?? 'relevance']);
    const offset = args.offset ?? 0;
    const page = matches.slice(offset, offset + (args.limit ?? 10));
    return { total_count: matches.length, offset, products: page.map((m) => productSummary(state, m.product)), currency: CURRENCY };
  },
});

export const getCatalogProduct = defineTool<ShoppingState, { product_id: string }>({
  name: 'get_catalog_product',
  description:
    'Get one product with all its variants: each variant\'s id, options (e.g. Size, Color), price (and compare-at price when on sale), units in stock and SKU, plus the product\'s option values, per-order quantity limit, final-sale flag and rating. Use it to pick the variant_id for add_cart_line.',
  input: {
    type: 'object',
    properties: { product_id: { type: 'string', maxLength: 100, description: 'Product id, e.g. "prod_104" (from search_catalog_products).' } },
    required: ['product_id'],
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: {
      product_id: { type: 'string' },
      title: { type: 'string' },
      brand: { type: 'string' },
      description: { type: 'string' },
      category_id: { type: 'string' },
      category_name: { type: 'string' },
      tags: { type: 'array', items: { type: 'string' } },
      options: {
        type: 'array',
        items: {
          type: 'object',
          properties: { name: { type: 'string' }, values: { type: 'array', items: { type: 'string' } } },
          required: ['name', 'values'],
          additionalProperties: false,
        },
      },
      variants: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            variant_id: { type: 'string' },
            sku: { type: 'string' },
            title: { type: 'string' },
            options: { type: 'object', additionalProperties: { type: 'string' } },
            price: moneySchema,
            compare_at_price: { type: ['number', 'null'], description: 'Regular price when on sale, else null.' },
            available_quantity: { type: 'integer' },
            in_stock: { type: 'boolean' },
            weight_grams: { type: 'integer' },
          },
          required: ['variant_id', 'sku', 'title', 'options', 'price', 'compare_at_price', 'available_quantity', 'in_stock', 'weight_grams'],
          additionalProperties: false,
        },
      },
      price_min: moneySchema,
      price_max: moneySchema,
      in_stock: { type: 'boolean' },
      max_quantity_per_order: { type: 'integer', description: 'Most units of one variant a single order may contain.' },
      final_sale: { type: 'boolean', description: 'Final-sale products cannot be returned.' },
      rating_average: { type: 'number' },
      review_count: { type: 'integer' },
      currency: { type: 'string' },
    },
    required: ['product_id', 'title', 'brand', 'description', 'category_id', 'category_name', 'tags', 'options', 'variants', 'price_min', 'price_max', 'in_stock', 'max_quantity_per_order', 'final_sale', 'rating_average', 'review_count', 'currency'],
    additionalProperties: false,
  },
  annotations: { title: 'Get product', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    const state = ctx.state;
    const product = requireProduct(ctx, args.product_id);
    const range = productPriceRange(state, product);
    const options = product.option_names.map((name) => {
      const values: string[] = [];
      for (const id of product.variant_ids) {
        const value = entryOf(state.variants, id)!.options[name];
        if (value !== undefined && !values.includes(value)) values.push(value);
      }
      return { name, values };
    });
    return {
      product_id: product.id,
      title: product.title,
      brand: product.brand,
      description: product.description,
      category_id: product.category_id,
      category_name: state.categories[product.category_id]?.name ?? product.category_id,
      tags: [...product.tags],
      options,
      variants: product.variant_ids.map((id) => {
        const variant = entryOf(state.variants, id)!;
        return {
          variant_id: variant.id,
          sku: variant.sku,
          title: variant.title,
          options: { ...variant.options },
          price: money(variant.price_cents),
          compare_at_price: variant.compare_at_price_cents === null ? null : money(variant.compare_at_price_cents),
          available_quantity: variant.stock,
          in_stock: variant.stock > 0,
          weight_grams: variant.weight_grams,
        };
      }),
      price_min: money(range.min),
      price_max: money(range.max),
      in_stock: range.stock > 0,
      max_quantity_per_order: product.max_per_order,
      final_sale: product.final_sale,
      rating_average: product.rating_average,
      review_count: product.review_count,
      currency: CURRENCY,
    };
  },
});

/**
 * A category's in-stock product count and price range, remembered per category with the products
 * record and the variant buckets its products' variants live in: a write replaces only the buckets
 * of the variants it changed, so the other categories' totals stay valid along an episode.
 */
interface CategoryTotals {
  inStock: number;
  min: number;
  max: number;
  readonly products: object;
  /** The bucket keys of the category's variants, each once. */
  readonly keys: ReadonlyArray<number | string>;
  /** The frozen buckets at those keys when the totals were computed. */
  readonly buckets: Array<object | undefined>;
}

const totalsByCategory = new WeakMap<Category, CategoryTotals>();

function categoryTotals(state: ShoppingState, category: Category): Pick<CategoryTotals, 'inStock' | 'min' | 'max'> {
  const variants = state.variants;
  let known = totalsByCategory.get(category);
  if (known !== undefined && known.products === state.products) {
    const keys = known.keys;
    let i = 0;
    while (i < keys.length && bucketAt(variants, keys[i]) === known.buckets[i]) i++;
    if (i === keys.length) return known;
  }
  let inStock = 0;
  let min = Infinity;
  let max = 0;
  for (const id of category.product_ids) {
    const range = productPriceRange(state, state.products[id]);
    if (range.stock > 0) inStock += 1;
    if (range.min < min) min = range.min;
    if (range.max > max) max = range.max;
  }
  // Only frozen buckets can be remembered (a draft's change under the same identity).
  if (!isFrozenState(variants)) return { inStock, min, max };
  if (known === undefined || known.products !== state.products) {
    const keys: Array<number | string> = [];
    for (const id of category.product_ids) {
      for (const variantId of state.products[id].variant_ids) {
        const key = bucketKey(variantId);
        if (!keys.includes(key)) keys.push(key);
      }
    }
    known = { inStock, min, max, products: state.products, keys, buckets: [] };
    totalsByCategory.set(category, known);
  }
  known.inStock = inStock;
  known.min = min;
  known.max = max;
  for (let i = 0; i < known.keys.length; i++) known.buckets[i] = bucketAt(variants, known.keys[i]);
  return known;
}

export const listCatalogCategories = defineTool<ShoppingState, Record<string, never>>({
  name: 'list_catalog_categories',
  description:
    'List the store\'s product categories (collections) with their ids, descriptions, how many products each has (and how many are in stock) and the price range. Use a category_id to filter search_catalog_products. Takes no arguments.',
  input: { type: 'object', properties: {}, additionalProperties: false },
  output: {
    type: 'object',
    properties: {
      categories: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            category_id: { type: 'string' },
            name: { type: 'string' },
            description: { type: 'string' },
            product_count: { type: 'integer' },
            in_stock_product_count: { type: 'integer' },
            price_min: moneySchema,
            price_max: moneySchema,
          },
          required: ['category_id', 'name', 'description', 'product_count', 'in_stock_product_count', 'price_min', 'price_max'],
          additionalProperties: false,
        },
      },
      currency: { type: 'string' },
    },
    required: ['categories', 'currency'],
    additionalProperties: false,
  },
  annotations: { title: 'List categories', readOnlyHint: true, idempotentHint: true },
  handler(_args, ctx) {
    const state = ctx.state;
    const categories = Object.values(state.categories).map((category) => {
      const totals = categoryTotals(state, category);
      return {
        category_id: category.id,
        name: category.name,
        description: category.description,
        product_count: category.product_ids.length,
        in_stock_product_count: totals.inStock,
        price_min: money(totals.min === Infinity ? 0 : totals.min),
        price_max: money(totals.max),
      };
    });
    return { categories, currency: CURRENCY };
  },
});

interface ReviewArgs {
  product_id: string;
  min_rating?: number;
  sort?: 'newest' | 'oldest' | 'highest_rating' | 'lowest_rating' | 'most_helpful';
  limit?: number;
  offset?: number;
}

export const listProductReviews = defineTool<ShoppingState, ReviewArgs>({
  name: 'list_product_reviews',
  description:
    'Read customer reviews of a product: rating (1–5 stars), title, text, author, date, whether the purchase was verified and helpful votes, plus the average rating and a histogram of ratings. Filter by minimum rating; sort by date, rating or helpfulness.',
  input: {
    type: 'object',
    properties: {
      product_id: { type: 'string', maxLength: 100, description: 'Product id, e.g. "prod_104".' },
      min_rating: { type: 'integer', minimum: 1, maximum: 5, description: 'Only reviews with at least this many stars.' },
      sort: { type: 'string', enum: ['newest', 'oldest', 'highest_rating', 'lowest_rating', 'most_helpful'], description: 'Review order. Default newest.' },
      limit: { type: 'integer', minimum: 1, maximum: 50, description: 'Most reviews to return (1–50). Default 5.' },
      offset: { type: 'integer', minimum: 0, description: 'Reviews to skip, for paging. Default 0.' },
    },
    required: ['product_id'],
    additionalProperties: false,
  },
  output: {
    type: 'object',
    properties: {
      product_id: { type: 'string' },
      product_title: { type: 'string' },
      rating_average: { type: 'number' },
      review_count: { type: 'integer' },
      rating_histogram: {
        type: 'object',
        properties: { '1': { type: 'integer' }, '2': { type: 'integer' }, '3': { type: 'integer' }, '4': { type: 'integer' }, '5': { type: 'integer' } },
        required: ['1', '2', '3', '4', '5'],
        additionalProperties: false,
      },
      total_matching: { type: 'integer', description: 'Reviews that pass min_rating.' },
      reviews: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            review_id: { type: 'string' },
            rating: { type: 'integer' },
            title: { type: 'string' },
            body: { type: 'string' },
            author: { type: 'string' },
            variant_title: { type: ['string', 'null'] },
            created_at: { type: 'string' },
            verified_purchase: { type: 'boolean' },
            helpful_votes: { type: 'integer' },
          },
          required: ['review_id', 'rating', 'title', 'body', 'author', 'variant_title', 'created_at', 'verified_purchase', 'helpful_votes'],
          additionalProperties: false,
        },
      },
    },
    required: ['product_id', 'product_title', 'rating_average', 'review_count', 'rating_histogram', 'total_matching', 'reviews'],
    additionalProperties: false,
  },
  annotations: { title: 'List reviews', readOnlyHint: true, idempotentHint: true },
  handler(args, ctx) {
    const state = ctx.state;
    const product = requireProduct(ctx, args.product_id);
    const histogram = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
    const matching: Review[] = [];
    for (const id of product.review_ids) {
      const review = state.reviews[id];
      histogram[String(review.rating) as keyof typeof histogram] += 1;
      if (args.min_rating === undefined || review.rating >= args.min_rating) matching.push(review);
    }
    const sort = args.sort ?? 'newest';
    matching.sort((a, b) => {
      let order = 0;
      if (sort === 'newest') order = a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0;
      else if (sort === 'oldest') order = a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0;
      else if (sort === 'highest_rating') order = b.rating - a.rating;
      else if (sort === 'lowest_rating') order = a.rating - b.rating;
      else order = b.helpful_votes - a.helpful_votes;
      return order || (a.id < b.id ? -1 : 1);
    });
    const offset = args.offset ?? 0;
    const reviews = matching.slice(offset, offset + (args.limit ?? 5)).map((review) => {
      const customer = state.customers[review.customer_id];
      return {
        review_id: review.id,
        rating: review.rating,
        title: review.title,
        body: review.body,
        author: customer ? `${customer.first_name} ${customer.last_name.charAt(0)}.` : 'Anonymous',
        variant_title: review.variant_id === null ? null : (entryOf(state.variants, review.variant_id)?.title ?? null),
        created_at: review.created_at,
        verified_purchase: review.verified_purchase,
        helpful_votes: review.helpful_votes,
      };
    });
    return {
      product_id: product.id,
      product_title: product.title,
      rating_average: product.rating_average,
      review_count: product.review_count,
      rating_histogram: histogram,
      total_matching: matching.length,
      reviews,
    };
  },
});

export const catalogTools: ToolDefinition<ShoppingState>[] = [searchCatalogProducts, getCatalogProduct, listCatalogCategories, listProductReviews];
