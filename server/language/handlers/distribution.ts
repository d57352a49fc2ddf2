// cardwords/distribution (custom request, core/protocol/language.ts)
import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import { DISTRIBUTION_METHOD, type DistributionStats, type DocumentParams } from '../../../core/protocol/language.js';
import type { ServerContext } from '../context.js';

const yieldNow = () => new Promise<void>((resolve) => setImmediate(resolve));

export function register(ctx: ServerContext): void {
  ctx.connection.onRequest(DISTRIBUTION_METHOD, async (params: DocumentParams): Promise<DistributionStats | ResponseError<void>> => {
    const failed = new ResponseError<void>(ErrorCodes.InvalidParams, 'no charset for this document');
    return ctx.guard(DISTRIBUTION_METHOD, failed, async () => {
      if (typeof params?.uri !== 'string') return new ResponseError<void>(ErrorCodes.InvalidParams, 'params.uri must be a string');
      const rulesetCtx = await ctx.workspace.contextFor(params.uri, { dictionaries: true });
      if (!rulesetCtx.charset) return failed;
      return ctx.service.distribution(rulesetCtx, yieldNow);
    });
  });
}
