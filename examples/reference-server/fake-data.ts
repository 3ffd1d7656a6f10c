/**
 * The fixed world the reference server answers from. Everything is deterministic and offline so
 * that conformance runs and golden-set evaluations give the same answers on every machine.
 */

export interface CityWeather {
  city: string;
  celsius: number;
  conditions: string;
}

export const CITIES: readonly CityWeather[] = [
  { city: 'London', celsius: 14, conditions: 'light rain' },
  { city: 'Paris', celsius: 18, conditions: 'partly cloudy' },
  { city: 'Berlin', celsius: 16, conditions: 'overcast' },
  { city: 'Tokyo', celsius: 22, conditions: 'clear' },
  { city: 'New York', celsius: 20, conditions: 'sunny' },
  { city: 'Sydney', celsius: 25, conditions: 'windy' },
  { city: 'Toronto', celsius: 11, conditions: 'snow showers' },
  { city: 'São Paulo', celsius: 27, conditions: 'thunderstorms' },
];

/** Forecast days cycle through these so that each city's week differs but never changes. */
export const FORECAST_CONDITIONS = ['sunny', 'partly cloudy', 'overcast', 'light rain', 'windy', 'clear', 'showers'];

/** Units of currency per one US dollar; fixed reference rates, not market data. */
export const USD_RATES: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  JPY: 151.4,
  CHF: 0.88,
  CAD: 1.37,
  AUD: 1.52,
  BRL: 5.05,
};

export interface Customer {
  id: string;
  name: string;
  email: string;
  country: string;
  plan: 'free' | 'team' | 'enterprise';
}

export const CUSTOMERS: readonly Customer[] = [
  { id: 'CUS-001', name: 'Acme Robotics', email: 'billing@acme.example', country: 'US', plan: 'enterprise' },
  { id: 'CUS-002', name: 'Brightleaf Studio', email: 'hello@brightleaf.example', country: 'GB', plan: 'team' },
  { id: 'CUS-003', name: 'Nordlicht GmbH', email: 'finance@nordlicht.example', country: 'DE', plan: 'free' },
];

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'overdue' | 'void';

export interface Invoice {
  id: string;
  customer_id: string;
  amount: number;
  currency: string;
  status: InvoiceStatus;
  issued_on: string;
}

export const INVOICES: readonly Invoice[] = [
  { id: 'INV-1001', customer_id: 'CUS-001', amount: 1250, currency: 'USD', status: 'paid', issued_on: '2026-05-02' },
  { id: 'INV-1002', customer_id: 'CUS-001', amount: 980.5, currency: 'USD', status: 'open', issued_on: '2026-06-01' },
  { id: 'INV-1003', customer_id: 'CUS-002', amount: 430, currency: 'GBP', status: 'overdue', issued_on: '2026-04-15' },
  { id: 'INV-1004', customer_id: 'CUS-002', amount: 120, currency: 'GBP', status: 'draft', issued_on: '2026-06-20' },
  { id: 'INV-1005', customer_id: 'CUS-003', amount: 2999, currency: 'EUR', status: 'paid', issued_on: '2026-03-30' },
  { id: 'INV-1006', customer_id: 'CUS-003', amount: 75, currency: 'EUR', status: 'void', issued_on: '2026-02-11' },
];

export function findInvoice(id: string): Invoice | undefined {
  return INVOICES.find((invoice) => invoice.id === id);
}

export const DOCUMENTS = {
  refunds: [
    '# Refund policy',
    '',
    'Paid invoices can be refunded in full within 30 days of payment.',
    'After 30 days we refund the unused part of a subscription, pro rata.',
    'Refunds go back to the original payment method within 5 business days.',
  ].join('\n'),
  shipping: [
    '# Shipping policy',
    '',
    'Hardware orders ship from Rotterdam within 2 business days.',
    'Standard delivery takes 3-5 business days in the EU and 7-10 elsewhere.',
    'Express delivery (1-2 business days) costs a flat 25 EUR.',
  ].join('\n'),
  faq: [
    '# Frequently asked questions',
    '',
    '**How do I change my billing email?** Ask support; we update it within one business day.',
    '**Which currencies do you invoice in?** USD, EUR and GBP.',
    '**When is an invoice overdue?** 30 days after it was issued, unless it is paid or void.',
  ].join('\n'),
} as const;
