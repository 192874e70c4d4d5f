/**
 * The raw material of the generated catalog and customers: categories with product types, option
 * sets, price and weight ranges, brands, and name/address pools. Plain data, read only by
 * generateWorld.ts.
 */

export interface OptionTemplate {
  name: string;
  values: string[];
  /** How many consecutive values a product offers: [min, max]. */
  pick: [number, number];
  /** Price added per step along the values (dollars), for options such as size or capacity. */
  priceStep?: number;
  /** Weight factor per step along the template's values (from the first value, so that e.g. 24 kg weighs 24 kg wherever a product's range starts). */
  weightStep?: number;
}

export interface ProductType {
  noun: string;
  blurb: string;
  price: [number, number];
  weightGrams: [number, number];
  tags: string[];
  options: OptionTemplate[];
}

export interface CategoryTemplate {
  id: string;
  name: string;
  description: string;
  brands: string[];
  styles: string[];
  types: ProductType[];
}

const APPAREL_COLORS = ['Black', 'White', 'Navy', 'Heather Grey', 'Olive', 'Burgundy', 'Sand', 'Forest Green', 'Slate Blue', 'Rust'];
const LETTER_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const SHOE_SIZES = ['6', '7', '8', '9', '10', '11', '12', '13'];
const GEAR_COLORS = ['Black', 'Graphite', 'Forest Green', 'Glacier Blue', 'Sunset Orange', 'Sand'];
const TECH_COLORS = ['Matte Black', 'Silver', 'Midnight Blue', 'Chalk White', 'Rose Gold'];

const color = (values: string[], pick: [number, number]): OptionTemplate => ({ name: 'Color', values, pick });

