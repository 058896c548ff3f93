import type { PricingModel } from '@eclat/shared';

/** The demo catalogue and feedback written on the first start of an empty database. */

/** An extra of a demo service: titles in English and French, price in cents, extra minutes. */
export type DemoExtra = { en: string; fr: string; priceCents: number; minutes: number };

export type DemoService = {
  title: string;
  description: string;
  pricing: number;
  category: 'Residential' | 'Commercial';
  durationMinutes: number;
  isAvailable: boolean;
  /** File in ./images, or null to show the default picture. */
  image: string | null;
  /** How it is priced (decision 025); flat when absent. */
  pricingModel?: PricingModel;
  extras?: DemoExtra[];
};

const KITCHEN_EXTRAS: DemoExtra[] = [
  { en: 'Inside the fridge', fr: 'Intérieur du réfrigérateur', priceCents: 3_000, minutes: 30 },
  { en: 'Inside the oven', fr: 'Intérieur du four', priceCents: 3_500, minutes: 30 },
];

export const DEMO_SERVICES: DemoService[] = [
  {
    title: 'Standard Home Cleaning',
    description:
      'Our most popular visit: dusting, vacuuming and mopping every room, kitchen counters and appliance fronts wiped, bathrooms scrubbed and beds made. Ideal every week or two.',
    pricing: 140,
    category: 'Residential',
    durationMinutes: 120,
    isAvailable: true,
    image: 'standard-home-cleaning.jpg',
  },
  {
    title: 'Deep Cleaning',
    description:
      'A top-to-bottom reset: inside the oven and fridge, baseboards, door frames, light switches, cabinet fronts and the grout in showers. Recommended for a first visit or each season.',
    pricing: 289,
    category: 'Residential',
    durationMinutes: 240,
    isAvailable: true,
    image: 'deep-cleaning.jpg',
  },
  {
    title: 'Move-In / Move-Out Cleaning',
    description:
      'Empty-home cleaning so you get your deposit back or start fresh: inside every cupboard and closet, appliances, windowsills, floors and bathrooms, ready for inspection.',
    pricing: 349,
    category: 'Residential',
    durationMinutes: 300,
    isAvailable: true,
    image: 'move-in-move-out.jpg',
    // Priced by floor area: $349 up to 1,000 sq ft, then a band per 1,000 sq ft up to 3,000.
    pricingModel: {
      kind: 'area',
      unit: 'sqft',
      bands: [
        { upTo: 1000, priceCents: 34_900, minutes: 300 },
        { upTo: 2000, priceCents: 44_900, minutes: 360 },
        { upTo: 3000, priceCents: 54_900, minutes: 420 },
      ],
    },
    extras: [...KITCHEN_EXTRAS, { en: 'Balcony', fr: 'Balcon', priceCents: 2_500, minutes: 30 }],
  },
  {
    title: 'Whole Home Cleaning',
    description:
      'Our regular clean priced for your home: every bedroom and bathroom, the kitchen, living areas and floors. Tell us how many rooms and add what you need.',
    pricing: 110,
    category: 'Residential',
    durationMinutes: 90,
    isAvailable: true,
    image: 'standard-home-cleaning.jpg',
    // $90 and an hour, plus $25 and 30 minutes per bedroom, $20 and 30 minutes per bathroom.
    pricingModel: {
      kind: 'rooms',
      baseCents: 9_000,
      baseMinutes: 60,
      perBedroomCents: 2_500,
      perBedroomMinutes: 30,
      perBathroomCents: 2_000,
      perBathroomMinutes: 30,
    },
    extras: [
      ...KITCHEN_EXTRAS,
      { en: 'Interior windows', fr: 'Fenêtres intérieures', priceCents: 4_000, minutes: 45 },
      { en: 'Laundry (one load)', fr: 'Lessive (une brassée)', priceCents: 2_000, minutes: 30 },
    ],
  },
  {
    title: 'Window Washing',
    description:
      'Streak-free interior and exterior windows up to the second storey, with screens, tracks and sills cleaned. Eco-friendly solution, safe for pets and plants.',
    pricing: 95,
    category: 'Residential',
    durationMinutes: 90,
    isAvailable: true,
    image: 'window-washing.jpg',
  },
  {
    title: 'Carpet & Upholstery Care',
    description:
      'Hot-water extraction for carpets and rugs, and gentle fabric cleaning for sofas and armchairs. Lifts stains, allergens and pet odours; dry within a few hours.',
    pricing: 160,
    category: 'Residential',
    durationMinutes: 120,
    isAvailable: true,
    image: 'carpet-upholstery.jpg',
  },
  {
    title: 'Post-Renovation Cleanup',
    description:
      'Fine construction dust removed from every surface, vents and fixtures, paint splatters and adhesive residue lifted, floors cleaned twice. Priced after a free walkthrough.',
    pricing: 0,
    category: 'Residential',
    durationMinutes: 360,
    isAvailable: true,
    image: 'post-renovation.jpg',
  },
  {
    title: 'Office Cleaning',
    description:
      'After-hours cleaning of workstations, meeting rooms, kitchenettes and washrooms; high-touch points disinfected and bins emptied. Daily, weekly or custom schedules.',
    pricing: 220,
    category: 'Commercial',
    durationMinutes: 180,
    isAvailable: true,
    image: 'office-cleaning.jpg',
  },
  {
    title: 'Retail Store Cleaning',
    description:
      'Sales floor, fitting rooms, display glass and entrance mats cleaned before opening, so customers walk into a bright, welcoming store.',
    pricing: 195,
    category: 'Commercial',
    durationMinutes: 150,
    isAvailable: true,
    image: 'retail-store-cleaning.jpg',
  },
  {
    title: 'Restaurant Kitchen Degreasing',
    description:
      'Hoods, filters, walls, prep surfaces and floors degreased to meet health-inspection standards, scheduled around your service hours.',
    pricing: 420,
    category: 'Commercial',
    durationMinutes: 240,
    isAvailable: true,
    image: 'restaurant-kitchen.jpg',
  },
  {
    title: 'Medical Clinic Sanitization',
    description:
      'Hospital-grade disinfection of waiting rooms, exam rooms and washrooms following infection-control protocols, with a checklist signed after every visit.',
    pricing: 0,
    category: 'Commercial',
    durationMinutes: 180,
    isAvailable: true,
    image: 'medical-clinic.jpg',
  },
  {
    title: 'Post-Event Cleanup',
    description:
      'Venue reset after a party, wedding or corporate event: tables, floors, washrooms and waste sorted for recycling. Offered again in the spring.',
    pricing: 260,
    category: 'Commercial',
    durationMinutes: 240,
    isAvailable: false,
    image: null,
  },
];

