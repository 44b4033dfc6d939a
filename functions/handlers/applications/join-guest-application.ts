import { joinGuestApplication } from '@functions/domain/applications/guest';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { joinGuestApplication as route } from '@shared/routes/applications';

export const handler = publicEndpoint(route, async ({ body }) => {
  const { application } = await joinGuestApplication(body.token);
  return {
    status: route.successStatus,
    message: 'Application added to your account.',
    data: { applicationId: application.id },
  };
});
