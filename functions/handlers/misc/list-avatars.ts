import { requireEnv } from '@functions/commons/config';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { avatarUrls } from '@shared/avatars';
import { listAvatars as route } from '@shared/routes/profile';

const siteUrl = requireEnv('SITE_URL');

export const handler = publicEndpoint(route, async () => ({ data: avatarUrls(siteUrl) }));