/**
 * Where the demo company books online (issue 16): downtown Toronto and central Montréal, and Oakville
 * with a travel surcharge. Other postal codes are offered a quote request.
 */
export const DEMO_SERVICE_AREA: { prefix: string; surchargeCents: number }[] = [
  { prefix: 'M4C', surchargeCents: 0 },
  { prefix: 'M4Y', surchargeCents: 0 },
  { prefix: 'M5A', surchargeCents: 0 },
  { prefix: 'M5B', surchargeCents: 0 },
  { prefix: 'M5J', surchargeCents: 0 },
  { prefix: 'M5R', surchargeCents: 0 },
  { prefix: 'M5V', surchargeCents: 0 },
  { prefix: 'M6G', surchargeCents: 0 },
  { prefix: 'H2J', surchargeCents: 0 },
  { prefix: 'H2T', surchargeCents: 0 },
  { prefix: 'H2X', surchargeCents: 0 },
  { prefix: 'H3A', surchargeCents: 0 },
  { prefix: 'H3B', surchargeCents: 0 },
  { prefix: 'L6J', surchargeCents: 2500 },
];

export type DemoCustomer = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  companyName: string | null;
  address: string;
  /** Inside `DEMO_SERVICE_AREA` (issue 16). */
  postalCode: string;
};

