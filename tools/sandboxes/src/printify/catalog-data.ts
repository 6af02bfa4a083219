import type { CatalogVariant, Placeholder, PrintProvider, ShippingInfo, ShippingProfile } from './types.js';

/** How the stand-in draws a blueprint: a shape in a tint, with its print area as fractions of the picture. */
export interface Picture {
  shape: 'rounded' | 'circle' | 'rect' | 'tag' | 'bag' | 'tee' | 'band';
  tint: readonly [number, number, number];
  area: { x: number; y: number; w: number; h: number };
}

/** A catalog variant with what Printify only shows once it is in a product: its cost and weight. */
export interface VariantData extends CatalogVariant {
  cost: number;
  grams: number;
}

export interface Offer {
  provider: PrintProvider;
  variants: VariantData[];
  handlingDays: number;
}

export interface BlueprintData {
  id: number;
  title: string;
  description: string;
  brand: string;
  model: string;
  picture: Picture;
  offers: Offer[];
}

const PROVIDERS = {
  spoke: { id: 1, title: 'SPOKE Custom Products' },
  simply: { id: 28, title: 'Printed Simply' },
  colorway: { id: 48, title: 'Colorway' },
  choice: { id: 99, title: 'Printify Choice' },
  sublimation: { id: 410, title: 'Sublimation Studio' },
  monster: { id: 29, title: 'Monster Digital' },
} satisfies Record<string, PrintProvider>;

type Row = [title: string, options: Record<string, string>, cost: number, available?: boolean];

/** A provider's variants, numbered from `firstId`; every variant has the same placeholders. */
function offer(provider: PrintProvider, firstId: number, sides: string[], rows: Row[], size = [1200, 1200]): Offer {
  const placeholders: Placeholder[] = sides.map((position) => ({ position, width: size[0]!, height: size[1]! }));
  return {
    provider,
    handlingDays: 3 + (provider.id % 3),
    variants: rows.map(([title, options, cost, available = true], index) => ({
      id: firstId + index,
      title,
      options,
      placeholders,
      is_available: available,
      cost,
      grams: 20 + 10 * index,
    })),
  };
}

/** Printify's descriptions: a paragraph, then ".: " bullet lines. */
function describe(intro: string, bullets: string[]): string {
  return `<p>${intro}</p><p>${bullets.map((line) => `.: ${line}`).join('<br/>')}</p>`;
}

const picture = (shape: Picture['shape'], tint: Picture['tint'], area: Picture['area']): Picture => ({
  shape,
  tint,
  area,
});
const SQUARE_AREA = { x: 0.25, y: 0.25, w: 0.5, h: 0.5 };

