import { parseArgs } from 'node:util';
import { postToTronStandIn } from './tron-stand-in';

/**
 * `npm run chain:send -- --to T… --amount 500.0037 [--from T…] [--solidify]`: a USDT transfer on the
 * running local stack's TronGrid stand-in (infra/local/tron-stand-in.ts), as a client's wallet would
 * send it; `--solidify` also makes it (and every pending transfer) final. The stand-in is at
 * `TRON_API_URL`, else on `TRON_PORT` (8009).
 */
const { values } = parseArgs({
  options: {
    to: { type: 'string' },
    amount: { type: 'string' },
    from: { type: 'string' },
    solidify: { type: 'boolean', default: false },
  },
});

const post = (base: string, path: string, body: unknown) => postToTronStandIn<unknown>(base, path, body);

async function main() {
  if (!values.to || !values.amount) {
    console.error('Usage: npm run chain:send -- --to T… --amount 500.0037 [--from T…] [--solidify]');
    process.exit(2);
  }
  const base = (process.env.TRON_API_URL || `http://127.0.0.1:${process.env.TRON_PORT || 8009}`).replace(
    /\/+$/,
    '',
  );
  const sent = (await post(base, '/_local/transfers', {
    to: values.to,
    amount: values.amount,
    ...(values.from ? { from: values.from } : {}),
  })) as { txId: string; value: string };
  console.log(`Sent ${values.amount} USDT (${sent.value} base units) to ${values.to}: ${sent.txId}`);
  if (values.solidify) {
    await post(base, '/_local/solidify', {});
    console.log('Solidified.');
  }
}

main().catch((error: unknown) => {
  console.error(`chain:send failed: ${(error as Error).message}`);
  process.exit(1);
});
