/*
 * Legacy active sets (src/team/group.h): the member list a (PE_start,
 * logPE_stride, PE_size) triplet names and the calling PE's index in it, for
 * sets that fit inside the object and for larger ones, which live in a
 * vector.  The runtime's PE numbers are set by hand: building a set reads
 * nothing else.
 *
 * Only valid triplets are tested here: invalid ones end the job (fatal),
 * which the functional bad-input tests cover.
 */

#include "core/runtime.h"
#include "team/group.h"

#include "../common/run_suite.h"

using rocshmem::ActiveSet;
using rocshmem::g_runtime;

namespace {

/* Builds the set as PE `me` of `n` and checks every member and my index. */
void check_set(int n, int me, int start, int log_stride, int size) {
  g_runtime.n_pes = n;
  g_runtime.my_pe = me;
  ActiveSet set("test", start, log_stride, size);
  const rocshmem::Group &g = set.group();
  ck_assert_int_eq(g.size, size);
  for (int i = 0; i < size; ++i) ck_assert_int_eq(g.world_pe(i), start + (i << log_stride));
  ck_assert_int_eq(g.me, (me - start) >> log_stride);
  ck_assert_int_eq(g.world_pe(g.me), me);
}

void teardown() { g_runtime.n_pes = 0, g_runtime.my_pe = -1; }

}  // namespace

START_TEST(small_sets) {
  check_set(1, 0, 0, 0, 1);
  check_set(6, 3, 0, 0, 6);
  check_set(6, 4, 2, 1, 2);
  check_set(64, 63, 31, 5, 2);
}
END_TEST

START_TEST(sets_at_and_beyond_the_inline_size) {
  for (int size = 31; size <= 33; ++size) {
    check_set(size, size - 1, 0, 0, size);
    check_set(size + 5, 5, 5, 0, size);
  }
  check_set(200, 77, 1, 1, 100);
  check_set(4096, 4095, 3, 0, 4093);
}
END_TEST

START_TEST(sets_are_independent) {
  /* Each set owns its list: a second one does not change the first. */
  g_runtime.n_pes = 100;
  g_runtime.my_pe = 40;
  ActiveSet small("test", 40, 0, 2), large("test", 0, 0, 100);
  ck_assert_int_eq(small.group().world_pe(1), 41);
  ck_assert_int_eq(large.group().world_pe(99), 99);
  ck_assert_int_eq(small.group().me, 0);
  ck_assert_int_eq(large.group().me, 40);
}
END_TEST

int main() {
  Suite *s = suite_create("active_set");
  TCase *tc = tcase_create("members");
  tcase_add_checked_fixture(tc, nullptr, teardown);
  tcase_add_test(tc, small_sets);
  tcase_add_test(tc, sets_at_and_beyond_the_inline_size);
  tcase_add_test(tc, sets_are_independent);
  suite_add_tcase(s, tc);

  return run_suite(s);
}