export const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    firstName: 'Amélie',
    lastName: 'Tremblay',
    email: 'amelie.tremblay@example.com',
    phoneNumber: '416-555-0142',
    companyName: null,
    address: '48 Palmerston Avenue',
    postalCode: 'M6G 2P5',
  },
  {
    firstName: 'Marcus',
    lastName: 'Okafor',
    email: 'marcus.okafor@example.com',
    phoneNumber: '647-555-0178',
    companyName: 'Okafor Dental',
    address: '1200 Bay Street',
    postalCode: 'M5R 3J1',
  },
  {
    firstName: 'Priya',
    lastName: 'Raman',
    email: 'priya.raman@example.com',
    phoneNumber: '905-555-0113',
    companyName: null,
    address: '77 Maple Grove Drive',
    postalCode: 'L6J 4V1',
  },
  {
    firstName: 'Jean-François',
    lastName: 'Gagnon',
    email: 'jf.gagnon@example.com',
    phoneNumber: '437-555-0190',
    companyName: 'Café Gagnon',
    address: '310 Queen Street West',
    postalCode: 'M5V 2A5',
  },
  {
    firstName: 'Olivia',
    lastName: 'Chen',
    email: 'olivia.chen@example.com',
    phoneNumber: '416-555-0121',
    companyName: null,
    address: '22 Wellesley Street East',
    postalCode: 'M4Y 1G3',
  },
  {
    firstName: 'Mathieu',
    lastName: 'Lavoie',
    email: 'mathieu.lavoie@example.com',
    phoneNumber: '514-555-0134',
    companyName: null,
    address: '4520 avenue du Parc',
    postalCode: 'H2T 2N4',
  },
  {
    firstName: 'Sarah',
    lastName: 'Goldberg',
    email: 'sarah.goldberg@example.com',
    phoneNumber: '647-555-0155',
    companyName: null,
    address: '150 Dalhousie Street',
    postalCode: 'M5B 2S7',
  },
  {
    firstName: 'Karim',
    lastName: 'Haddad',
    email: 'karim.haddad@example.com',
    phoneNumber: '514-555-0166',
    companyName: 'Boutique Haddad',
    address: '1250 rue Sainte-Catherine Ouest',
    postalCode: 'H3B 1K3',
  },
  {
    firstName: 'Emily',
    lastName: 'Walsh',
    email: 'emily.walsh@example.com',
    phoneNumber: '416-555-0177',
    companyName: null,
    address: '19 Kingston Road',
    postalCode: 'M4C 1B3',
  },
  {
    firstName: 'Lucas',
    lastName: 'Bouchard',
    email: 'lucas.bouchard@example.com',
    phoneNumber: '514-555-0188',
    companyName: null,
    address: '5100 rue Saint-Denis',
    postalCode: 'H2J 2L9',
  },
  {
    firstName: 'Hannah',
    lastName: 'Morris',
    email: 'hannah.morris@example.com',
    phoneNumber: '905-555-0199',
    companyName: null,
    address: '215 Lakeshore Road East',
    postalCode: 'L6J 1H8',
  },
  {
    firstName: 'Nadia',
    lastName: 'Benali',
    email: 'nadia.benali@example.com',
    phoneNumber: '647-555-0110',
    companyName: 'Studio Benali Architecture',
    address: '60 Harbour Street',
    postalCode: 'M5J 0B1',
  },
];

/**
 * The demo customer account's own profile (customer@example.com), written with the account so that
 * signing in as the demo customer shows a recurring cleaning, past visits and a quote to decide.
 */
