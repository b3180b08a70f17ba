/*
 * rocshmem::Allocator (src/memory/allocator.h): the offset allocator behind
 * the symmetric heap.  Its determinism is what makes a collective
 * shmem_malloc symmetric without communication, so besides alignment, best
 * fit, coalescing and resizing, a randomized run checks the invariants after
 * every step and that two allocators fed the same calls agree exactly.
 */
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <map>
#include <vector>

#include "memory/allocator.h"

#include "../common/run_suite.h"

using rocshmem::Allocator;

namespace {

constexpr size_t A = Allocator::kMinAlign;
constexpr size_t KiB = 1024, MiB = 1024 * KiB;

size_t must_allocate(Allocator &a, size_t size, size_t align = 1) {
  size_t off = ~size_t{0};
  ck_assert_msg(a.allocate(size, align, &off), "allocate(%zu, %zu) failed", size, align);
  return off;
}

}  // namespace

START_TEST(capacity_rounds_down_to_min_align) {
  Allocator a(1000);
  ck_assert_uint_eq(a.capacity(), 1000 / A * A);
  ck_assert_uint_eq(a.largest_free(), a.capacity());
  Allocator empty;
  size_t off;
  ck_assert(!empty.allocate(1, 1, &off));
  Allocator tiny(A - 1); /* rounds to nothing */
  ck_assert_uint_eq(tiny.capacity(), 0);
  ck_assert(!tiny.allocate(1, 1, &off));
}
END_TEST

START_TEST(rejects_bad_arguments) {
  Allocator a(MiB);
  size_t off = 12345;
  ck_assert(!a.allocate(0, 64, &off));   /* size 0 */
  ck_assert(!a.allocate(64, 0, &off));   /* alignment 0 */
  ck_assert(!a.allocate(64, 3, &off));   /* not a power of two */
  ck_assert(!a.allocate(64, 96, &off));
  ck_assert_uint_eq(off, 12345); /* untouched on failure */
  ck_assert_uint_eq(a.live_blocks(), 0);
  ck_assert_uint_eq(a.bytes_in_use(), 0);
}
END_TEST

START_TEST(sizes_round_up_and_blocks_pack) {
  Allocator a(MiB);
  ck_assert_uint_eq(must_allocate(a, 1), 0);
  ck_assert_uint_eq(a.block_size(0), A);
  ck_assert_uint_eq(must_allocate(a, A), A);
  ck_assert_uint_eq(must_allocate(a, A + 1), 2 * A);
  ck_assert_uint_eq(a.block_size(2 * A), 2 * A);
  ck_assert_uint_eq(must_allocate(a, 7), 4 * A);
  ck_assert_uint_eq(a.bytes_in_use(), 5 * A);
  ck_assert_uint_eq(a.live_blocks(), 4);
  ck_assert_uint_eq(a.block_size(A / 2), 0); /* not a block start */
}
END_TEST

START_TEST(alignment_is_honoured) {
  Allocator a(64 * MiB);
  must_allocate(a, 1); /* offset 0 taken: later blocks must pad */
  for (size_t align = 1; align <= 16 * MiB; align <<= 1) {
    size_t off = must_allocate(a, 100, align);
    ck_assert_msg(off % align == 0, "align %zu gave offset %zu", align, off);
    ck_assert_msg(off % A == 0, "offset %zu below the minimum alignment", off);
  }
}
END_TEST

START_TEST(padding_before_an_aligned_block_stays_usable) {
  Allocator a(MiB);
  ck_assert_uint_eq(must_allocate(a, A), 0);
  ck_assert_uint_eq(must_allocate(a, A, 4096), 4096);
  /* [A, 4096) is a free fragment: the next small block goes there. */
  ck_assert_uint_eq(must_allocate(a, A), A);
  ck_assert_uint_eq(must_allocate(a, 4096 - 2 * A), 2 * A);
  ck_assert_uint_eq(must_allocate(a, A), 4096 + A);
}
END_TEST

