export { boardRoutes } from './board.routes.ts';
export { boardService } from './board.service.ts';
