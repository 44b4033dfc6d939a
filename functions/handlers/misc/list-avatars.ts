import { avatarUrls } from '../../../shared/avatars';
import { requireEnv } from '../../commons/config';
import { publicEndpoint } from '../../commons/http';
import { listAvatars as route } from '../../routes';

const siteUrl = requireEnv('SITE_URL');

export const handler = publicEndpoint(route, async () => ({ data: avatarUrls(siteUrl) }));
