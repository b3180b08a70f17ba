/*
 * The semantics of every atomic memory operation (common/amo_ops.h, expanded
 * from <rocshmem/types.def>): every operation of the standard, extended and
 * bitwise tables for every type, under both prefixes, in the plain form and
 * the context form (on a private context), and the deprecated 1.x names.
 * One TAP case per (routine, form); each case runs on a symmetric heap
 * object and on a static (.bss) object.
 *
 * Every PE operates on its right neighbour's object (itself when alone), so
 * each PE checks what its left neighbour did to its own object, and the
 * fetched value against the right neighbour's initial value.  The objects sit
 * between two guard elements, which must stay untouched (a wrong operand
 * size shows there).  Values exercise the high half of 64-bit types (a
 * 32-bit operation would lose it) and fractions for the floating types.
 */
#include "../common/amo_ops.h"

/* guard, object, guard: 16-byte elements hold every AMO type. */
static long double static_obj[3];
static long double *heap_obj;

enum { GUARD = 99 };

/* Initial value of PE pe's object, and the operand PE pe passes. */
static ft_v init_of(const ft_amo_ops *o, int op, int pe) {
  if (op >= FT_FAND) { /* bit patterns below the sign bit */
    unsigned long long x = 0x1234567890ABCDEFull ^ ((unsigned long long)pe * 0x0101010101ull);
    return (ft_v)(x & (o->size == 8 ? 0x3FFFFFFFFFFFFFFFull : 0x3FFFFFFFull));
  }
  if (o->is_float) return (ft_v)10.25 + pe;
  return (o->size == 8 ? (ft_v)(1ll << 40) : (ft_v)(1 << 20)) + 10 + pe;
}
static ft_v operand_of(const ft_amo_ops *o, int op, int pe) {
  if (op >= FT_FAND) {
    unsigned long long x = 0x0F0F33CC55AAF0F0ull ^ ((unsigned long long)pe << 4);
    return (ft_v)(x & (o->size == 8 ? 0x3FFFFFFFFFFFFFFFull : 0x3FFFFFFFull));
  }
  if (o->is_float) return (ft_v)50.75 + pe;
  if (op == FT_FADD || op == FT_ADD || op == FT_FADD_NBI)
    return (o->size == 8 ? (ft_v)(1ll << 33) : (ft_v)(1 << 17)) + 3 + pe;
  return (o->size == 8 ? (ft_v)(1ll << 35) : (ft_v)(1 << 21)) + 50 + pe; /* set, swap, cswap */
}

/* The value an operation leaves, from the old value and the operand. */
static ft_v result_of(int op, ft_v old, ft_v a, ft_v b) {
  unsigned long long x = (unsigned long long)old, y = (unsigned long long)a;
  switch (op) {
    case FT_FETCH: case FT_FETCH_NBI: return old;
    case FT_SET: case FT_SWAP: case FT_SWAP_NBI: return a;
    case FT_CSWAP: case FT_CSWAP_NBI: return old == a ? b : old;
    case FT_FINC: case FT_INC: case FT_FINC_NBI: return old + 1;
    case FT_FADD: case FT_ADD: case FT_FADD_NBI: return old + a;
    case FT_FAND: case FT_AND: case FT_FAND_NBI: return (ft_v)(x & y);
    case FT_FOR: case FT_OR: case FT_FOR_NBI: return (ft_v)(x | y);
    default: return (ft_v)(x ^ y);
  }
}

/* One round: every PE sets its object to init, applies the operation with
 * (a, b) of its own to the right neighbour's, then checks. */
static void round_on(const ft_amo_ops *o, int op, void *obj3, const char *where, int cswap_hit) {
  const int me = ft.me, n = ft.npes, right = (me + 1) % n, left = (me + n - 1) % n;
  char *base = (char *)obj3;
  void *obj = base + o->size;
  o->store(base, GUARD);
  o->store(obj, init_of(o, op, me));
  o->store(base + 2 * o->size, GUARD);
  /* compare_swap: cond equal to the target's value (a hit) or differing
   * from it only in a high bit (a miss: a partial compare would hit). */
  ft_v a_me = operand_of(o, op, me), b_me = 0, a_left = operand_of(o, op, left), b_left = 0;
  if (op == FT_CSWAP || op == FT_CSWAP_NBI) {
    ft_v miss = o->size == 8 ? (ft_v)(1ll << 32) : (ft_v)(1 << 16);
    b_me = a_me;
    b_left = a_left;
    a_me = init_of(o, op, right) + (cswap_hit ? 0 : miss);
    a_left = init_of(o, op, me) + (cswap_hit ? 0 : miss);
  }
  shmem_barrier_all();
  ft_v got = o->op[op](obj, a_me, b_me, right);
  shmem_barrier_all(); /* completes the non-fetching operations too */
  ft_v expect = result_of(op, init_of(o, op, me), a_left, b_left);
  ft_v now = o->load(obj);
  FT_CHECK(now == expect, "%s %s (%s): object holds %.2Lf, expected %.2Lf", o->name,
           ft_amo_op_names[op], where, now, expect);
  if (ft_amo_fetches(op))
    FT_CHECK(got == init_of(o, op, right), "%s %s (%s): fetched %.2Lf, expected %.2Lf", o->name,
             ft_amo_op_names[op], where, got, init_of(o, op, right));
  FT_CHECK(o->load(base) == GUARD && o->load(base + 2 * o->size) == GUARD,
           "%s %s (%s): a neighbouring element was written", o->name, ft_amo_op_names[op],
           where);
  shmem_barrier_all(); /* nobody still operates on this object */
}

static void test_entry(const ft_amo_ops *o, int use_ctx) {
  for (int op = 0; op < FT_N_AMO_OPS; ++op) {
    if (!o->op[op]) continue;
    int rounds = (op == FT_CSWAP || op == FT_CSWAP_NBI) ? 2 : 1; /* miss, then hit */
    for (int r = 0; r < rounds; ++r) {
      round_on(o, op, heap_obj, "heap", r == 1);
      round_on(o, op, static_obj, "static", r == 1);
    }
    ft_case("%s_%s%s (%s table): heap and static objects of the next PE%s", o->name,
            use_ctx ? "ctx_" : "", ft_amo_op_names[op], o->table,
            (op == FT_CSWAP || op == FT_CSWAP_NBI) ? ", a miss then a hit" : "");
  }
}

int main(void) {
  shmem_init();
  ft_begin();
  heap_obj = (long double *)shmem_align(16, sizeof static_obj);
  shmem_ctx_t ctx = SHMEM_CTX_INVALID;
  int ctx_rc = shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx);
  FT_CHECK(heap_obj != NULL && ctx_rc == 0 && ctx != SHMEM_CTX_INVALID,
           "setup: shmem_align or shmem_ctx_create failed");
  ft_case("setup: a 16-byte aligned heap object and a private context");

  for (size_t k = 0; k < FT_N_AMO; ++k) {
    ft_amo_set_ctx(SHMEM_CTX_DEFAULT, 0);
    test_entry(ft_all_amo[k], 0);
    if (!ft_all_amo[k]->has_ctx) continue;
    ft_amo_set_ctx(ctx, 1);
    test_entry(ft_all_amo[k], 1);
  }
  ft_amo_set_ctx(SHMEM_CTX_DEFAULT, 0);
  shmem_ctx_destroy(ctx);
  shmem_free(heap_obj);
  int rc = ft_finish();
  shmem_finalize();
  return rc;
}
