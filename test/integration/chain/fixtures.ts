/** A standard USDT → cash application in Madrid of `amount` USDT: what the chain tests pay on chain. */
export function usdtToCashBody(amount: number) {
  return {
    requestType: 'STANDARD' as const,
    continent: 'europe',
    country: 'europe.spain',
    city: 'europe.spain.madrid',
    assetFrom: 'usdt-trc20',
    assetTo: 'cash-EUR',
    amount,
    contactTelegram: '@exchange_tester',
    amlAcknowledged: true as const,
    originFunds: 'N/A',
  };
}
