export { notificationRoutes } from './notification.routes.ts';
export { notifier, type Notifier, type RaisedAlert } from './notifier.ts';
export { namedTimeText, patientPushOf } from './patient-push.ts';
export { prescriptionPartiesOf } from './prescription-parties.ts';
export { reportPartiesOf } from './report-parties.ts';
export { type TestPushService, type WebPushSender, webPushSender } from './web-push.ts';
