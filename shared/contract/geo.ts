import { geoTreeSchema } from '../geo';

/** GET /geo: the active part of the tree, as the apply form offers it. */
export const activeGeoTreeSchema = geoTreeSchema;
