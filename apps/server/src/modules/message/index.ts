export { messageRoutes, registerMessageAttachmentDownload } from './message.routes.ts';
export { messageServices, type MessageServices } from './message.service.ts';
export { unsentPurgeJob } from './unsent-purge-job.ts';
export { messageRecordItems, reportMessages } from './message-record.ts';