/* Holes of 3, 1 and 2 units separated by live blocks, then a large tail. */
static void make_holes(Allocator &a, size_t *h3, size_t *h1, size_t *h2) {
  *h3 = must_allocate(a, 3 * A);
  must_allocate(a, A);
  *h1 = must_allocate(a, A);
  must_allocate(a, A);
  *h2 = must_allocate(a, 2 * A);
  must_allocate(a, A);
  ck_assert(a.release(*h3));
  ck_assert(a.release(*h1));
  ck_assert(a.release(*h2));
}

START_TEST(best_fit_takes_the_smallest_hole) {
  Allocator a(MiB);
  size_t h3, h1, h2;
  make_holes(a, &h3, &h1, &h2);
  ck_assert_uint_eq(must_allocate(a, 2 * A), h2); /* not the 3-unit hole first in order */
  ck_assert_uint_eq(must_allocate(a, A), h1);
  ck_assert_uint_eq(must_allocate(a, 3 * A), h3);
  ck_assert_uint_eq(must_allocate(a, A), 9 * A); /* holes used up: the tail */
}
END_TEST

START_TEST(best_fit_ties_go_to_the_lowest_offset) {
  Allocator a(MiB);
  size_t first = must_allocate(a, 2 * A);
  must_allocate(a, A);
  size_t second = must_allocate(a, 2 * A);
  must_allocate(a, A);
  ck_assert(a.release(second));
  ck_assert(a.release(first));
  ck_assert_uint_eq(must_allocate(a, A), first);
  ck_assert_uint_eq(must_allocate(a, 2 * A), second); /* first's 1-unit remainder is too small */
}
END_TEST

START_TEST(release_coalesces_in_every_order) {
  /* Three blocks filling the whole capacity, freed in all six orders: the
   * free space must always end up as one block again. */
  const int orders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (const auto &order : orders) {
    Allocator a(6 * A);
    size_t off[3] = {must_allocate(a, A), must_allocate(a, 2 * A), must_allocate(a, 3 * A)};
    ck_assert_uint_eq(a.largest_free(), 0);
    for (int k : order) ck_assert(a.release(off[k]));
    ck_assert_uint_eq(a.largest_free(), 6 * A);
    ck_assert_uint_eq(a.bytes_in_use(), 0);
    ck_assert_uint_eq(must_allocate(a, 6 * A), 0);
  }
}
END_TEST

START_TEST(release_rejects_bad_offsets) {
  Allocator a(MiB);
  size_t p = must_allocate(a, 4 * A);
  size_t q = must_allocate(a, A);
  ck_assert(!a.release(p + A));        /* inside a block */
  ck_assert(!a.release(q + A));        /* free space */
  ck_assert(!a.release(MiB));          /* the end */
  ck_assert(!a.release(100 * MiB));    /* past the end */
  ck_assert(!a.release(p + 1));        /* unaligned */
  ck_assert_uint_eq(a.live_blocks(), 2);
  ck_assert(a.release(p));
  ck_assert(!a.release(p));            /* twice */
  ck_assert_uint_eq(a.live_blocks(), 1);
  ck_assert_uint_eq(a.bytes_in_use(), A);
}
END_TEST

START_TEST(resize_grows_into_free_space) {
  Allocator a(MiB);
  size_t p = must_allocate(a, A);
  ck_assert(a.resize_in_place(p, 10 * A));
  ck_assert_uint_eq(a.block_size(p), 10 * A);
  ck_assert_uint_eq(a.bytes_in_use(), 10 * A);
  ck_assert_uint_eq(must_allocate(a, A), 10 * A); /* the space is really taken */
}
END_TEST

START_TEST(resize_grows_into_exactly_all_free_space) {
  Allocator a(8 * A);
  size_t p = must_allocate(a, A);
  ck_assert(a.resize_in_place(p, 8 * A));
  ck_assert_uint_eq(a.largest_free(), 0);
  ck_assert(!a.resize_in_place(p, 8 * A + 1));
  ck_assert_uint_eq(a.block_size(p), 8 * A);
}
END_TEST