export const CATEGORY_TEMPLATES: CategoryTemplate[] = [
  {
    id: 'cat_mens_clothing',
    name: "Men's Clothing",
    description: 'Everyday shirts, knitwear, trousers and outerwear for men.',
    brands: ['Northwind Supply', 'Harbor & Pine', 'Fieldcraft', 'Union Thread', 'Bramble Co.'],
    styles: ['Classic', 'Everyday', 'Heritage', 'Essential', 'Organic Cotton', 'Relaxed'],
    types: [
      { noun: 'Crew Neck T-Shirt', blurb: 'Soft 180 gsm cotton jersey with a tailored fit that keeps its shape wash after wash.', price: [18, 34], weightGrams: [160, 220], tags: ['t-shirt', 'cotton', 'casual'], options: [{ name: 'Size', values: LETTER_SIZES.slice(1), pick: [3, 4] }, color(APPAREL_COLORS, [1, 3])] },
      { noun: 'Pullover Hoodie', blurb: 'Brushed-back fleece hoodie with a lined hood and kangaroo pocket.', price: [48, 78], weightGrams: [520, 680], tags: ['hoodie', 'fleece', 'casual'], options: [{ name: 'Size', values: LETTER_SIZES.slice(1), pick: [3, 4] }, color(APPAREL_COLORS, [1, 3])] },
      { noun: 'Slim Fit Chinos', blurb: 'Stretch cotton twill chinos with a slim leg and a clean, versatile finish.', price: [54, 89], weightGrams: [450, 560], tags: ['pants', 'chinos', 'workwear'], options: [{ name: 'Waist', values: ['30', '32', '34', '36', '38'], pick: [3, 4] }, color(['Khaki', 'Navy', 'Black', 'Olive', 'Stone'], [1, 2])] },
      { noun: 'Oxford Button-Down Shirt', blurb: 'Garment-washed oxford cloth with a button-down collar, dressed up or down.', price: [49, 79], weightGrams: [280, 340], tags: ['shirt', 'oxford', 'office'], options: [{ name: 'Size', values: LETTER_SIZES.slice(1), pick: [3, 4] }, color(['White', 'Light Blue', 'Pink', 'Blue Stripe'], [1, 2])] },
      { noun: 'Merino Crew Sweater', blurb: 'Fine-gauge merino wool that regulates temperature and resists odour.', price: [89, 139], weightGrams: [300, 380], tags: ['sweater', 'merino', 'wool'], options: [{ name: 'Size', values: LETTER_SIZES.slice(1), pick: [3, 4] }, color(APPAREL_COLORS, [1, 3])] },
      { noun: 'Denim Trucker Jacket', blurb: 'Rigid 13 oz selvedge denim jacket that breaks in beautifully over time.', price: [98, 168], weightGrams: [900, 1100], tags: ['jacket', 'denim', 'outerwear'], options: [{ name: 'Size', values: LETTER_SIZES.slice(1), pick: [3, 4] }] },
      { noun: 'Quilted Vest', blurb: 'Lightweight synthetic-insulated vest that packs into its own pocket.', price: [69, 109], weightGrams: [280, 360], tags: ['vest', 'outerwear', 'layering'], options: [{ name: 'Size', values: LETTER_SIZES.slice(1), pick: [3, 4] }, color(['Black', 'Navy', 'Olive'], [1, 2])] },
    ],
  },
  {
    id: 'cat_womens_clothing',
    name: "Women's Clothing",
    description: 'Dresses, knitwear, denim, activewear and layers for women.',
    brands: ['Lumen & Lace', 'Marigold Studio', 'Aster Lane', 'Willow Row', 'Solstice'],
    styles: ['Classic', 'Everyday', 'Signature', 'Essential', 'Soft', 'Relaxed'],
    types: [
      { noun: 'Wrap Midi Dress', blurb: 'Flowing crepe midi dress with an adjustable wrap tie and flutter sleeves.', price: [68, 118], weightGrams: [320, 420], tags: ['dress', 'midi', 'occasion'], options: [{ name: 'Size', values: LETTER_SIZES.slice(0, 5), pick: [3, 4] }, color(['Black', 'Emerald', 'Navy Floral', 'Terracotta', 'Blush'], [1, 2])] },
      { noun: 'High-Rise Leggings', blurb: 'Squat-proof, four-way stretch leggings with a hidden waistband pocket.', price: [48, 88], weightGrams: [220, 280], tags: ['leggings', 'activewear', 'yoga'], options: [{ name: 'Size', values: LETTER_SIZES.slice(0, 5), pick: [3, 4] }, color(['Black', 'Charcoal', 'Deep Plum', 'Sage'], [1, 2])] },
      { noun: 'Cable Knit Cardigan', blurb: 'Chunky cable knit in a wool blend with horn-effect buttons.', price: [79, 129], weightGrams: [520, 640], tags: ['cardigan', 'knitwear', 'wool'], options: [{ name: 'Size', values: LETTER_SIZES.slice(0, 5), pick: [3, 4] }, color(['Oatmeal', 'Cream', 'Camel', 'Forest Green'], [1, 2])] },
      { noun: 'Linen Button Shirt', blurb: 'Breathable European linen shirt with a relaxed, easy silhouette.', price: [58, 92], weightGrams: [200, 260], tags: ['shirt', 'linen', 'summer'], options: [{ name: 'Size', values: LETTER_SIZES.slice(0, 5), pick: [3, 4] }, color(['White', 'Sky Blue', 'Sand', 'Sage'], [1, 2])] },
      { noun: 'Packable Puffer Jacket', blurb: 'Recycled down puffer that stuffs into its own pocket for travel.', price: [129, 219], weightGrams: [380, 520], tags: ['jacket', 'down', 'outerwear'], options: [{ name: 'Size', values: LETTER_SIZES.slice(0, 5), pick: [3, 4] }, color(['Black', 'Navy', 'Burgundy', 'Ivory'], [1, 2])] },
      { noun: 'Boyfriend Jeans', blurb: 'Relaxed, slightly cropped jeans in soft rigid denim.', price: [68, 108], weightGrams: [520, 620], tags: ['jeans', 'denim', 'casual'], options: [{ name: 'Waist', values: ['24', '25', '26', '27', '28', '29', '30', '31', '32'], pick: [3, 5] }] },
      { noun: 'Ribbed Tank Top', blurb: 'Fitted rib-knit tank in organic cotton, perfect for layering.', price: [22, 36], weightGrams: [110, 150], tags: ['tank', 'basics', 'cotton'], options: [{ name: 'Size', values: LETTER_SIZES.slice(0, 5), pick: [3, 4] }, color(['Black', 'White', 'Oat', 'Sage', 'Rust'], [1, 2])] },
    ],
  },
  {
    id: 'cat_footwear',
    name: 'Footwear',
    description: 'Running shoes, boots, sneakers and slides.',
    brands: ['Stride Lab', 'Cobble & Co.', 'Trailmark', 'Loam', 'Kestrel Athletics'],
    styles: ['Classic', 'Ultralight', 'All-Terrain', 'Everyday', 'Pro', 'Heritage'],
    types: [
      { noun: 'Trail Running Shoe', blurb: 'Grippy lugged outsole, rock plate and a breathable mesh upper for technical trails.', price: [110, 165], weightGrams: [620, 760], tags: ['running', 'trail', 'shoes'], options: [{ name: 'Size', values: SHOE_SIZES, pick: [4, 5] }, color(['Black', 'Volt Green', 'Ocean Blue', 'Grey'], [1, 2])] },
      { noun: 'Leather Chelsea Boot', blurb: 'Full-grain leather Chelsea boot with elastic gussets and a stacked heel.', price: [149, 229], weightGrams: [1100, 1350], tags: ['boots', 'leather', 'chelsea'], options: [{ name: 'Size', values: SHOE_SIZES, pick: [4, 5] }, color(['Dark Brown', 'Black', 'Tan'], [1, 2])] },
      { noun: 'Canvas Low-Top Sneaker', blurb: 'Vulcanised rubber sole with a durable cotton canvas upper.', price: [55, 85], weightGrams: [700, 820], tags: ['sneakers', 'canvas', 'casual'], options: [{ name: 'Size', values: SHOE_SIZES, pick: [4, 6] }, color(['White', 'Black', 'Navy', 'Red'], [1, 2])] },
      { noun: 'Waterproof Hiking Boot', blurb: 'Seam-sealed waterproof membrane, ankle support and a cushioned midsole.', price: [139, 199], weightGrams: [1200, 1500], tags: ['hiking', 'boots', 'waterproof'], options: [{ name: 'Size', values: SHOE_SIZES, pick: [4, 5] }, color(['Brown', 'Grey', 'Olive'], [1, 2])] },
      { noun: 'Suede Penny Loafer', blurb: 'Unlined suede loafer with a flexible leather sole.', price: [119, 179], weightGrams: [650, 780], tags: ['loafers', 'suede', 'dress'], options: [{ name: 'Size', values: SHOE_SIZES, pick: [4, 5] }, color(['Tobacco', 'Navy', 'Taupe'], [1, 1])] },
      { noun: 'Recovery Slide', blurb: 'Soft foam slide that cushions tired feet after a long run.', price: [38, 58], weightGrams: [320, 420], tags: ['slides', 'recovery', 'sandals'], options: [{ name: 'Size', values: SHOE_SIZES, pick: [4, 6] }, color(['Black', 'Sand', 'Slate'], [1, 2])] },
    ],
  },
  {
    id: 'cat_outdoor',
    name: 'Outdoor & Camping',
    description: 'Tents, sleeping bags, packs and trail gear for camping and hiking.',
    brands: ['Ridgeline Outfitters', 'Summit Forge', 'Cairn & Crest', 'Wildpath', 'Timberwolf Gear'],
    styles: ['Ultralight', 'Expedition', 'Trail', 'Basecamp', 'Alpine', 'Backcountry'],
    types: [
      { noun: '2-Person Backpacking Tent', blurb: 'Freestanding double-wall tent with two doors and a full-coverage rainfly.', price: [189, 349], weightGrams: [1600, 2400], tags: ['tent', 'backpacking', 'camping'], options: [color(['Forest Green', 'Sand', 'Orange'], [1, 2])] },
      { noun: 'Down Sleeping Bag', blurb: '650-fill responsibly sourced down in a mummy shape with a draft collar.', price: [169, 299], weightGrams: [900, 1400], tags: ['sleeping bag', 'down', 'camping'], options: [{ name: 'Length', values: ['Regular', 'Long'], pick: [1, 2], priceStep: 20, weightStep: 0.1 }, { name: 'Temperature Rating', values: ['30°F', '15°F', '0°F'], pick: [1, 2], priceStep: 40, weightStep: 0.25 }] },
      { noun: 'Carbon Trekking Poles', blurb: 'Three-section carbon poles with cork grips and quick flick locks.', price: [89, 159], weightGrams: [420, 520], tags: ['trekking poles', 'hiking'], options: [] },
      { noun: '28L Daypack', blurb: 'Ventilated back panel, hip belt pockets and a hydration sleeve.', price: [79, 139], weightGrams: [800, 1100], tags: ['backpack', 'daypack', 'hiking'], options: [color(GEAR_COLORS, [2, 3])] },
      { noun: 'Insulated Water Bottle', blurb: 'Double-wall vacuum insulation keeps drinks cold for 24 hours.', price: [24, 42], weightGrams: [330, 520], tags: ['water bottle', 'insulated', 'hydration'], options: [{ name: 'Size', values: ['20 oz', '32 oz', '40 oz'], pick: [2, 3], priceStep: 5, weightStep: 0.3 }, color(GEAR_COLORS, [1, 3])] },
      { noun: 'Compact Camp Stove', blurb: 'Boils a liter of water in 3.5 minutes; folds into a pocket-sized case.', price: [39, 79], weightGrams: [180, 300], tags: ['stove', 'cooking', 'camping'], options: [] },
      { noun: 'Rechargeable Headlamp', blurb: '400-lumen headlamp with red night mode and USB-C charging.', price: [29, 59], weightGrams: [80, 120], tags: ['headlamp', 'lighting', 'camping'], options: [color(['Black', 'Orange', 'Blue'], [1, 2])] },
    ],
  },
  {
    id: 'cat_electronics',
    name: 'Electronics',
    description: 'Headphones, speakers, chargers, wearables and desk gear.',
    brands: ['Voltaic', 'Auralis', 'Pixelforge', 'Nimbus Audio', 'Corelink'],
    styles: ['Pro', 'Max', 'Lite', 'Studio', 'Air', 'Go'],
    types: [
      { noun: 'Wireless Noise-Cancelling Headphones', blurb: 'Adaptive noise cancelling, 30-hour battery and multipoint Bluetooth 5.3.', price: [149, 379], weightGrams: [250, 330], tags: ['headphones', 'wireless', 'noise cancelling', 'audio'], options: [color(TECH_COLORS, [2, 3])] },
      { noun: 'True Wireless Earbuds', blurb: 'IPX4 sweat-resistant earbuds with a wireless charging case.', price: [79, 229], weightGrams: [50, 70], tags: ['earbuds', 'wireless', 'audio'], options: [color(TECH_COLORS, [2, 3])] },
      { noun: 'Portable Bluetooth Speaker', blurb: 'Waterproof speaker with 360° sound and 16 hours of play time.', price: [59, 179], weightGrams: [540, 980], tags: ['speaker', 'bluetooth', 'audio'], options: [color(TECH_COLORS, [2, 3])] },
      { noun: 'USB-C GaN Charger', blurb: 'Compact gallium-nitride charger that fast-charges laptops and phones.', price: [29, 49], weightGrams: [90, 210], tags: ['charger', 'usb-c', 'accessories'], options: [{ name: 'Wattage', values: ['30W', '65W', '100W'], pick: [2, 3], priceStep: 15, weightStep: 0.4 }] },
      { noun: 'Fitness Smartwatch', blurb: 'GPS, heart-rate and sleep tracking with a 7-day battery.', price: [199, 399], weightGrams: [40, 60], tags: ['smartwatch', 'fitness', 'wearable'], options: [{ name: 'Case Size', values: ['41 mm', '45 mm'], pick: [1, 2], priceStep: 30 }, color(['Black', 'Silver', 'Starlight'], [1, 2])] },
      { noun: 'Mechanical Keyboard', blurb: 'Hot-swappable 75% layout with PBT keycaps and a gasket-mounted plate.', price: [99, 189], weightGrams: [900, 1300], tags: ['keyboard', 'mechanical', 'desk'], options: [{ name: 'Switch', values: ['Linear Red', 'Tactile Brown', 'Clicky Blue'], pick: [2, 3] }] },
      { noun: 'Magnetic Power Bank', blurb: 'Slim magnetic power bank with pass-through charging.', price: [39, 69], weightGrams: [180, 360], tags: ['power bank', 'battery', 'accessories'], options: [{ name: 'Capacity', values: ['5000 mAh', '10000 mAh', '20000 mAh'], pick: [2, 3], priceStep: 15, weightStep: 0.5 }] },
    ],
  },
  {
    id: 'cat_home_kitchen',
    name: 'Home & Kitchen',
    description: 'Cookware, knives, coffee gear, tableware and bedding.',
    brands: ['Hearth & Table', 'Copperline', 'Oakridge Home', 'Maison Verte', 'Kiln & Co.'],
    styles: ['Classic', 'Professional', 'Artisan', 'Everyday', 'Heritage', 'Modern'],
    types: [
      { noun: 'Cast Iron Skillet', blurb: 'Pre-seasoned cast iron that goes from stovetop to oven to campfire.', price: [29, 59], weightGrams: [1800, 3400], tags: ['skillet', 'cast iron', 'cookware'], options: [{ name: 'Size', values: ['8 in', '10 in', '12 in'], pick: [2, 3], priceStep: 12, weightStep: 0.35 }] },
      { noun: 'Stainless Steel Cookware Set', blurb: 'Tri-ply stainless steel, induction ready and dishwasher safe.', price: [199, 449], weightGrams: [5200, 9800], tags: ['cookware', 'stainless steel', 'set'], options: [{ name: 'Pieces', values: ['5-piece', '10-piece'], pick: [1, 2], priceStep: 150, weightStep: 0.8 }] },
      { noun: 'Stoneware Mug Set', blurb: 'Set of four hand-glazed 14 oz stoneware mugs.', price: [34, 58], weightGrams: [1500, 1900], tags: ['mugs', 'stoneware', 'coffee'], options: [color(['Speckled White', 'Charcoal', 'Sage', 'Ocean'], [2, 3])] },
      { noun: "Chef's Knife", blurb: 'Forged high-carbon steel blade with a full tang and riveted handle.', price: [59, 159], weightGrams: [180, 260], tags: ['knife', 'cutlery', 'kitchen'], options: [{ name: 'Blade Length', values: ['6 in', '8 in', '10 in'], pick: [1, 2], priceStep: 20 }] },
      { noun: 'Pour-Over Coffee Maker', blurb: 'Borosilicate glass carafe with a reusable stainless steel filter.', price: [29, 59], weightGrams: [500, 750], tags: ['coffee', 'pour-over', 'brewing'], options: [] },
      { noun: 'Linen Sheet Set', blurb: 'Stonewashed French linen sheets that get softer with every wash.', price: [149, 289], weightGrams: [1600, 2600], tags: ['bedding', 'sheets', 'linen'], options: [{ name: 'Size', values: ['Twin', 'Full', 'Queen', 'King'], pick: [2, 4], priceStep: 30, weightStep: 0.15 }, color(['White', 'Natural', 'Sage', 'Clay'], [1, 2])] },
      { noun: 'End-Grain Cutting Board', blurb: 'End-grain acacia board that is gentle on knife edges.', price: [45, 99], weightGrams: [1800, 3200], tags: ['cutting board', 'wood', 'kitchen'], options: [] },
    ],
  },
  {
    id: 'cat_beauty',
    name: 'Beauty & Personal Care',
    description: 'Skincare, haircare, fragrance and sun protection.',
    brands: ['Dewdrop Labs', 'Botanica Pure', 'Lune Skin', 'Verdant Apothecary', 'Halo Bloom'],
    styles: ['Daily', 'Radiance', 'Gentle', 'Intensive', 'Pure', 'Overnight'],
    types: [
      { noun: 'Vitamin C Serum', blurb: '15% L-ascorbic acid with vitamin E and ferulic acid for brighter skin.', price: [28, 68], weightGrams: [90, 150], tags: ['serum', 'vitamin c', 'skincare'], options: [{ name: 'Size', values: ['30 ml', '50 ml'], pick: [1, 2], priceStep: 18, weightStep: 0.4 }] },
      { noun: 'Hydrating Face Moisturizer', blurb: 'Lightweight gel-cream with hyaluronic acid and ceramides.', price: [24, 56], weightGrams: [110, 180], tags: ['moisturizer', 'hydrating', 'skincare'], options: [{ name: 'Size', values: ['50 ml', '100 ml'], pick: [1, 2], priceStep: 16, weightStep: 0.6 }] },
      { noun: 'Mineral Sunscreen SPF 50', blurb: 'Reef-friendly zinc oxide sunscreen with no white cast.', price: [18, 36], weightGrams: [90, 140], tags: ['sunscreen', 'spf', 'skincare'], options: [{ name: 'Finish', values: ['Sheer', 'Tinted'], pick: [1, 2] }] },
      { noun: 'Argan Hair Oil', blurb: 'Cold-pressed argan oil that tames frizz and adds shine.', price: [19, 42], weightGrams: [100, 160], tags: ['hair oil', 'argan', 'haircare'], options: [] },
      { noun: 'Eau de Parfum', blurb: 'A long-lasting fragrance with notes of bergamot, cedar and amber.', price: [65, 145], weightGrams: [240, 420], tags: ['fragrance', 'perfume'], options: [{ name: 'Size', values: ['30 ml', '50 ml', '100 ml'], pick: [2, 3], priceStep: 30, weightStep: 0.4 }] },
      { noun: 'Kaolin Clay Mask', blurb: 'Purifying clay mask with niacinamide to refine pores.', price: [22, 44], weightGrams: [120, 180], tags: ['face mask', 'clay', 'skincare'], options: [] },
      { noun: 'Tinted Lip Balm Trio', blurb: 'Three nourishing shea butter balms with a sheer wash of color.', price: [14, 26], weightGrams: [30, 50], tags: ['lip balm', 'lips'], options: [{ name: 'Shade', values: ['Nude', 'Berry', 'Coral', 'Clear'], pick: [2, 3] }] },
    ],
  },
  {
    id: 'cat_sports_fitness',
    name: 'Sports & Fitness',
    description: 'Yoga, strength training, recovery and cycling equipment.',
    brands: ['Ironclad Fitness', 'Flowstate', 'Apex Motion', 'Pulse Athletic', 'Kinetic Works'],
    styles: ['Pro', 'Studio', 'Home Gym', 'Performance', 'Essential', 'Competition'],
    types: [
      { noun: 'Yoga Mat', blurb: 'Non-slip natural rubber mat with alignment markings.', price: [39, 98], weightGrams: [1800, 2600], tags: ['yoga', 'mat', 'pilates'], options: [{ name: 'Thickness', values: ['4 mm', '6 mm'], pick: [1, 2], priceStep: 12, weightStep: 0.3 }, color(['Black', 'Lavender', 'Teal', 'Sand'], [1, 3])] },
      { noun: 'Adjustable Dumbbell', blurb: 'Dial-select dumbbell that replaces a full rack of weights.', price: [149, 229], weightGrams: [11500, 12500], tags: ['dumbbell', 'strength', 'home gym'], options: [{ name: 'Max Weight', values: ['25 lb', '52 lb', '90 lb'], pick: [1, 2], priceStep: 100, weightStep: 0.9 }] },
      { noun: 'Resistance Band Set', blurb: 'Five latex-free bands with handles, ankle straps and a door anchor.', price: [24, 49], weightGrams: [600, 900], tags: ['resistance bands', 'strength', 'travel'], options: [] },
      { noun: 'High-Density Foam Roller', blurb: 'Textured foam roller for deep-tissue recovery.', price: [22, 45], weightGrams: [500, 900], tags: ['foam roller', 'recovery'], options: [{ name: 'Length', values: ['13 in', '18 in', '36 in'], pick: [2, 3], priceStep: 8, weightStep: 0.5 }] },
      { noun: 'Speed Jump Rope', blurb: 'Ball-bearing speed rope with an adjustable steel cable.', price: [15, 32], weightGrams: [150, 250], tags: ['jump rope', 'cardio', 'conditioning'], options: [] },
      { noun: 'Cast Iron Kettlebell', blurb: 'Single-piece cast iron kettlebell with a wide, smooth handle.', price: [35, 59], weightGrams: [8100, 8300], tags: ['kettlebell', 'strength'], options: [{ name: 'Weight', values: ['8 kg', '12 kg', '16 kg', '20 kg', '24 kg'], pick: [3, 4], priceStep: 12, weightStep: 0.5 }] },
      { noun: 'Padded Cycling Gloves', blurb: 'Gel-padded half-finger gloves with a breathable mesh back.', price: [22, 42], weightGrams: [60, 90], tags: ['cycling', 'gloves'], options: [{ name: 'Size', values: ['S', 'M', 'L', 'XL'], pick: [3, 4] }] },
    ],
  },
  {
    id: 'cat_toys_games',
    name: 'Toys & Games',
    description: 'Building sets, board games, puzzles and plush toys for all ages.',
    brands: ['Brightblock', 'Meeple & Moon', 'Tinker Town', 'Puzzlewood', 'Happy Hollow'],
    styles: ['Deluxe', 'Classic', 'Family', 'Junior', 'Collector', 'Travel'],
    types: [
      { noun: 'Wooden Building Blocks', blurb: 'Sustainably harvested beech blocks in bright, non-toxic colors.', price: [29, 69], weightGrams: [1200, 2600], tags: ['blocks', 'wooden', 'toddler'], options: [{ name: 'Pieces', values: ['50 pieces', '100 pieces'], pick: [1, 2], priceStep: 20, weightStep: 0.8 }] },
      { noun: 'Strategy Board Game', blurb: 'Build trade routes and outwit rivals; 2–5 players, ages 10+.', price: [34, 69], weightGrams: [1300, 1900], tags: ['board game', 'strategy', 'family'], options: [] },
      { noun: '1000-Piece Jigsaw Puzzle', blurb: 'Thick, precision-cut pieces with a matte, glare-free finish.', price: [19, 32], weightGrams: [700, 850], tags: ['puzzle', 'jigsaw'], options: [{ name: 'Theme', values: ['Mountain Lake', 'City at Night', 'Wildflowers', 'Vintage Map', 'Ocean Reef'], pick: [2, 3] }] },
      { noun: 'Remote Control Stunt Car', blurb: 'All-terrain RC car with 360° flips and a rechargeable battery.', price: [39, 79], weightGrams: [900, 1300], tags: ['rc car', 'remote control', 'outdoor'], options: [color(['Red', 'Blue', 'Green'], [2, 3])] },
      { noun: 'Plush Teddy Bear', blurb: 'Huggable plush bear made from recycled fibres; machine washable.', price: [18, 45], weightGrams: [250, 700], tags: ['plush', 'teddy bear', 'baby'], options: [{ name: 'Size', values: ['Small', 'Medium', 'Large'], pick: [2, 3], priceStep: 10, weightStep: 0.6 }] },
      { noun: 'Magnetic Tile Set', blurb: 'Translucent magnetic tiles for 3D building and STEM play.', price: [39, 99], weightGrams: [1400, 2800], tags: ['magnetic tiles', 'stem', 'building'], options: [{ name: 'Pieces', values: ['32 pieces', '60 pieces', '100 pieces'], pick: [2, 3], priceStep: 25, weightStep: 0.6 }] },
      { noun: 'Party Card Game', blurb: 'Fast, laugh-out-loud card game for 3–8 players.', price: [14, 29], weightGrams: [250, 400], tags: ['card game', 'party'], options: [] },
    ],
  },
  {
    id: 'cat_books',
    name: 'Books',
    description: 'Fiction, non-fiction and cookbooks in hardcover and paperback.',
    brands: ['Eleanor Voss', 'Marcus Adeyemi', 'Priya Raman', 'Tomás Herrera', 'Hannah Lindqvist', 'Julian Okafor', 'Clara Beaumont', 'Samuel Ito'],
    styles: [],
    types: [
      { noun: 'The Quiet Harbor', blurb: 'A literary novel about three generations of a fishing family on the Maine coast.', price: [16, 28], weightGrams: [350, 650], tags: ['fiction', 'literary fiction', 'novel'], options: [{ name: 'Format', values: ['Paperback', 'Hardcover'], pick: [1, 2], priceStep: 10, weightStep: 0.8 }] },
      { noun: 'Salt, Fire & Time', blurb: 'A cookbook of 120 slow-cooked recipes from around the world.', price: [24, 40], weightGrams: [900, 1300], tags: ['cookbook', 'cooking', 'non-fiction'], options: [] },
      { noun: 'The Cartographer\'s Daughter', blurb: 'A sweeping historical mystery set in 17th-century Amsterdam.', price: [16, 28], weightGrams: [380, 700], tags: ['fiction', 'historical fiction', 'mystery'], options: [{ name: 'Format', values: ['Paperback', 'Hardcover'], pick: [1, 2], priceStep: 10, weightStep: 0.8 }] },
      { noun: 'Deep Work Habits', blurb: 'Practical strategies to focus in a distracted world.', price: [15, 27], weightGrams: [300, 550], tags: ['non-fiction', 'self-help', 'productivity'], options: [{ name: 'Format', values: ['Paperback', 'Hardcover'], pick: [1, 2], priceStep: 9, weightStep: 0.8 }] },
      { noun: 'Stars Over Kepler-9', blurb: 'A hard science-fiction adventure about the first colony ship.', price: [15, 27], weightGrams: [350, 650], tags: ['fiction', 'science fiction', 'novel'], options: [{ name: 'Format', values: ['Paperback', 'Hardcover'], pick: [1, 2], priceStep: 10, weightStep: 0.8 }] },
      { noun: 'A Field Guide to Backyard Birds', blurb: 'Illustrated guide to 300 North American birds.', price: [18, 32], weightGrams: [450, 700], tags: ['non-fiction', 'nature', 'birds'], options: [] },
      { noun: 'The Midnight Ledger', blurb: 'A twisty thriller about a forensic accountant who finds one number too many.', price: [15, 27], weightGrams: [330, 620], tags: ['fiction', 'thriller', 'mystery'], options: [{ name: 'Format', values: ['Paperback', 'Hardcover'], pick: [1, 2], priceStep: 10, weightStep: 0.8 }] },
      { noun: 'Small Spaces, Big Gardens', blurb: 'Growing vegetables on balconies, patios and windowsills.', price: [20, 34], weightGrams: [500, 800], tags: ['non-fiction', 'gardening', 'home'], options: [] },
      { noun: 'Letters to a Young Engineer', blurb: 'Essays on craft, curiosity and building things that last.', price: [16, 28], weightGrams: [300, 550], tags: ['non-fiction', 'essays', 'career'], options: [{ name: 'Format', values: ['Paperback', 'Hardcover'], pick: [1, 2], priceStep: 9, weightStep: 0.8 }] },
      { noun: 'The Lantern Keepers', blurb: 'A middle-grade fantasy about two siblings who guard a magical lighthouse.', price: [12, 22], weightGrams: [280, 520], tags: ['fiction', 'fantasy', 'kids'], options: [{ name: 'Format', values: ['Paperback', 'Hardcover'], pick: [1, 2], priceStep: 8, weightStep: 0.8 }] },
      { noun: 'Weeknight Vegetarian', blurb: '100 fast, flavour-packed vegetarian dinners.', price: [22, 35], weightGrams: [800, 1100], tags: ['cookbook', 'vegetarian', 'non-fiction'], options: [] },
      { noun: 'Echoes of the Silk Road', blurb: 'A narrative history of the trade routes that connected continents.', price: [18, 32], weightGrams: [450, 800], tags: ['non-fiction', 'history'], options: [{ name: 'Format', values: ['Paperback', 'Hardcover'], pick: [1, 2], priceStep: 12, weightStep: 0.8 }] },
      { noun: 'The Glass Orchard', blurb: 'A magical-realist novel about a town where fruit trees remember.', price: [16, 28], weightGrams: [350, 650], tags: ['fiction', 'magical realism', 'novel'], options: [{ name: 'Format', values: ['Paperback', 'Hardcover'], pick: [1, 2], priceStep: 10, weightStep: 0.8 }] },
    ],
  },
  {
    id: 'cat_pet_supplies',
    name: 'Pet Supplies',
    description: 'Beds, food, toys, leashes and gear for dogs and cats.',
    brands: ['Pawsome', 'Whisker & Wag', 'Good Boy Goods', 'Feline Fine', 'Trail Tails'],
    styles: ['Cozy', 'Everyday', 'Adventure', 'Premium', 'Classic', 'Deluxe'],
    types: [
      { noun: 'Orthopedic Dog Bed', blurb: 'Memory-foam bed with a removable, washable cover.', price: [49, 129], weightGrams: [1500, 4500], tags: ['dog bed', 'orthopedic', 'dog'], options: [{ name: 'Size', values: ['S', 'M', 'L', 'XL'], pick: [3, 4], priceStep: 20, weightStep: 0.4 }, color(['Charcoal', 'Oatmeal', 'Navy'], [1, 2])] },
      { noun: 'Grain-Free Dog Food', blurb: 'Salmon and sweet potato recipe with no corn, wheat or soy.', price: [22, 39], weightGrams: [2300, 13600], tags: ['dog food', 'grain-free', 'dog'], options: [{ name: 'Bag Size', values: ['5 lb', '15 lb', '30 lb'], pick: [2, 3], priceStep: 28, weightStep: 1.5 }] },
      { noun: 'Sisal Cat Scratching Post', blurb: 'Tall, sturdy sisal post with a plush perch on top.', price: [34, 79], weightGrams: [2200, 4800], tags: ['cat', 'scratching post', 'furniture'], options: [{ name: 'Height', values: ['24 in', '32 in'], pick: [1, 2], priceStep: 18, weightStep: 0.5 }] },
      { noun: 'Reflective Dog Leash', blurb: 'Padded-handle nylon leash with reflective stitching for night walks.', price: [18, 32], weightGrams: [150, 240], tags: ['leash', 'dog', 'walking'], options: [color(['Orange', 'Blue', 'Black', 'Pink'], [2, 3])] },
      { noun: 'Interactive Cat Toy', blurb: 'Motion-activated feather toy that keeps indoor cats active.', price: [19, 36], weightGrams: [180, 320], tags: ['cat toy', 'interactive', 'cat'], options: [] },
      { noun: 'Stainless Steel Pet Bowl', blurb: 'Non-slip, dishwasher-safe stainless bowl.', price: [12, 24], weightGrams: [200, 500], tags: ['bowl', 'feeding', 'dog', 'cat'], options: [{ name: 'Size', values: ['S', 'M', 'L'], pick: [2, 3], priceStep: 3, weightStep: 0.4 }] },
      { noun: 'Dog Rain Jacket', blurb: 'Waterproof, reflective rain jacket with a harness opening.', price: [29, 49], weightGrams: [150, 300], tags: ['dog', 'jacket', 'rain'], options: [{ name: 'Size', values: ['XS', 'S', 'M', 'L', 'XL'], pick: [3, 4], priceStep: 3 }, color(['Yellow', 'Red', 'Navy'], [1, 2])] },
    ],
  },
  {
    id: 'cat_bags_accessories',
    name: 'Bags & Accessories',
    description: 'Bags, backpacks, wallets, sunglasses, belts and hats.',
    brands: ['Satchel & Sons', 'Meridian Goods', 'Kinfolk Leather', 'Drift Co.', 'Palisade'],
    styles: ['Classic', 'Minimalist', 'Heritage', 'Everyday', 'Travel', 'Signature'],
    types: [
      { noun: 'Leather Crossbody Bag', blurb: 'Vegetable-tanned leather crossbody with an adjustable strap.', price: [89, 189], weightGrams: [450, 700], tags: ['bag', 'crossbody', 'leather'], options: [color(['Cognac', 'Black', 'Olive', 'Burgundy'], [2, 3])] },
      { noun: 'Canvas Weekender Duffel', blurb: 'Waxed canvas duffel with leather handles and a shoe compartment.', price: [99, 179], weightGrams: [1300, 1800], tags: ['duffel', 'travel', 'weekender'], options: [color(['Field Tan', 'Navy', 'Olive'], [1, 3])] },
      { noun: 'Polarized Sunglasses', blurb: 'Acetate frames with polarized, UV400 lenses.', price: [69, 159], weightGrams: [30, 50], tags: ['sunglasses', 'polarized', 'eyewear'], options: [{ name: 'Frame', values: ['Tortoise', 'Matte Black', 'Crystal Grey', 'Honey'], pick: [2, 3] }] },
      { noun: 'Slim Card Wallet', blurb: 'Full-grain leather card wallet with RFID blocking.', price: [35, 69], weightGrams: [40, 70], tags: ['wallet', 'leather', 'rfid'], options: [color(['Black', 'Brown', 'Tan', 'Navy'], [2, 3])] },
      { noun: 'Commuter Laptop Backpack', blurb: 'Water-resistant backpack with a padded laptop sleeve and luggage pass-through.', price: [79, 149], weightGrams: [900, 1400], tags: ['backpack', 'laptop', 'commute'], options: [{ name: 'Laptop Size', values: ['13 in', '15 in', '17 in'], pick: [2, 3], priceStep: 10, weightStep: 0.15 }, color(['Black', 'Grey'], [1, 2])] },
      { noun: 'Merino Wool Beanie', blurb: 'Rib-knit merino beanie that is warm, soft and itch-free.', price: [24, 42], weightGrams: [60, 90], tags: ['beanie', 'hat', 'wool'], options: [color(['Charcoal', 'Oatmeal', 'Mustard', 'Forest Green', 'Navy'], [2, 4])] },
      { noun: 'Full-Grain Leather Belt', blurb: 'Single-piece full-grain leather belt with a solid brass buckle.', price: [45, 89], weightGrams: [180, 260], tags: ['belt', 'leather'], options: [{ name: 'Size', values: ['30', '32', '34', '36', '38', '40'], pick: [3, 5] }, color(['Brown', 'Black'], [1, 2])] },
    ],
  },
];

