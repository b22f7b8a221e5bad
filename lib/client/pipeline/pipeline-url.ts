import { parseAsBoolean, parseAsNativeArrayOf, parseAsString, useQueryStates, type inferParserType } from "nuqs";
import type { BoardFilters } from "@/lib/client/pipeline/pipeline";

/**
 * The pipeline board's filters live in the URL, under the same names the inbox's views use,
 * so a filtered board can be reloaded and shared.
 */
export const pipelineParams = {
  assigneeId: parseAsNativeArrayOf(parseAsString),
  unassigned: parseAsBoolean,
  tag: parseAsNativeArrayOf(parseAsString),
  accountLinkId: parseAsNativeArrayOf(parseAsString),
};

export type PipelineParams = inferParserType<typeof pipelineParams>;

export function usePipelineParams() {
  return useQueryStates(pipelineParams, { history: "push" });
}

export function boardFiltersOf(params: PipelineParams): BoardFilters {
  return {
    assigneeId: params.assigneeId ?? [],
    unassigned: params.unassigned ?? false,
    tag: params.tag ?? [],
    accountLinkId: params.accountLinkId ?? [],
  };
}