START_TEST(resize_blocked_by_a_neighbour_changes_nothing) {
  Allocator a(MiB);
  size_t p = must_allocate(a, 2 * A);
  size_t q = must_allocate(a, A);
  size_t in_use = a.bytes_in_use();
  ck_assert(!a.resize_in_place(p, 3 * A));
  ck_assert_uint_eq(a.block_size(p), 2 * A);
  ck_assert_uint_eq(a.bytes_in_use(), in_use);
  ck_assert(a.release(q));
  ck_assert(a.resize_in_place(p, 3 * A)); /* now it can */
}
END_TEST

START_TEST(resize_shrinks_and_frees_the_tail) {
  Allocator a(MiB);
  size_t p = must_allocate(a, 8 * A);
  size_t q = must_allocate(a, A);
  ck_assert(a.resize_in_place(p, 3 * A));
  ck_assert_uint_eq(a.block_size(p), 3 * A);
  ck_assert_uint_eq(a.bytes_in_use(), 4 * A);
  ck_assert_uint_eq(must_allocate(a, 5 * A), 3 * A); /* the freed tail fits exactly */
  ck_assert(a.resize_in_place(q, A));                 /* same size: a no-op that succeeds */
  ck_assert_uint_eq(a.block_size(q), A);
  ck_assert(a.resize_in_place(p, 1)); /* rounds up to one unit */
  ck_assert_uint_eq(a.block_size(p), A);
}
END_TEST

START_TEST(shrunk_tail_merges_with_following_free_space) {
  Allocator a(16 * A);
  size_t p = must_allocate(a, 8 * A);
  ck_assert(a.resize_in_place(p, 2 * A));
  ck_assert_uint_eq(a.largest_free(), 14 * A); /* one block, not 6 + 8 */
}
END_TEST

START_TEST(resize_rejects_bad_arguments) {
  Allocator a(MiB);
  size_t p = must_allocate(a, A);
  ck_assert(!a.resize_in_place(p, 0));
  ck_assert(!a.resize_in_place(p + A, 2 * A));
  ck_assert(!a.resize_in_place(p, std::numeric_limits<size_t>::max()));
  ck_assert(!a.resize_in_place(p, std::numeric_limits<size_t>::max() - A + 1));
  ck_assert_uint_eq(a.block_size(p), A);
}
END_TEST

START_TEST(exhaustion_fails_cleanly) {
  Allocator a(16 * A);
  size_t off;
  ck_assert(!a.allocate(16 * A + 1, 1, &off));
  ck_assert_uint_eq(must_allocate(a, 16 * A), 0);
  ck_assert(!a.allocate(1, 1, &off));
  ck_assert(a.release(0));
  /* Sizes near SIZE_MAX must not wrap around when rounded up. */
  const size_t max = std::numeric_limits<size_t>::max();
  for (size_t size : {max, max - 1, max - A + 1, max / 2 + 1})
    ck_assert_msg(!a.allocate(size, 1, &off), "allocate(%zu) succeeded", size);
  if (a.allocate(A, size_t{1} << 63, &off)) { /* only offset 0 is that aligned */
    ck_assert_uint_eq(off, 0);
    ck_assert(a.release(off));
  }
  ck_assert_uint_eq(a.largest_free(), 16 * A);
}
END_TEST

START_TEST(fragmentation_fails_even_with_enough_total_space) {
  Allocator a(4 * A);
  size_t b[4];
  for (size_t &x : b) x = must_allocate(a, A);
  ck_assert(a.release(b[0]));
  ck_assert(a.release(b[2]));
  size_t off;
  ck_assert(!a.allocate(2 * A, 1, &off)); /* 2 units free, but not adjacent */
  ck_assert_uint_eq(a.largest_free(), A);
}
END_TEST

/* find(): which live block holds an offset, what was asked for and by whom;
 * what the SHMEM_DEBUG range checks of RMA and AMO rely on. */