/** What the shop keeps: keychains, magnets, pet tag 566, car air freshener 1482, luggage tag 1308, lunch bag 760. */
const KEPT: BlueprintData[] = [
  {
    id: 1090,
    title: 'Acrylic Keychain',
    description: describe('A clear acrylic keychain with a <strong>full-color</strong> print on one or both sides.', [
      'Material: 100% acrylic',
      'Metal ring &amp; chain',
      'Glossy finish',
    ]),
    brand: 'Generic brand',
    model: 'AK-1',
    picture: picture('rounded', [214, 232, 246], SQUARE_AREA),
    offers: [
      offer(
        PROVIDERS.choice,
        101001,
        ['front', 'back'],
        [
          ['2" x 2" / Clear', { size: '2" x 2"', color: 'Clear' }, 312],
          ['3" x 3" / Clear', { size: '3" x 3"', color: 'Clear' }, 358],
          ['4" x 4" / Clear', { size: '4" x 4"', color: 'Clear' }, 402, false],
        ],
      ),
      offer(
        PROVIDERS.sublimation,
        101011,
        ['front'],
        [
          ['2" x 2" / Clear', { size: '2" x 2"', color: 'Clear' }, 290],
          ['3" x 3" / Clear', { size: '3" x 3"', color: 'Clear' }, 345],
        ],
      ),
    ],
  },
  {
    id: 1133,
    title: 'Round Acrylic Keychains',
    description: describe('Round acrylic keychains, cut to shape, <em>scratch resistant</em>.', [
      'Material: acrylic',
      'One size: 2.25" diameter',
    ]),
    brand: 'Generic brand',
    model: 'RAK-225',
    picture: picture('circle', [226, 238, 220], { x: 0.3, y: 0.3, w: 0.4, h: 0.4 }),
    offers: [
      offer(
        PROVIDERS.choice,
        113301,
        ['front'],
        [
          ['One size / White', { size: 'One size', color: 'White' }, 298],
          ['One size / Clear', { size: 'One size', color: 'Clear' }, 305, false],
        ],
      ),
    ],
  },
  {
    id: 1251,
    title: 'Metal Keychain',
    description: describe('A sturdy <strong>aluminium</strong> keychain, sublimated on the front.', [
      'Material: aluminium',
      'Split key ring',
      'Rectangle: 1.5" x 2.5"',
    ]),
    brand: 'Generic brand',
    model: 'MK-R',
    picture: picture('tag', [222, 222, 228], { x: 0.3, y: 0.3, w: 0.4, h: 0.5 }),
    offers: [
      offer(
        PROVIDERS.sublimation,
        125101,
        ['front'],
        [
          ['Rectangle / Silver', { shape: 'Rectangle', color: 'Silver' }, 420],
          ['Round / Silver', { shape: 'Round', color: 'Silver' }, 420],
          ['Heart / Silver', { shape: 'Heart', color: 'Silver' }, 436, false],
        ],
      ),
    ],
  },
  {
    id: 532,
    title: 'Die-Cut Magnets',
    description: describe('Die-cut magnets that hold <em>firmly</em> to any metal surface.', [
      'Material: flexible magnet with vinyl',
      'Thickness: 0.03"',
    ]),
    brand: 'Generic brand',
    model: 'DCM',
    picture: picture('rounded', [246, 236, 214], { x: 0.2, y: 0.2, w: 0.6, h: 0.6 }),
    offers: [
      offer(
        PROVIDERS.simply,
        53201,
        ['front'],
        [
          ['2" x 2"', { size: '2" x 2"' }, 199],
          ['3" x 3"', { size: '3" x 3"' }, 231],
          ['4" x 4"', { size: '4" x 4"' }, 262],
          ['5" x 5"', { size: '5" x 5"' }, 294, false],
          ['6" x 6"', { size: '6" x 6"' }, 330],
        ],
      ),
      offer(
        PROVIDERS.colorway,
        53211,
        ['front'],
        [
          ['3" x 3"', { size: '3" x 3"' }, 225],
          ['4" x 4"', { size: '4" x 4"' }, 255],
        ],
      ),
    ],
  },
  {
    id: 1105,
    title: 'Round Magnet',
    description: describe('A round fridge magnet with a <strong>glossy</strong> front.', [
      'Diameter: 2.5"',
      'Indoor use',
    ]),
    brand: 'Generic brand',
    model: 'RM-25',
    picture: picture('circle', [240, 226, 236], { x: 0.28, y: 0.28, w: 0.44, h: 0.44 }),
    offers: [
      offer(
        PROVIDERS.spoke,
        110501,
        ['front'],
        [
          ['2.5" / Glossy', { size: '2.5"', finish: 'Glossy' }, 245],
          ['2.5" / Matte', { size: '2.5"', finish: 'Matte' }, 245],
        ],
      ),
    ],
  },
  {
    id: 566,
    title: 'Pet Tag',
    description: describe('A light <strong>aluminium</strong> pet tag, printed on both sides.', [
      'Material: aluminium',
      'Includes a split ring',
      'Shapes: round, bone',
    ]),
    brand: 'Generic brand',
    model: 'PT-566',
    picture: picture('circle', [232, 232, 240], { x: 0.27, y: 0.27, w: 0.46, h: 0.46 }),
    offers: [
      offer(
        PROVIDERS.spoke,
        56601,
        ['front', 'back'],
        [
          ['Round / Small', { shape: 'Round', size: 'Small' }, 512],
          ['Round / Large', { shape: 'Round', size: 'Large' }, 548],
          ['Bone / Small', { shape: 'Bone', size: 'Small' }, 512],
          ['Bone / Large', { shape: 'Bone', size: 'Large' }, 548, false],
        ],
      ),
      offer(
        PROVIDERS.monster,
        56611,
        ['front'],
        [
          ['Round / Small', { shape: 'Round', size: 'Small' }, 495],
          ['Bone / Small', { shape: 'Bone', size: 'Small' }, 495],
        ],
      ),
    ],
  },
  {
    id: 1482,
    title: 'Car Air Freshener',
    description: describe('A scented car air freshener, <em>printed on both sides</em>.', [
      'Material: felt paper',
      'Scents: New Car, Vanilla',
      'Elastic string',
    ]),
    brand: 'Generic brand',
    model: 'CAF',
    picture: picture('tag', [218, 240, 232], { x: 0.3, y: 0.34, w: 0.4, h: 0.44 }),
    offers: [
      offer(
        PROVIDERS.choice,
        148201,
        ['front', 'back'],
        [
          ['New Car / 1 pc', { scent: 'New Car', quantity: '1 pc' }, 389],
          ['Vanilla / 1 pc', { scent: 'Vanilla', quantity: '1 pc' }, 389],
          ['New Car / 5 pcs', { scent: 'New Car', quantity: '5 pcs' }, 1299, false],
        ],
      ),
    ],
  },
  {
    id: 1308,
    title: 'Luggage Tag',
    description: describe('A <strong>saffiano leather</strong> luggage tag with an address window on the back.', [
      'Material: PU leather',
      'Size: 2.5" x 4.25"',
      'Buckle strap',
    ]),
    brand: 'Generic brand',
    model: 'LT-1308',
    picture: picture('tag', [236, 224, 208], { x: 0.27, y: 0.3, w: 0.46, h: 0.52 }),
    offers: [
      offer(
        PROVIDERS.colorway,
        130801,
        ['front', 'back'],
        [
          ['Black', { color: 'Black' }, 845],
          ['Brown', { color: 'Brown' }, 845],
          ['White', { color: 'White' }, 845, false],
        ],
      ),
    ],
  },
  {
    id: 760,
    title: 'Lunch Bag',
    description: describe('An insulated lunch bag with a <em>zip closure</em>, printed all over.', [
      'Material: 100% polyester shell, PEVA lining',
      'Size: 10" x 8" x 5"',
    ]),
    brand: 'Generic brand',
    model: 'LB-760',
    picture: picture('bag', [224, 232, 244], { x: 0.25, y: 0.3, w: 0.5, h: 0.5 }),
    offers: [
      offer(
        PROVIDERS.monster,
        76001,
        ['front', 'back'],
        [
          ['One size / Black', { size: 'One size', color: 'Black' }, 1650],
          ['One size / White', { size: 'One size', color: 'White' }, 1650],
        ],
        [2400, 1900],
      ),
    ],
  },
];

