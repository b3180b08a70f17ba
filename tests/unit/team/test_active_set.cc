/*
 * Legacy active sets (src/team/group.h): the member list a (PE_start,
 * logPE_stride, PE_size) triplet names and the calling PE's index in it, for
 * sets that fit inside the object and for larger ones, which a per-thread
 * cache keeps by triplet until the next init, and whether this PE maps
 * every member's heap (Group::mapped).  And the groups' ids
 * (rocshmem::same_group), by which the plan caches know a group again.
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

/* n PEs; PE pe's heap is mapped here when pe < mapped_below.  A new job,
 * as an init makes one: active sets of the last one are forgotten. */
void set_job(int n, int me, int mapped_below) {
  rocshmem::active_sets_setup();
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

START_TEST(large_sets_are_kept_until_the_next_init) {
  set_job(100, 40, 100);
  {
    ActiveSet first("test", 0, 0, 100), again("test", 0, 0, 100);
    ck_assert_ptr_eq(again.group().pes, first.group().pes); /* one list, not rebuilt */
    ck_assert_int_eq(again.group().me, 40);
    ck_assert(again.group().mapped);
    ck_assert(again.group().id == (rocshmem::GroupId{0, 0, 0, 100}));
  }
  /* Four other large sets alive at once: each keeps its own list. */
  ActiveSet a("test", 0, 0, 41), b("test", 0, 0, 42), c("test", 0, 0, 43), d("test", 0, 0, 44);
  ck_assert_int_eq(a.group().size, 41);
  ck_assert_int_eq(a.group().world_pe(40), 40);
  ck_assert_int_eq(d.group().world_pe(43), 43);
  ck_assert(a.group().pes != b.group().pes && c.group().pes != d.group().pes &&
            a.group().pes != d.group().pes);
  /* A new init with PE 99 on another node: the same triplet, worked out anew. */
  set_job(100, 40, 99);
  ck_assert(!ActiveSet("test", 0, 0, 100).group().mapped);
  ck_assert_int_eq(ActiveSet("test", 0, 0, 100).group().world_pe(99), 99);
}
END_TEST

START_TEST(groups_are_known_by_id) {
  const std::vector<int> pes = {0, 1, 2, 3};
  const int same[] = {0, 1, 2, 3}, other[] = {0, 1, 2, 4};
  const rocshmem::GroupId team_a{rocshmem::new_team_serial()}, team_b{rocshmem::new_team_serial()};
  ck_assert(!(team_a == team_b));
  /* Known ids decide alone, even where the lists agree or differ. */
  ck_assert(rocshmem::same_group(team_a, pes, rocshmem::Group{same, 4, 0, true, team_a}));
  ck_assert(!rocshmem::same_group(team_a, pes, rocshmem::Group{same, 4, 0, true, team_b}));
  /* An unknown id on either side: the member lists. */
  ck_assert(rocshmem::same_group({}, pes, rocshmem::Group{same, 4, 0, true, team_a}));
  ck_assert(rocshmem::same_group(team_a, pes, rocshmem::Group{same, 4, 0, true, {}}));
  ck_assert(!rocshmem::same_group({}, pes, rocshmem::Group{other, 4, 0, true, {}}));
  ck_assert(!rocshmem::same_group({}, pes, rocshmem::Group{same, 3, 0, true, {}}));
  /* An active set's id is its triplet, never a team's. */
  set_job(8, 1, 8);
  const rocshmem::GroupId set_id = ActiveSet("test", 0, 0, 4).group().id;
  ck_assert(set_id.known() && set_id.team == 0);
  ck_assert(!(set_id == team_a));
  ck_assert(!(set_id == ActiveSet("test", 1, 1, 3).group().id));
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
  tcase_add_test(tc, large_sets_are_kept_until_the_next_init);
  tcase_add_test(tc, groups_are_known_by_id);
  suite_add_tcase(s, tc);

  return run_suite(s);
}
