import {
  adminConfirmPayment,
  adminGetApplication,
  adminIssueInstructions,
} from '@shared/routes/admin-applications';
import { getMyApplication } from '@shared/routes/applications';
import { adminPutRates } from '@shared/routes/rates';
import { adminDecideVerification } from '@shared/routes/verification';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api';
import { createVerifiedUser, type TestUser } from '../../support/users';
import { setStatus, standardBody, submit } from '../applications/fixtures';
import { addCard, sentRequest } from './fixtures';

/**
 * A direction that asks for a verified card (docs/product.md "Cards and verification"): the
 * application from an unverified card is made and waits; staff cannot issue instructions until
 * its photo is approved. Moldova (MDL) and Tajikistan (TJS): no other file sets these directions.
 */
let admin: TestUser;
const moldova = { continent: 'cis', country: 'cis.moldova', city: 'cis.moldova.chisinau' };
const tajikistan = { continent: 'cis', country: 'cis.tajikistan', city: 'cis.tajikistan.dushanbe' };

beforeAll(async () => {
  admin = await createVerifiedUser({ role: 'ADMIN' });
  const set = await call(adminPutRates, {
    token: admin.token,
    body: {
      directions: [
        { assetFrom: 'card-MDL', assetTo: 'usdt-trc20', cardVerification: 'always' },
        {
          assetFrom: 'card-TJS',
          assetTo: 'usdt-trc20',
          cardVerification: 'above',
          cardVerificationAbove: 5000,
        },
      ],
    },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
});

const instruct = (id: string) =>
  call(adminIssueInstructions, {
    token: admin.token,
    params: { id },
    body: { text: 'Pay to the card in the instructions' },
  });

describe('a direction that always asks for a verified card', () => {
  it('makes the application from an unverified card wait, refuses instructions, and allows them once the card is approved', async () => {
    const client = await createVerifiedUser();
    const cardId = await addCard(client);
    const made = await submit(
      client,
      standardBody({ ...moldova, assetFrom: 'card-MDL', amount: 2000, payerCardId: cardId }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.data!.id;
    await setStatus(admin, id, 'PROCESSING');

    const refused = await instruct(id);
    const requestId = await sentRequest(client, { cardId });
    await call(adminDecideVerification, {
      token: admin.token,
      params: { id: requestId },
      body: { decision: 'approve' },
    });
    const allowed = await instruct(id);

    expect(made.body.data!.payerCard).toMatchObject({
      id: cardId,
      verified: false,
      verificationRequired: true,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('PayerCardNotVerified');
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    const seen = await call(getMyApplication, { token: client.token, params: { id } });
    expect(seen.body.data!.payerCard).toMatchObject({ verified: true });
  });

  it('asks which card pays', async () => {
    const client = await createVerifiedUser();

    const made = await submit(client, standardBody({ ...moldova, assetFrom: 'card-MDL', amount: 2000 }));

    expect(made.status).toBe(400);
    expect(made.body.errors?.[0]).toMatchObject({ param: 'payerCardId', code: 'payerCardRequired' });
  });
});

describe('the payer’s name at a card payment’s confirmation', () => {
  /** A deal paid from a card verified as IVAN PETROV, with its instructions out. */
  async function instructedDeal(): Promise<string> {
    const client = await createVerifiedUser();
    const cardId = await addCard(client, 'IVAN PETROV');
    const requestId = await sentRequest(client, { cardId });
    await call(adminDecideVerification, {
      token: admin.token,
      params: { id: requestId },
      body: { decision: 'approve' },
    });
    const made = await submit(
      client,
      standardBody({ ...moldova, assetFrom: 'card-MDL', amount: 2000, payerCardId: cardId }),
    );
    const id = made.body.data!.id;
    await setStatus(admin, id, 'PROCESSING');
    expect((await instruct(id)).status).toBe(200);
    return id;
  }
  const confirmedBy = async (id: string, payerName: string) => {
    const confirmed = await call(adminConfirmPayment, {
      token: admin.token,
      params: { id },
      body: { payerName },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    return (await call(adminGetApplication, { token: admin.token, params: { id } })).body.data!;
  };

  it('is flagged on the deal when it differs from the verified holder’s', async () => {
    const deal = await confirmedBy(await instructedDeal(), 'Petr Sidorov');

    expect(deal.paymentConfirmation).toMatchObject({ payerName: 'Petr Sidorov', payerNameMismatch: true });
    expect(deal.history.at(-1)?.details).toMatchObject({ payerNameMismatch: true });
  });

  it('is not flagged when only case and spacing differ', async () => {
    const deal = await confirmedBy(await instructedDeal(), '  ivan   Petrov ');

    expect(deal.paymentConfirmation).toMatchObject({ payerNameMismatch: false });
  });
});

describe('a direction that asks for a verified card above an amount', () => {
  it('asks nothing at or below the amount, and waits above it', async () => {
    const client = await createVerifiedUser();
    const cardId = await addCard(client);

    const below = await submit(
      client,
      standardBody({ ...tajikistan, assetFrom: 'card-TJS', amount: 5000, payerCardId: cardId }),
    );
    const above = await submit(
      client,
      standardBody({ ...tajikistan, assetFrom: 'card-TJS', amount: 5001, payerCardId: cardId }),
    );

    expect(below.status, JSON.stringify(below.body)).toBe(201);
    expect(below.body.data!.payerCard).toMatchObject({ verificationRequired: false });
    expect(above.status).toBe(201);
    expect(above.body.data!.payerCard).toMatchObject({ verificationRequired: true, verified: false });
  });
});
