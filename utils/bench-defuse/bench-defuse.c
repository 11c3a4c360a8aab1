/* bench-defuse: times the def-use chain build (CFG analyses plus
 * st_build_use_def_chain with LDS pseudo-registers) on generated kernels of
 * 200,000 and 400,000 instructions and reports the ratio, which should stay
 * close to 2 (near-linear construction). Times are the best of five builds,
 * in CPU seconds. Built by meson, not run as a test:
 *
 *   build/utils/bench-defuse/bench-defuse [N ...]
 *
 * The generator is deterministic: a chain of loop nests, each a header, a
 * diamond inside the loop body, an inner self-loop and a latch, ~40
 * instructions per block reading and writing overlapping VGPR ranges out of
 * 256 registers, scalar registers and LDS tokens (ds loads/stores). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "stinkytofu/cfg.h"
#include "stinkytofu/ssa.h"

enum { PER_BLOCK = 40, NVGPR = 256, NTOKENS = 4 };

static uint32_t lcg(uint32_t *s)
{
	*s = *s * 1103515245u + 12345u;
	return *s >> 8;
}

static void fill_block(struct st_module *m, struct st_block *b, uint32_t *seed, size_t *left)
{
	for (int k = 0; k < PER_BLOCK && *left; k++, (*left)--) {
		uint32_t r = lcg(seed) % 16;
		struct st_inst *in;
		if (r == 0) {
			in = st_inst_new(m, "ds_load_b128", (struct st_loc){0});
			st_inst_add_dst(m, in, st_reg_operand(ST_REG_V, lcg(seed) % (NVGPR - 4), 4));
			st_inst_add_src(m, in, st_reg_operand(ST_REG_V, lcg(seed) % NVGPR, 1));
			st_inst_add_src(m, in, st_reg_operand(ST_REG_LDS, lcg(seed) % NTOKENS, 1));
		} else if (r == 1) {
			in = st_inst_new(m, "ds_store_b64", (struct st_loc){0});
			st_inst_add_dst(m, in, st_reg_operand(ST_REG_LDS, lcg(seed) % NTOKENS, 1));
			st_inst_add_src(m, in, st_reg_operand(ST_REG_V, lcg(seed) % NVGPR, 1));
			st_inst_add_src(m, in, st_reg_operand(ST_REG_V, lcg(seed) % (NVGPR - 2), 2));
		} else if (r == 2) {
			in = st_inst_new(m, "v_wmma_f32_16x16x32_bf16", (struct st_loc){0});
			uint32_t acc = lcg(seed) % (NVGPR - 8);
			st_inst_add_dst(m, in, st_reg_operand(ST_REG_V, acc, 8));
			st_inst_add_src(m, in, st_reg_operand(ST_REG_V, lcg(seed) % (NVGPR - 8), 8));
			st_inst_add_src(m, in, st_reg_operand(ST_REG_V, lcg(seed) % (NVGPR - 8), 8));
			st_inst_add_src(m, in, st_reg_operand(ST_REG_V, acc, 8));
		} else if (r < 5) {
			in = st_inst_new(m, "s_add_u32", (struct st_loc){0});
			st_inst_add_dst(m, in, st_reg_operand(ST_REG_S, lcg(seed) % 64, 1));
			st_inst_add_src(m, in, st_reg_operand(ST_REG_S, lcg(seed) % 64, 1));
			st_inst_add_src(m, in, st_int_operand(1));
		} else {
			in = st_inst_new(m, "v_add_u32", (struct st_loc){0});
			st_inst_add_dst(m, in, st_reg_operand(ST_REG_V, lcg(seed) % NVGPR, 1));
			st_inst_add_src(m, in, st_reg_operand(ST_REG_V, lcg(seed) % NVGPR, 1));
			st_inst_add_src(m, in, st_reg_operand(ST_REG_V, lcg(seed) % (NVGPR - 2), 2));
		}
		st_block_append(b, in);
	}
}

static struct st_function *generate(struct st_module *m, size_t ninsts)
{
	struct st_function *f = st_function_new(m, "bench", (struct st_loc){0});
	uint32_t seed = 42;
	size_t left = ninsts, nb = 0;
	char name[32];
#define NEW_BLOCK() (snprintf(name, sizeof name, "b%zu", nb++), st_block_new(f, name, (struct st_loc){0}))
	struct st_block *prev = NEW_BLOCK();
	fill_block(m, prev, &seed, &left);
	while (left) {
		/* prev -> head -> {then, else} -> inner (self-loop) -> latch -> head | next */
		struct st_block *head = NEW_BLOCK(), *then = NEW_BLOCK(), *els = NEW_BLOCK();
		struct st_block *inner = NEW_BLOCK(), *latch = NEW_BLOCK();
		struct st_block *blocks[] = {head, then, els, inner, latch};
		for (size_t i = 0; i < 5; i++)
			fill_block(m, blocks[i], &seed, &left);
		st_block_add_succ(prev, head, (struct st_loc){0});
		st_block_add_succ(head, then, (struct st_loc){0});
		st_block_add_succ(head, els, (struct st_loc){0});
		st_block_add_succ(then, inner, (struct st_loc){0});
		st_block_add_succ(els, inner, (struct st_loc){0});
		st_block_add_succ(inner, inner, (struct st_loc){0});
		st_block_add_succ(inner, latch, (struct st_loc){0});
		st_block_add_succ(latch, head, (struct st_loc){0});
		prev = latch;
	}
	struct st_block *exit = NEW_BLOCK();
	st_block_add_succ(prev, exit, (struct st_loc){0});
	st_block_append(exit, st_inst_new(m, "s_endpgm", (struct st_loc){0}));
#undef NEW_BLOCK
	st_function_compute_preds(f);
	return f;
}

/* CPU time of this process: on a loaded machine wall time mostly measures
 * the other processes. */
static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Best of five builds, in CPU seconds. */
static double measure(size_t ninsts, size_t *nblocks, size_t *nphis)
{
	struct st_module *m = st_module_new("bench.stir");
	struct st_function *f = generate(m, ninsts);
	double best = 1e9;
	for (int rep = 0; rep < 5; rep++) {
		double t0 = now();
		struct st_cfg cfg;
		st_cfg_build(&cfg, f);
		st_build_use_def_chain(f, &cfg, true, true);
		st_cfg_free(&cfg);
		double t = now() - t0;
		if (t < best)
			best = t;
	}
	*nblocks = f->blocks.n;
	*nphis = f->nphis;
	st_remove_phis(f);
	st_module_free(m);
	return best;
}

int main(int argc, char **argv)
{
	size_t sizes[16] = {200000, 400000};
	int n = 2;
	if (argc > 1) {
		n = 0;
		for (int i = 1; i < argc && n < 16; i++)
			sizes[n++] = strtoul(argv[i], NULL, 10);
	}
	double first = 0;
	for (int i = 0; i < n; i++) {
		size_t nblocks, nphis;
		double t = measure(sizes[i], &nblocks, &nphis);
		printf("%zu instructions, %zu blocks, %zu PHIs: %.3f s", sizes[i], nblocks, nphis, t);
		if (i)
			printf(" (x%.2f time for x%.2f instructions)", t / first, (double)sizes[i] / (double)sizes[0]);
		else
			first = t;
		printf("\n");
	}
	return 0;
}
