import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

vi.stubEnv('TABLE_NAME', 'unit-test');
const audit = await import('@functions/data/audit');

/**
 * No one can change or delete an audit entry through the product: the only code that may name an
 * audit key is the audit data module, which only adds entries, each a Put refused where the key
 * exists. (DynamoDB Local's refusal of a second Put of one key is test/integration/audit.)
 */
const ROOT = join(import.meta.dirname, '../..');
const FUNCTIONS = join(ROOT, 'functions');
/** The module that writes and reads entries, and the one place keys are built. */
const ALLOWED = new Set(['functions/data/audit.ts', 'functions/data/keys.ts']);
/** An audit item's key, written out or built with keys.ts. */
const AUDIT_KEY = /AUDIT(DAY)?#|\bauditPartition\b|\bauditDay(Partition)?\b/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('the audit trail is append-only', () => {
  it('the audit data module offers adding and reading entries, and nothing that changes or deletes one', () => {
    expect(Object.keys(audit).sort()).toEqual(['auditPut', 'listAuditFor', 'readAudit']);
  });

  it('an entry is a Put only where no item has its key', () => {
    const item = audit.auditPut({
      actorId: 'someone',
      actorRole: 'ADMIN',
      action: 'setting.update',
      targetType: 'setting',
      targetId: 'minApplicationAmountUSD',
      before: { value: 1 },
      after: { value: 2 },
    });

    expect(Object.keys(item)).toEqual(['Put']);
    expect(item.Put?.ConditionExpression).toBe('attribute_not_exists(pk)');
  });

  it('no other code of the functions names an audit key, so none can update or delete an entry', () => {
    const naming = sourceFiles(FUNCTIONS)
      .map((path) => relative(ROOT, path))
      .filter((path) => !ALLOWED.has(path))
      .filter((path) => AUDIT_KEY.test(readFileSync(join(ROOT, path), 'utf8')));

    expect(naming).toEqual([]);
  });

  it('the audit data module sends no update or delete', () => {
    const source = readFileSync(join(FUNCTIONS, 'data/audit.ts'), 'utf8');

    expect(source).not.toMatch(/\b(Update|Delete|BatchWrite)(Item)?Command\b|\b(Update|Delete):/);
  });
});

describe('an audit entry of the system', () => {
  it("names the system's own work as the system, with no address or device", () => {
    const item = audit.auditPut({
      actorId: null,
      actorRole: 'ADMIN',
      action: 'application.status',
      targetType: 'application',
      targetId: 'app-1',
      before: { status: 'WAITING_PAYMENT' },
      after: { status: 'EXPIRED' },
    });

    expect(item.Put?.Item).toMatchObject({ actorId: 'system', actorRole: 'SYSTEM', ip: null, device: null });
  });
});