/** What the shop's filters must drop (collars, other pet and dog tags, vegan wallets, 1012, some lunch bags, tees). */
const DROPPED: BlueprintData[] = [
  dropped(855, 'Pet Collar', 'band', 'Adjustable <strong>polyester</strong> pet collar.', 85501, 1450),
  dropped(1205, 'Dog Collar', 'band', 'A padded dog collar with a metal buckle.', 120501, 1620),
  dropped(1117, 'Heart Pet Tag', 'circle', 'A heart-shaped pet tag in stainless steel.', 111701, 560),
  dropped(903, 'Dog Tag Necklace', 'tag', 'A military-style <em>dog tag</em> on a ball chain.', 90301, 690),
  dropped(1163, 'Vegan Leather Wallet', 'rect', 'A slim wallet in vegan leather.', 116301, 1980),
  dropped(1012, 'Leather Keychain', 'tag', 'A leather keychain with an engraved plate.', 101201, 640),
  dropped(1391, 'Canvas Lunch Bag With Strap', 'bag', 'A canvas lunch bag with a shoulder strap.', 139101, 1520),
  dropped(1392, 'Polyester Lunch Bag', 'bag', 'A light polyester lunch bag.', 139201, 1310),
  dropped(1393, 'Paper Lunch Bag', 'bag', 'Printed paper lunch bags, pack of 10.', 139301, 990),
  dropped(6, 'Unisex Heavy Cotton Tee', 'tee', 'The <strong>classic</strong> heavy cotton tee.', 601, 875),
];

