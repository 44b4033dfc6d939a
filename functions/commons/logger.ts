import { Logger } from '@aws-lambda-powertools/logger';

/** One structured JSON logger per container; the pipeline adds the request id to every line. */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'exchange-api' });
