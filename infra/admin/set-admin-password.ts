/**
 * The first SUPER_ADMIN without mail (docs/operations.md): sets the password of the SUPER_ADMIN
 * with the given email straight in the deployed table, with the operator's AWS credentials, and
 * marks the address verified; creates the account when there is none. The password is read from
 * the terminal (not echoed) or from standard input, never from the command line, and only its
 * bcrypt hash leaves this machine. Prints nothing secret.
 *
 *   TABLE_NAME=<data stack output TableName> AWS_REGION=eu-central-1 npm run admin:password -- you@example.com
 */
import { createInterface } from 'node:readline';

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin });
    for await (const line of lines) return line;
    throw new Error('No password on standard input');
  }
  const ask = (prompt: string) =>
    new Promise<string>((resolve, reject) => {
      let typed = '';
      const finish = (outcome: () => void) => {
        process.stdin.off('data', onData);
        process.stdin.setRawMode(false);
        process.stdin.pause();
        process.stdout.write('\n');
        outcome();
      };
      const onData = (chunk: Buffer) => {
        for (const char of chunk.toString('utf8')) {
          if (char === '\u0003') return finish(() => reject(new Error('Cancelled')));
          if (char === '\r' || char === '\n') return finish(() => resolve(typed));
          typed = char === '\u007f' ? typed.slice(0, -1) : typed + char;
        }
      };
      process.stdout.write(prompt);
      process.stdin.setRawMode(true);
      process.stdin.resume();
      process.stdin.on('data', onData);
    });
  const password = await ask('New password: ');
  if ((await ask('Again: ')) !== password) throw new Error('The two passwords differ');
  return password;
}

async function main(): Promise<void> {
  const email = process.argv[2];
  if (!email || !process.env.TABLE_NAME)
    throw new Error('Usage: TABLE_NAME=<table> npm run admin:password -- <email>  (password on stdin)');
  const password = await readPassword();
  // Loaded after the checks: the data layer reads TABLE_NAME when it loads.
  const { setSuperAdminPassword } = await import('@functions/domain/accounts/bootstrap');
  const { created } = await setSuperAdminPassword(email, password);
  console.log(
    created
      ? `Created SUPER_ADMIN ${email} with that password; log in at the site.`
      : `Password of SUPER_ADMIN ${email} set and address marked verified; log in at the site.`,
  );
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
