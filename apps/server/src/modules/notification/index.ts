export { notificationRoutes } from './notification.routes.ts';
export { notifier, type Notifier, type RaisedAlert } from './notifier.ts';
export { type TestPushService, webPushSender } from './web-push.ts';
