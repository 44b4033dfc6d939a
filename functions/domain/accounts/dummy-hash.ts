/**
 * A bcrypt hash (at passwords.ts's BCRYPT_COST) of a random password nobody kept. Comparing against
 * it when an account does not exist makes "unknown user" take as long as "wrong password"; a guest's
 * account (functions/domain/applications/guest.ts) is written with it, so no password logs in until
 * its owner sets one. Its own module, so that a function which only writes it carries no bcrypt.
 */
export const DUMMY_HASH = '$2b$10$Y0Md4ZM.FcvCfmTxHb/cseyR4.ZjiHuWaII6.VWMV4ShLy7Okb8Q6';