export const FIRST_NAMES = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Mateo', 'Sophia', 'Elijah', 'Isabella', 'Lucas', 'Mia', 'Ethan', 'Amelia', 'James',
  'Harper', 'Benjamin', 'Evelyn', 'Henry', 'Aisha', 'Daniel', 'Priya', 'Kenji', 'Chloe', 'Omar', 'Grace', 'Diego', 'Hannah',
  'Samuel', 'Zoe', 'Arjun', 'Leah', 'Gabriel', 'Nora', 'Julian', 'Maya', 'Theo', 'Fatima', 'Owen', 'Ingrid', 'Marcus', 'Elena',
  'Jonah', 'Camila', 'Rafael', 'Sienna', 'Tobias',
];

export const LAST_NAMES = [
  'Anderson', 'Nguyen', 'Patel', 'Garcia', 'Johnson', 'Kim', 'Martinez', 'Okafor', 'Schmidt', 'Dubois', 'Rossi', 'Tanaka',
  'Williams', 'Brown', 'Lopez', 'Murphy', 'Chen', 'Silva', 'Khan', 'Novak', 'Larsen', 'Fischer', "O'Brien", 'Haddad', 'Moreau',
  'Walker', 'Reyes', 'Cohen', 'Sato', 'Bennett', 'Hughes', 'Rivera', 'Kowalski', 'Ahmed', 'Fraser', 'Lindgren', 'Park', 'Costa',
];