START_TEST(find_answers_which_block_holds_an_offset) {
  Allocator a(MiB);
  Allocator::Block b;
  ck_assert(!a.find(0, &b)); /* empty: all free */
  size_t x = must_allocate(a, 32), y = must_allocate(a, 3 * A + 5), z = must_allocate(a, A);
  ck_assert(a.allocate(7, 1, &b.offset, "shmem_calloc"));
  size_t w = b.offset;
  ck_assert_uint_eq(x, 0);
  ck_assert_uint_eq(y, A);
  ck_assert_uint_eq(z, 5 * A);
  ck_assert_uint_eq(w, 6 * A);

  for (size_t off : {size_t{0}, size_t{31}, size_t{32}, A - 1}) { /* the slack belongs to x */
    ck_assert_msg(a.find(off, &b), "offset %zu", off);
    ck_assert_uint_eq(b.offset, x);
    ck_assert_uint_eq(b.size, A);
    ck_assert_uint_eq(b.requested, 32);
    ck_assert_ptr_null(b.label);
  }
  for (size_t off : {A, 2 * A + 3, 5 * A - 1}) {
    ck_assert_msg(a.find(off, &b), "offset %zu", off);
    ck_assert_uint_eq(b.offset, y);
    ck_assert_uint_eq(b.size, 4 * A);
    ck_assert_uint_eq(b.requested, 3 * A + 5);
  }
  ck_assert(a.find(6 * A + 6, &b));
  ck_assert_uint_eq(b.offset, w);
  ck_assert_uint_eq(b.requested, 7);
  ck_assert_str_eq(b.label, "shmem_calloc");
  ck_assert(!a.find(7 * A, &b)); /* free space after the last block */
  ck_assert(!a.find(MiB - 1, &b));
  ck_assert(!a.find(MiB, &b)); /* past the capacity */
  ck_assert(!a.find(~size_t{0}, &b));

  ck_assert(a.release(y)); /* freed: its space is no block's */
  for (size_t off : {A, 3 * A, 5 * A - 1}) ck_assert_msg(!a.find(off, &b), "offset %zu", off);
  ck_assert(a.find(5 * A, &b));
  ck_assert_uint_eq(b.offset, z);

  /* resize_in_place: the new request, and the label when one is given */
  ck_assert(a.resize_in_place(x, A + 1, "shmem_realloc"));
  ck_assert(a.find(A + 1, &b));
  ck_assert_uint_eq(b.offset, x);
  ck_assert_uint_eq(b.requested, A + 1);
  ck_assert_str_eq(b.label, "shmem_realloc");
  ck_assert(a.resize_in_place(x, 8));
  ck_assert(!a.find(A, &b)); /* the shrunk tail is free again */
  ck_assert(a.find(0, &b));
  ck_assert_uint_eq(b.requested, 8);
  ck_assert_str_eq(b.label, "shmem_realloc");
}
END_TEST

/* A reference model of the live blocks, kept by the test: after every step
 * the allocator must agree with it and blocks must be aligned, disjoint and
 * inside the capacity. */
struct Model {
  std::map<size_t, size_t> live; /* offset -> size */
};

static void check_invariants(const Allocator &a, const Model &m) {
  size_t sum = 0, end = 0;
  for (const auto &b : m.live) {
    ck_assert_msg(b.first % A == 0, "offset %zu unaligned", b.first);
    ck_assert_msg(b.first >= end, "block at %zu overlaps the previous one", b.first);
    ck_assert_uint_eq(a.block_size(b.first), b.second);
    /* find(): the gap before the block is free, its first and last bytes
     * are the block's */
    Allocator::Block found;
    if (b.first > end) ck_assert(!a.find(b.first - 1, &found));
    ck_assert(a.find(b.first, &found) && found.offset == b.first && found.size == b.second);
    ck_assert(a.find(b.first + b.second - 1, &found) && found.offset == b.first);
    end = b.first + b.second;
    sum += b.second;
  }
  ck_assert_uint_le(end, a.capacity());
  ck_assert_uint_eq(a.bytes_in_use(), sum);
  ck_assert_uint_eq(a.live_blocks(), m.live.size());
  ck_assert_uint_le(a.largest_free(), a.capacity() - sum);
}

