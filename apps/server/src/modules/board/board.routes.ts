import { deleteInquiry, listInquiries, saveClinicInquiry, saveProviderInquiry } from '@clinic/contract';
import { ok, principalOf, route, type Route } from '../../http/route.ts';
import type { BoardService } from './board.service.ts';

export function boardRoutes(board: BoardService): Route[] {
  return [
    route(saveClinicInquiry, async (body, context) => ({
      ...ok,
      inquiry: await board.fromClinician(principalOf(context), body),
    })),
    route(saveProviderInquiry, async (body, context) => ({
      ...ok,
      seqBoard: await board.fromProvider(body, context),
    })),
    route(listInquiries, async (body, context) => ({
      ...ok,
      ...(await board.list(principalOf(context), body.page, body.size)),
    })),
    route(deleteInquiry, async (body, context) => {
      await board.remove(principalOf(context), body.seqBoard);
      return ok;
    }),
  ];
}
