// Routes of one area of the manifest (docs/architecture.md §2): The thread of an application between its owner and staff, with attachments uploaded to S3.
export {};