/* Runs a pseudo-random sequence; returns the sequence of results. */
static std::vector<size_t> random_run(Allocator &a, uint32_t seed, int steps, bool check) {
  Model m;
  std::vector<size_t> trace;
  uint32_t x = seed;
  auto next = [&x] { return x = x * 1664525u + 1013904223u; };
  for (int step = 0; step < steps; ++step) {
    uint32_t r = next();
    if (m.live.empty() || r % 3 == 0) {
      size_t size = 1 + next() % (64 * KiB);
      size_t align = size_t{1} << (next() % 14);
      size_t off = 0;
      bool ok = a.allocate(size, align, &off);
      trace.push_back(ok ? off : ~size_t{0});
      if (ok) {
        ck_assert_msg(off % align == 0, "step %d: offset %zu not aligned to %zu", step, off, align);
        m.live[off] = (size + A - 1) / A * A;
      }
    } else {
      auto it = m.live.begin();
      std::advance(it, next() % m.live.size());
      if (r % 3 == 1) {
        ck_assert(a.release(it->first));
        trace.push_back(it->first);
        m.live.erase(it);
      } else {
        size_t size = 1 + next() % (128 * KiB);
        bool ok = a.resize_in_place(it->first, size);
        trace.push_back(ok ? size : 0);
        if (ok) it->second = (size + A - 1) / A * A;
      }
    }
    if (check) check_invariants(a, m);
  }
  for (const auto &b : m.live) ck_assert(a.release(b.first));
  ck_assert_uint_eq(a.largest_free(), a.capacity()); /* everything coalesced back */
  return trace;
}

START_TEST(random_sequence_keeps_invariants) {
  Allocator a(16 * MiB);
  random_run(a, 42, 3000, true);
}
END_TEST

START_TEST(same_calls_give_same_offsets) {
  Allocator a(16 * MiB), b(16 * MiB);
  for (uint32_t seed : {1u, 7u, 2024u}) {
    std::vector<size_t> ta = random_run(a, seed, 2000, false);
    std::vector<size_t> tb = random_run(b, seed, 2000, false);
    ck_assert_uint_eq(ta.size(), tb.size());
    for (size_t i = 0; i < ta.size(); ++i)
      ck_assert_msg(ta[i] == tb[i], "seed %u step %zu: %zu vs %zu", seed, i, ta[i], tb[i]);
  }
  /* And a reset allocator replays the same too. */
  a.reset(16 * MiB);
  Allocator fresh(16 * MiB);
  ck_assert(random_run(a, 99, 500, false) == random_run(fresh, 99, 500, false));
}
END_TEST

int main() {
  Suite *s = suite_create("allocator");
  TCase *basics = tcase_create("basics");
  tcase_add_test(basics, capacity_rounds_down_to_min_align);
  tcase_add_test(basics, rejects_bad_arguments);
  tcase_add_test(basics, sizes_round_up_and_blocks_pack);
  tcase_add_test(basics, alignment_is_honoured);
  tcase_add_test(basics, padding_before_an_aligned_block_stays_usable);
  suite_add_tcase(s, basics);

  TCase *fit = tcase_create("best_fit");
  tcase_add_test(fit, best_fit_takes_the_smallest_hole);
  tcase_add_test(fit, best_fit_ties_go_to_the_lowest_offset);
  tcase_add_test(fit, release_coalesces_in_every_order);
  tcase_add_test(fit, release_rejects_bad_offsets);
  tcase_add_test(fit, find_answers_which_block_holds_an_offset);
  suite_add_tcase(s, fit);

  TCase *resize = tcase_create("resize_in_place");
  tcase_add_test(resize, resize_grows_into_free_space);
  tcase_add_test(resize, resize_grows_into_exactly_all_free_space);
  tcase_add_test(resize, resize_blocked_by_a_neighbour_changes_nothing);
  tcase_add_test(resize, resize_shrinks_and_frees_the_tail);
  tcase_add_test(resize, shrunk_tail_merges_with_following_free_space);
  tcase_add_test(resize, resize_rejects_bad_arguments);
  suite_add_tcase(s, resize);

  TCase *limits = tcase_create("limits");
  tcase_add_test(limits, exhaustion_fails_cleanly);
  tcase_add_test(limits, fragmentation_fails_even_with_enough_total_space);
  suite_add_tcase(s, limits);

  TCase *det = tcase_create("determinism");
  tcase_add_test(det, random_sequence_keeps_invariants);
  tcase_add_test(det, same_calls_give_same_offsets);
  suite_add_tcase(s, det);

  return run_suite(s);
}
