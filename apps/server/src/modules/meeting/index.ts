export { meetingRoutes } from './meeting.routes.ts';
export { abandonedMeetingJob, meetingService } from './meeting.service.ts';
