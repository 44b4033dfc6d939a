/** Avatar images shipped with the web app under `web/public/avatars/`. */
export const AVATAR_FILES = [
  'avatar-01.svg',
  'avatar-02.svg',
  'avatar-03.svg',
  'avatar-04.svg',
  'avatar-05.svg',
  'avatar-06.svg',
  'avatar-07.svg',
  'avatar-08.svg',
] as const;
export const AVATAR_PATH_PREFIX = '/avatars/';

export function avatarUrls(siteOrigin: string): string[] {
  const origin = siteOrigin.replace(/\/+$/, '');
  return AVATAR_FILES.map((file) => `${origin}${AVATAR_PATH_PREFIX}${file}`);
}
