export { boardRoutes } from './board.routes.ts';
export { boardService, type BoardService } from './board.service.ts';
