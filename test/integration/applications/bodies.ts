/**
 * The bodies of a standard and of an individual application, with no import of the project's
 * modules: a file on an isolated table (isolated-table.ts) imports the data modules only after its
 * table exists, and importing the HTTP fixtures (which make users in the shared table) would load
 * them first, on the shared table.
 */
export function standardBody(overrides: Record<string, unknown> = {}) {
  return {
    requestType: 'STANDARD',
    continent: 'europe',
    country: 'europe.spain',
    city: 'europe.spain.madrid',
    assetFrom: 'card-EUR',
    assetTo: 'usdt-trc20',
    amount: 500,
    contactTelegram: '@exchange_tester',
    amlAcknowledged: true,
    originFunds: 'N/A',
    ...overrides,
  };
}

export function individualBody(overrides: Record<string, unknown> = {}) {
  return {
    requestType: 'INDIVIDUAL',
    details: 'I want to exchange 3000 GBP in cash in Lisbon next week.',
    contactTelegram: '+351 912 345 678',
    amlAcknowledged: true,
    ...overrides,
  };
}
