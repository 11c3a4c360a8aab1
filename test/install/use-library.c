/* A program built against the installed library through pkg-config, as a
 * user would build one: parse a kernel, run the wait pipeline, read the
 * wmma reorder result of its loop and print the module. Only the public
 * headers are available to it. */
#include <stdio.h>
#include <string.h>

#include <stinkytofu/parse.h>
#include <stinkytofu/pass_manager.h>
#include <stinkytofu/passes.h>
#include <stinkytofu/print.h>
#include <stinkytofu/wmma.h>

static const char kernel[] =
	"st.func @gemm() {\n"
	"^entry:\n"
	"  v[0:3] = \"st.ds_load_b128\"(v100) { mod.memtoken = { tokens = [0] } }\n"
	"  v[4:7] = \"st.ds_load_b128\"(v101) { mod.memtoken = { tokens = [0] } }\n"
	"Successors: ^loop\n"
	"^loop:\n"
	"  v[64:71] = \"st.v_wmma_f32_16x16x32_f16\"(v[16:23], v[0:7], v[64:71]) { mod.wmma_pool = { poolIndex = 0 } }\n"
	"  v[72:79] = \"st.v_wmma_f32_16x16x32_f16\"(v[16:23], v[8:15], v[72:79]) { mod.wmma_pool = { poolIndex = 0 } }\n"
	"  v[80:87] = \"st.v_wmma_f32_16x16x32_f16\"(v[24:31], v[0:7], v[80:87]) { mod.wmma_pool = { poolIndex = 0 } }\n"
	"  v[88:95] = \"st.v_wmma_f32_16x16x32_f16\"(v[24:31], v[8:15], v[88:95]) { mod.wmma_pool = { poolIndex = 0 } }\n"
	"  v[64:71] = \"st.v_wmma_f32_16x16x32_f16\"(v[16:23], v[32:39], v[64:71]) { mod.wmma_pool = { poolIndex = 1 } }\n"
	"  v[72:79] = \"st.v_wmma_f32_16x16x32_f16\"(v[16:23], v[40:47], v[72:79]) { mod.wmma_pool = { poolIndex = 1 } }\n"
	"  v[80:87] = \"st.v_wmma_f32_16x16x32_f16\"(v[24:31], v[32:39], v[80:87]) { mod.wmma_pool = { poolIndex = 1 } }\n"
	"  v[88:95] = \"st.v_wmma_f32_16x16x32_f16\"(v[24:31], v[40:47], v[88:95]) { mod.wmma_pool = { poolIndex = 1 } }\n"
	"Successors: ^loop\n"
	"}\n";

int main(void)
{
	struct st_diag_engine d;
	st_diag_init(&d, stderr);
	struct st_module *m = st_parse("gemm.stir", kernel, strlen(kernel), 1, &d);
	if (!m)
		return 1;
	struct st_pipeline p;
	st_pipeline_init(&p, st_builtin_passes());
	bool ok = st_pipeline_parse(&p, "StinkyBuildImplicitDependencyPass,StinkyWaitCntInsertionPass,"
	                                "StinkyWmmaVgprReorderPass",
	                            &d);
	struct st_pm_options o = {0};
	struct st_kernel_config cfg = {"gfx1250", 0};
	struct st_pass_manager pm;
	st_pm_init(&pm, &p, &o, &cfg);
	ok = ok && st_pm_run(&pm, m, &d);
	if (ok) {
		const struct st_block *loop = m->funcs.v[0]->blocks.v[1];
		const struct st_wmma_reorder_result *r = st_wmma_reorder_result(st_wmma_module_analysis(m), loop);
		printf("wmma: ^%s %s, %u VGPRs saveable, %zu replacements\n", loop->label,
		       r && r->applicable ? "applicable" : "not applicable", r ? r->total_vgpr_saved : 0,
		       r ? r->replacements.n : 0);
		struct st_buf out = {0};
		st_print_module(&out, m);
		fputs(st_buf_cstr(&out), stdout);
		st_buf_free(&out);
	}
	st_pm_fini(&pm);
	st_pipeline_fini(&p);
	st_module_free(m);
	st_diag_fini(&d);
	return ok ? 0 : 1;
}