export const DEMO_ACCOUNT_CUSTOMER: DemoCustomer = {
  firstName: 'Chloé',
  lastName: 'Customer',
  email: 'customer@example.com',
  phoneNumber: '514-555-0123',
  companyName: null,
  address: '3460 rue Saint-Urbain',
  postalCode: 'H2X 2N5',
};

export type DemoFeedback = {
  /** Index into DEMO_CUSTOMERS. */
  author: number;
  stars: number;
  content: string;
  status: 'VISIBLE' | 'INVISIBLE';
  daysAgo: number;
};

export const DEMO_FEEDBACK: DemoFeedback[] = [
  {
    author: 0,
    stars: 5,
    content:
      'Équipe ponctuelle et minutieuse : la cuisine n’a jamais été aussi propre. Je recommande le grand ménage sans hésiter.',
    status: 'VISIBLE',
    daysAgo: 6,
  },
  {
    author: 1,
    stars: 5,
    content:
      'They clean our clinic every evening and our patients notice. Reliable, discreet and they follow our checklist to the letter.',
    status: 'VISIBLE',
    daysAgo: 14,
  },
  {
    author: 2,
    stars: 4,
    content:
      'Booked a move-out clean on short notice and got my full deposit back. One window track was missed, fixed the next day.',
    status: 'VISIBLE',
    daysAgo: 23,
  },
  {
    author: 3,
    stars: 5,
    content:
      'Le dégraissage de la hotte et des murs a été fait après la fermeture, rien n’a dérangé le service du lendemain. Merci!',
    status: 'VISIBLE',
    daysAgo: 40,
  },
  {
    author: 2,
    stars: 3,
    content: 'Good work overall, but the team arrived forty minutes late without calling ahead.',
    status: 'INVISIBLE',
    daysAgo: 2,
  },
  {
    author: 1,
    stars: 2,
    content: 'The carpet took much longer to dry than promised.',
    status: 'INVISIBLE',
    daysAgo: 1,
  },
];

export type DemoEmployee = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  role: string;
  isActive: boolean;
  /** Days of the week off (0 Sunday to 6 Saturday); the other days, all three shifts. */
  daysOff: number[];
  /**
   * Days off counted from the first start instead (0 is that day, each repeating weekly): the demo
   * employee works the first day and the next, so their My Day has jobs whatever the weekday.
   */
  daysOffAfterStart?: number[];
};

/**
 * How far ahead the demo team's availabilities go: the coming four weeks, as a company posts them (tests
 * that need a day nobody works, or their own cleaner, book after this).
 */
export const DEMO_TEAM_WEEKS = 4;

/**
 * The team. The first one is the demo employee account's record (linked by email). Every day of the
 * week has at least two cleaners on every shift.
 */
export const DEMO_EMPLOYEES: DemoEmployee[] = [
  {
    firstName: 'Émile',
    lastName: 'Employee',
    email: 'employee@example.com',
    phoneNumber: '416-555-0190',
    role: 'Team lead',
    isActive: true,
    daysOff: [],
    daysOffAfterStart: [2, 3],
  },
  {
    firstName: 'Sofia',
    lastName: 'Nguyen',
    email: 'sofia.nguyen@example.com',
    phoneNumber: '416-555-0191',
    role: 'Cleaner',
    isActive: true,
    daysOff: [1, 2],
  },
  {
    firstName: 'Amélie',
    lastName: 'Tremblay',
    email: 'amelie.tremblay@example.com',
    phoneNumber: '416-555-0193',
    role: 'Cleaner',
    isActive: true,
    daysOff: [3, 4],
  },
  {
    firstName: 'Marc',
    lastName: 'Gagnon',
    email: 'marc.gagnon@example.com',
    phoneNumber: '416-555-0194',
    role: 'Cleaner',
    isActive: true,
    daysOff: [0, 5],
  },
  {
    firstName: 'Daniel',
    lastName: 'Roy',
    email: 'daniel.roy@example.com',
    phoneNumber: '416-555-0192',
    role: 'Window specialist',
    isActive: false,
    daysOff: [],
  },
];
