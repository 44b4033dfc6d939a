import { createGuestApplication } from '@functions/domain/applications/guest';
import { toApplicationView } from '@functions/domain/applications/views';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { createGuestApplication as route } from '@shared/routes/applications';

export const handler = publicEndpoint(route, async ({ body, sourceIp }) => {
  const guest = await createGuestApplication(body, sourceIp);
  if (guest.outcome === 'confirmByMail') {
    return {
      status: 202,
      message: 'If this address has an account, its owner was mailed a link to add the application to it.',
      data: { outcome: 'confirmByMail' },
    };
  }
  return {
    status: route.successStatus,
    message: 'Application submitted.',
    data: {
      outcome: 'created',
      application: toApplicationView(guest.result.application),
      session: guest.session,
    },
  };
});