export interface CityTemplate {
  city: string;
  province: string | null;
  country: string;
  /** Postal code pattern: `#` a digit, `@` a letter, anything else literal. */
  postal: string;
  phonePrefix: string;
}

export const CITIES: CityTemplate[] = [
  { city: 'Portland', province: 'OR', country: 'US', postal: '972##', phonePrefix: '+1 503-555-' },
  { city: 'Austin', province: 'TX', country: 'US', postal: '787##', phonePrefix: '+1 512-555-' },
  { city: 'Denver', province: 'CO', country: 'US', postal: '802##', phonePrefix: '+1 303-555-' },
  { city: 'Chicago', province: 'IL', country: 'US', postal: '606##', phonePrefix: '+1 312-555-' },
  { city: 'Seattle', province: 'WA', country: 'US', postal: '981##', phonePrefix: '+1 206-555-' },
  { city: 'Boston', province: 'MA', country: 'US', postal: '021##', phonePrefix: '+1 617-555-' },
  { city: 'Atlanta', province: 'GA', country: 'US', postal: '303##', phonePrefix: '+1 404-555-' },
  { city: 'Phoenix', province: 'AZ', country: 'US', postal: '850##', phonePrefix: '+1 602-555-' },
  { city: 'Minneapolis', province: 'MN', country: 'US', postal: '554##', phonePrefix: '+1 612-555-' },
  { city: 'Nashville', province: 'TN', country: 'US', postal: '372##', phonePrefix: '+1 615-555-' },
  { city: 'San Diego', province: 'CA', country: 'US', postal: '921##', phonePrefix: '+1 619-555-' },
  { city: 'Raleigh', province: 'NC', country: 'US', postal: '276##', phonePrefix: '+1 919-555-' },
  { city: 'Columbus', province: 'OH', country: 'US', postal: '432##', phonePrefix: '+1 614-555-' },
  { city: 'Madison', province: 'WI', country: 'US', postal: '537##', phonePrefix: '+1 608-555-' },
  { city: 'Brooklyn', province: 'NY', country: 'US', postal: '112##', phonePrefix: '+1 718-555-' },
  { city: 'Salt Lake City', province: 'UT', country: 'US', postal: '841##', phonePrefix: '+1 801-555-' },
  { city: 'Toronto', province: 'ON', country: 'CA', postal: 'M5V #@#', phonePrefix: '+1 416-555-' },
  { city: 'Vancouver', province: 'BC', country: 'CA', postal: 'V6B #@#', phonePrefix: '+1 604-555-' },
  { city: 'Montreal', province: 'QC', country: 'CA', postal: 'H2X #@#', phonePrefix: '+1 514-555-' },
  { city: 'London', province: null, country: 'GB', postal: 'SW1A #@@', phonePrefix: '+44 20 7946 ' },
  { city: 'Manchester', province: null, country: 'GB', postal: 'M1 #@@', phonePrefix: '+44 161 496 ' },
  { city: 'Berlin', province: null, country: 'DE', postal: '101##', phonePrefix: '+49 30 5557' },
  { city: 'Munich', province: null, country: 'DE', postal: '803##', phonePrefix: '+49 89 5557' },
  { city: 'Paris', province: null, country: 'FR', postal: '750##', phonePrefix: '+33 1 55 57 ' },
  { city: 'Lyon', province: null, country: 'FR', postal: '6900#', phonePrefix: '+33 4 55 57 ' },
  { city: 'Sydney', province: 'NSW', country: 'AU', postal: '20##', phonePrefix: '+61 2 5550 ' },
  { city: 'Melbourne', province: 'VIC', country: 'AU', postal: '30##', phonePrefix: '+61 3 5550 ' },
];

