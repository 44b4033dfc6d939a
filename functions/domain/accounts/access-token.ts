import { signingKey, verificationKey } from '@functions/commons/jwt-secret';
import { type Role, roleSchema } from '@shared/enums';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

/**
 * Access tokens: HS256 only, 15 minutes, bound to this API (iss/aud) and to a session family
 * (sid), naming their signing key in the `kid` header so a rotated key logs nobody out.
 */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ALGORITHM = 'HS256';
const ISSUER = 'exchange-api';
const AUDIENCE = 'exchange-web';
const TOKEN_TYPE = 'access';

export interface AccessClaims {
  userId: string;
  role: Role;
  sessionId: string;
}

export async function issueAccessToken(claims: AccessClaims): Promise<string> {
  const { kid, key } = await signingKey();
  return new SignJWT({ role: claims.role, sid: claims.sessionId, typ: TOKEN_TYPE })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT', kid })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(key);
}

/**
 * The key of the token's `kid`: the current or the previous signing key. A token without a kid
 * (none is issued since key ids came in; older ones lived 15 minutes) or naming any other key is
 * refused like a forged one (a JOSE error, so the caller answers 401).
 */
async function keyOf(header: { kid?: string }): Promise<Uint8Array> {
  const key = await verificationKey(header.kid);
  if (!key) throw new joseErrors.JWKSNoMatchingKey();
  return key;
}

/** Returns the claims of a valid access token, or null for anything forged, expired, of another kind or of an unknown key. */
export async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf, {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp', 'iat', 'sub', 'sid', 'role', 'typ'],
    });
    const role = roleSchema.safeParse(payload.role);
    if (payload.typ !== TOKEN_TYPE || !role.success || typeof payload.sid !== 'string' || !payload.sub) {
      return null;
    }
    return { userId: payload.sub, role: role.data, sessionId: payload.sid };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}
