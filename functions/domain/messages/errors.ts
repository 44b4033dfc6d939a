import { InvalidRequest, RateLimited } from '@functions/commons/errors';
import { ATTACHMENT_MAX_BYTES, UPLOAD_PENDING_HOURS } from '@shared/messages';

/**
 * An attachment id the caller may not use: none such, announced for another application, or by
 * someone else. All three read the same, so ids of others' uploads leak nothing.
 */
export class AttachmentUnknown extends InvalidRequest {
  constructor(id: string) {
    super(`There is no upload ${id} of yours for this application.`, { params: { id } });
  }
}

/** The upload already belongs to a message (each file is sent once). */
export class AttachmentAlreadySent extends InvalidRequest {
  constructor(id: string) {
    super(`The upload ${id} is already attached to a message.`, { params: { id } });
  }
}

/** The upload was announced more than a day ago: the bucket deletes such files, so it is refused. */
export class UploadExpired extends InvalidRequest {
  constructor(id: string) {
    super(`The upload ${id} is older than ${UPLOAD_PENDING_HOURS} hours. Upload the file again.`, {
      params: { id, hours: UPLOAD_PENDING_HOURS },
    });
  }
}

/** The upload was announced but no file arrived in the bucket. */
export class UploadMissing extends InvalidRequest {
  constructor(id: string, fileName: string) {
    super(`The file ${fileName} was not uploaded. Upload it again.`, { params: { id, fileName } });
  }
}

/** What arrived is larger than allowed, or not the size announced. */
export class UploadSizeMismatch extends InvalidRequest {
  constructor(id: string, fileName: string, declared: number, actual: number) {
    super(
      actual > ATTACHMENT_MAX_BYTES
        ? `The file ${fileName} is larger than ${ATTACHMENT_MAX_BYTES} bytes.`
        : `The file ${fileName} has ${actual} bytes, not the ${declared} announced. Upload it again.`,
      { params: { id, fileName, declared, actual } },
    );
  }
}

/** The file's first bytes are not those of the type it was announced as (a PDF sent as a PNG…). */
export class UploadTypeMismatch extends InvalidRequest {
  constructor(id: string, fileName: string, contentType: string) {
    super(`The file ${fileName} is not a ${contentType} file.`, { params: { id, fileName, contentType } });
  }
}

/**
 * The file in the bucket changed while the message was being sent (its upload link was used
 * again): what was checked is no longer there to copy, so the message is refused.
 */
export class UploadChanged extends InvalidRequest {
  constructor(id: string, fileName: string) {
    super(`The file ${fileName} changed while the message was being sent. Upload it again.`, {
      params: { id, fileName },
    });
  }
}

/** The caller sent more messages within a minute than anyone typing does (all their threads together). */
export class MessagesTooFast extends RateLimited {
  constructor(limit: number, retryAfterSeconds: number) {
    super(`You can send at most ${limit} messages a minute. Wait a moment and send again.`, {
      params: { limit },
      retryAfterSeconds,
    });
  }
}

/** The thread got more messages within a minute, from both sides together, than a conversation does. */
export class ThreadTooBusy extends RateLimited {
  constructor(limit: number, retryAfterSeconds: number) {
    super(`This conversation takes at most ${limit} messages a minute. Wait a moment and send again.`, {
      params: { limit },
      retryAfterSeconds,
    });
  }
}
