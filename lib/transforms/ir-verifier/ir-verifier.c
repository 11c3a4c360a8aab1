/* StinkyIRVerifierPass: runs the IR verifier as a pipeline step, so a
 * pipeline can check the IR at a chosen point even with --no-verify-each. */
#include "stinkytofu/pass.h"
#include "stinkytofu/verify.h"

static bool run(struct st_pass_ctx *ctx)
{
	return st_verify_module(ctx->module, ctx->diag) == 0;
}

const struct st_pass_info st_pass_ir_verifier = {
	.name = "StinkyIRVerifierPass",
	.summary = "Check the IR's structural invariants (labels, CFG, registers, wait modifiers)",
	.options = NULL,
	.noptions = 0,
	.run = run,
};
