import { dealActorOf } from '@functions/domain/accounts/principal';
import { issueInstructions } from '@functions/domain/applications/staff-deal';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminIssueInstructions as route } from '@shared/routes/admin-applications';

export const handler = endpoint(route, async ({ params, body, principal }) => ({
  data: await issueInstructions(params.id, body, dealActorOf(principal)),
}));
