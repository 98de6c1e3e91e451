export { meetingRoutes } from './meeting.routes.ts';
export { abandonedMeetingJob, meetingService, type MeetingService } from './meeting.service.ts';
export { lobbyService, type LobbyService } from './lobby.service.ts';
export { guestService, type GuestService } from './guest.service.ts';