function dropped(
  id: number,
  title: string,
  shape: Picture['shape'],
  intro: string,
  firstVariant: number,
  cost: number,
): BlueprintData {
  return {
    id,
    title,
    description: describe(intro, ['Made to order', 'Ships in 3-5 business days']),
    brand: 'Generic brand',
    model: `M-${id}`,
    picture: picture(shape, [230, 230, 230], SQUARE_AREA),
    offers: [
      offer(
        PROVIDERS.spoke,
        firstVariant,
        ['front'],
        [
          ['S', { size: 'S' }, cost],
          ['M', { size: 'M' }, cost + 50],
          ['L', { size: 'L' }, cost + 100, false],
        ],
      ),
    ],
  };
}

/** The whole catalog, in Printify's order (by id). */
export const CATALOG: readonly BlueprintData[] = [...KEPT, ...DROPPED].sort((a, b) => a.id - b.id);

export function findBlueprint(id: number): BlueprintData | undefined {
  return CATALOG.find((blueprint) => blueprint.id === id);
}

export function findOffer(blueprint: BlueprintData, providerId: number): Offer | undefined {
  return blueprint.offers.find((candidate) => candidate.provider.id === providerId);
}

/** Shipping zones in cents (first item, each additional one). REST_OF_THE_WORLD comes last and not for every variant. */
const ZONES: Array<{ countries: string[]; first: number; additional: number }> = [
  { countries: ['US'], first: 450, additional: 150 },
  { countries: ['CA'], first: 650, additional: 250 },
  { countries: ['GB'], first: 599, additional: 199 },
  { countries: ['DE', 'FR', 'NL', 'IE', 'ES', 'IT', 'BE', 'AT'], first: 699, additional: 249 },
  { countries: ['IN'], first: 899, additional: 399 },
  { countries: ['REST_OF_THE_WORLD'], first: 1099, additional: 499 },
];

/** The provider's shipping: every variant to the named zones; the last variant not to the rest of the world. */
export function shippingOf(offer: Offer): ShippingInfo {
  const all = offer.variants.map((variant) => variant.id);
  const worldwide = all.length > 1 ? all.slice(0, -1) : all;
  const profiles: ShippingProfile[] = ZONES.map(({ countries, first, additional }) => ({
    variant_ids: countries[0] === 'REST_OF_THE_WORLD' ? worldwide : all,
    first_item: { cost: first, currency: 'USD' },
    additional_items: { cost: additional, currency: 'USD' },
    countries,
  }));
  return { handling_time: { value: offer.handlingDays, unit: 'day' }, profiles };
}

/** The profile that ships a variant to a country (its own zone, else the rest of the world), if any. */
export function profileFor(offer: Offer, variantId: number, country: string): ShippingProfile | undefined {
  const profiles = shippingOf(offer).profiles.filter((profile) => profile.variant_ids.includes(variantId));
  return (
    profiles.find((profile) => profile.countries.includes(country)) ??
    profiles.find((profile) => profile.countries.includes('REST_OF_THE_WORLD'))
  );
}
