/*
 * Legacy active sets (src/team/group.h): the member list a (PE_start,
 * logPE_stride, PE_size) triplet names and the calling PE's index in it, for
 * sets that fit inside the object and for larger ones, which live in a
 * vector, and whether this PE maps every member's heap (Group::mapped).
 * The runtime's PE numbers and the peer table's heap bases are set by hand:
 * building a set reads nothing else.
 *
 * Only valid triplets are tested here: invalid ones end the job (fatal),
 * which the functional bad-input tests cover.
 */

#include "core/runtime.h"
#include "team/group.h"
#include "transport/peer_table.h"

#include "../common/run_suite.h"

using rocshmem::ActiveSet;
using rocshmem::g_peers;
using rocshmem::g_runtime;
using rocshmem::SEG_HEAP;

namespace {

char g_some_heap[1];

/* n PEs; PE pe's heap is mapped here when pe < mapped_below. */
void set_job(int n, int me, int mapped_below) {
  g_runtime.n_pes = n;
  g_runtime.my_pe = me;
  g_peers.base[SEG_HEAP].assign(n, nullptr);
  for (int pe = 0; pe < n && pe < mapped_below; ++pe) g_peers.base[SEG_HEAP][pe] = g_some_heap;
}

/* Builds the set as PE `me` of `n` and checks every member and my index. */
void check_set(int n, int me, int start, int log_stride, int size) {
  set_job(n, me, n);
  ActiveSet set("test", start, log_stride, size);
  const rocshmem::Group &g = set.group();
  ck_assert_int_eq(g.size, size);
  for (int i = 0; i < size; ++i) ck_assert_int_eq(g.world_pe(i), start + (i << log_stride));
  ck_assert_int_eq(g.me, (me - start) >> log_stride);
  ck_assert_int_eq(g.world_pe(g.me), me);
  ck_assert(g.mapped);
}

void teardown() {
  g_runtime.n_pes = 0, g_runtime.my_pe = -1;
  g_peers.base[SEG_HEAP].clear();
}

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
  set_job(100, 40, 100);
  ActiveSet small("test", 40, 0, 2), large("test", 0, 0, 100);
  ck_assert_int_eq(small.group().world_pe(1), 41);
  ck_assert_int_eq(large.group().world_pe(99), 99);
  ck_assert_int_eq(small.group().me, 0);
  ck_assert_int_eq(large.group().me, 40);
}
END_TEST

START_TEST(mapped_only_when_every_member_is) {
  /* PEs 0-7 mapped here (this node), 8-15 not; inline and vector-held sets. */
  set_job(16, 2, 8);
  ck_assert(ActiveSet("test", 0, 0, 8).group().mapped);
  ck_assert(ActiveSet("test", 0, 1, 4).group().mapped);
  ck_assert(!ActiveSet("test", 0, 0, 9).group().mapped);
  ck_assert(!ActiveSet("test", 2, 3, 2).group().mapped); /* 2 and 10 */
  set_job(100, 2, 99);
  ck_assert(ActiveSet("test", 0, 0, 99).group().mapped);
  ck_assert(!ActiveSet("test", 0, 0, 100).group().mapped); /* the last one is not */
  ck_assert(rocshmem::members_mapped(ActiveSet("test", 0, 0, 99).group().pes, 99));
  const int some[] = {2, 98, 99};
  ck_assert(!rocshmem::members_mapped(some, 3));
  ck_assert(rocshmem::members_mapped(some, 2));
}
END_TEST

int main() {
  Suite *s = suite_create("active_set");
  TCase *tc = tcase_create("members");
  tcase_add_checked_fixture(tc, nullptr, teardown);
  tcase_add_test(tc, small_sets);
  tcase_add_test(tc, sets_at_and_beyond_the_inline_size);
  tcase_add_test(tc, sets_are_independent);
  tcase_add_test(tc, mapped_only_when_every_member_is);
  suite_add_tcase(s, tc);

  return run_suite(s);
}
