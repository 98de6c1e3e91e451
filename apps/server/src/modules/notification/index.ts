export { notificationRoutes } from './notification.routes.ts';
export { notifier, type Notifier, type RaisedAlert } from './notifier.ts';
export { prescriptionPartiesOf } from './prescription-parties.ts';
export { type TestPushService, webPushSender } from './web-push.ts';
