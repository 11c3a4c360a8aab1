/* CFGBuilderPass and BuildUseDefChainPass: names of the C++ tool's pipeline
 * steps, accepted so its command lines run unchanged. Here the CFG is built
 * when the input is read (and kept up to date by every pass that edits it),
 * and each pass that reads def-use chains builds them itself
 * (StinkyWaitCntInsertionPass's buildUseDefChain), so there is nothing left
 * for these steps to do: they leave the IR as it is. */
#include "stinkytofu/pass.h"

static bool run(struct st_pass_ctx *ctx)
{
	(void)ctx;
	return true;
}

const struct st_pass_info st_pass_cfg_builder = {
	.name = "CFGBuilderPass",
	.summary = "Accepted for the C++ tool's pipelines: the CFG is built when the input is read, so nothing to do",
	.run = run,
};

const struct st_pass_info st_pass_build_use_def_chain = {
	.name = "BuildUseDefChainPass",
	.summary = "Accepted for the C++ tool's pipelines: the passes that use def-use chains build them, so nothing "
	           "to do",
	.run = run,
};