export const STREET_NAMES = [
  'Maple Avenue', 'Oak Street', 'Cedar Lane', 'Elm Drive', 'Lakeview Road', 'Willow Way', 'Harbor Boulevard', 'Pine Ridge Road',
  'Sunset Avenue', 'Riverside Drive', 'Chestnut Street', 'Highland Avenue', 'Park Place', 'Meadow Lane', 'Birch Court',
  'Orchard Road', 'Mill Street', 'Spring Garden Street', 'Juniper Terrace', 'Foxglove Close',
];

/** Review titles and bodies by star rating; `{noun}` is replaced by the product's kind. */
export const REVIEW_TEXT: Record<number, Array<{ title: string; body: string }>> = {
  5: [
    { title: 'Exactly what I hoped for', body: 'This {noun} is fantastic. Great quality, arrived quickly and works exactly as described.' },
    { title: 'Worth every penny', body: 'I was hesitant about the price, but the {noun} is clearly built to last. Would buy again.' },
    { title: 'Absolutely love it', body: 'Use my {noun} every day. The fit and finish are excellent and it still looks new.' },
    { title: 'Best purchase this year', body: 'Compared several options before choosing this {noun} — no regrets at all.' },
    { title: 'Bought a second one', body: 'Liked the {noun} so much that I bought another one as a gift.' },
  ],
  4: [
    { title: 'Very good, small quibbles', body: 'Really happy with the {noun}. Knocked off one star because it runs a little small.' },
    { title: 'Solid choice', body: 'The {noun} does its job well. Packaging could be better, but the product itself is great.' },
    { title: 'Great value', body: 'Good quality {noun} for the money. Took a few days to get used to it.' },
    { title: 'Happy overall', body: 'Nice {noun}; the color is slightly different from the photos but I like it.' },
  ],
  3: [
    { title: 'It is okay', body: 'The {noun} is fine, nothing special. Does what it says but feels a bit cheap.' },
    { title: 'Mixed feelings', body: 'Some things about this {noun} are great, others less so. Sizing was inconsistent.' },
    { title: 'Average', body: 'Decent {noun}, but I expected more at this price point.' },
  ],
  2: [
    { title: 'Disappointed', body: 'The {noun} started showing wear after a few weeks. Expected better.' },
    { title: 'Not as described', body: 'The {noun} looked different from the listing and the quality is mediocre.' },
  ],
  1: [
    { title: 'Would not recommend', body: 'My {noun} arrived damaged and customer service took a week to reply.' },
    { title: 'Broke quickly', body: 'The {noun} stopped working properly within a month. Returning it.' },
  ],
};
