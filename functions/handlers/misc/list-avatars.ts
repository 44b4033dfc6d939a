import { requireEnv } from '@functions/commons/config';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { listAvatars as route } from '@functions/routes/profile';
import { avatarUrls } from '@shared/avatars';

const siteUrl = requireEnv('SITE_URL');

export const handler = publicEndpoint(route, async () => ({ data: avatarUrls(siteUrl) }));
