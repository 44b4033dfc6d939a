import { APPLICATION_ID_DISPLAY_LENGTH } from './constants';

/** How an id is shown to people: its first characters (8 for clients, docs/product.md §2; staff see 12). */
export function shortId(id: string, length = APPLICATION_ID_DISPLAY_LENGTH): string {
  return id.slice(0, length);
}
