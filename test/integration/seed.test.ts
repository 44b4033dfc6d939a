import { seedDatabase } from '@functions/seed/seed';
import { describe, expect, it } from 'vitest';

describe('seedDatabase', () => {
  it('writes nothing when run again on a seeded table', async () => {
    const again = await seedDatabase();
    expect(again.written).toBe(0);
  });
});
