// cardwords/distribution (custom request, core/protocol/language.ts)
import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import { DISTRIBUTION_METHOD, type DistributionStats, type DocumentParams } from '../../../core/protocol/language.js';
import type { ServerContext } from '../context.js';
import { uriToPath } from '../workspace.js';

const yieldNow = () => new Promise<void>((resolve) => setImmediate(resolve));

export function register(ctx: ServerContext): void {
  ctx.connection.onRequest<DistributionStats, void>(DISTRIBUTION_METHOD, async (params: DocumentParams) => {
    const failed = new ResponseError<void>(ErrorCodes.InvalidParams, 'no charset for this document');
    return ctx.guard(DISTRIBUTION_METHOD, failed, async () => {
      if (typeof params?.uri !== 'string') return new ResponseError<void>(ErrorCodes.InvalidParams, 'params.uri must be a string');
      const rulesetCtx = await ctx.workspace.contextFor(params.uri, { dictionaries: true });
      // an unsaved file (untitled:) has no folder, so no charset, card set or dictionaries beside it
      if (!rulesetCtx.charset && uriToPath(params.uri) === null) return new ResponseError<void>(ErrorCodes.InvalidParams, 'an unsaved file has no ruleset folder: save it beside its charset, card set and dictionaries');
      if (!rulesetCtx.charset) return failed;
      return ctx.service.distribution(rulesetCtx, yieldNow);
    });
  });
}
