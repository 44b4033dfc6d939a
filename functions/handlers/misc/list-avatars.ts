import { avatarUrls } from '../../../shared/avatars';
import { requireEnv } from '../../commons/config';
import { endpoint } from '../../commons/http';
import { routes } from '../../routes';

const siteUrl = requireEnv('SITE_URL');

export const handler = endpoint(routes.listAvatars, async () => ({ data: avatarUrls(siteUrl) }));
