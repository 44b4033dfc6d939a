import { findUserSummaries } from '@functions/data/user-summaries';

/** Answers a user's name by id: null for no id (the seed, the system) and for an account no longer found. */
export type NameOf = (id: string | null | undefined) => string | null;

/**
 * The names staff views show instead of an id, which tells a reader nothing: the username, else
 * the email. One BatchGetItem per 100 distinct ids (access pattern 1); none when there are no ids.
 */
export async function namesOf(ids: Iterable<string | null | undefined>): Promise<NameOf> {
  const wanted = [...new Set([...ids].filter((id): id is string => typeof id === 'string' && id !== ''))];
  const people = wanted.length > 0 ? await findUserSummaries(wanted) : new Map();
  return (id) => {
    const person = id ? people.get(id) : undefined;
    return person ? (person.username ?? person.email) : null;
  };
}
