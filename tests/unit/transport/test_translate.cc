/*
 * Address translation (src/transport/peer_table.h): which symmetric segment
 * holds an address range, and where a symmetric address of PE `pe` is mapped
 * in this process.  The peer table is filled by hand with fake segments --
 * translation is pure arithmetic and never dereferences, so the addresses
 * need not be mapped -- at different bases for every PE, as ASLR would place
 * them.
 *
 * Only valid inputs are tested here: invalid ones end the job (fatal), which
 * the functional bad-input tests cover.
 */
#include <cstddef>
#include <cstdint>
#include <limits>

#include "transport/peer_table.h"

#include "../common/run_suite.h"

using rocshmem::g_peers;
using rocshmem::peer_segment_of;
using rocshmem::peer_translate;
using rocshmem::SEG_DATA;
using rocshmem::SEG_HEAP;

namespace {

constexpr int kPes = 4, kMe = 1;
constexpr uintptr_t kHeapSize = uintptr_t{512} << 20;
constexpr uintptr_t kDataSize = 3 * 4096;
/* This PE's segments: heap below data, as usual, with a gap between them. */
constexpr uintptr_t kHeapLo = 0x7f1000000000, kDataLo = 0x560000001000;
/* Where each PE's segments are mapped in this process (ours: themselves). */
const uintptr_t kHeapBase[kPes] = {0x7e0000000000, kHeapLo, 0x100000000, 0x7fff00000000};
const uintptr_t kDataBase[kPes] = {0x7d0000000000, kDataLo, 0x200000000, 0x600000000000};

char *addr(uintptr_t a) { return reinterpret_cast<char *>(a); }

void fill_table(bool with_data) {
  g_peers.my_pe = kMe;
  g_peers.n_pes = kPes;
  g_peers.lo[SEG_HEAP] = kHeapLo;
  g_peers.hi[SEG_HEAP] = kHeapLo + kHeapSize;
  g_peers.lo[SEG_DATA] = with_data ? kDataLo : 0;
  g_peers.hi[SEG_DATA] = with_data ? kDataLo + kDataSize : 0;
  g_peers.path.assign(kPes, rocshmem::PeerPath::SHM);
  g_peers.path[kMe] = rocshmem::PeerPath::SELF;
  for (int s = 0; s < rocshmem::SEG_COUNT; ++s) g_peers.base[s].assign(kPes, nullptr);
  for (int pe = 0; pe < kPes; ++pe) {
    g_peers.base[SEG_HEAP][pe] = addr(kHeapBase[pe]);
    if (with_data) g_peers.base[SEG_DATA][pe] = addr(kDataBase[pe]);
  }
}

void setup_full() { fill_table(true); }
void setup_no_data() { fill_table(false); }
void teardown() { g_peers = rocshmem::PeerTable{}; }

}  // namespace

START_TEST(segment_of_heap_ranges) {
  ck_assert_int_eq(peer_segment_of(addr(kHeapLo), 1), SEG_HEAP);
  ck_assert_int_eq(peer_segment_of(addr(kHeapLo), kHeapSize), SEG_HEAP);     /* all of it */
  ck_assert_int_eq(peer_segment_of(addr(kHeapLo + 100), kHeapSize - 100), SEG_HEAP);
  ck_assert_int_eq(peer_segment_of(addr(kHeapLo + kHeapSize - 1), 1), SEG_HEAP); /* last byte */
  ck_assert_int_eq(peer_segment_of(addr(kHeapLo), kHeapSize + 1), -1);       /* one too many */
  ck_assert_int_eq(peer_segment_of(addr(kHeapLo + 100), kHeapSize - 99), -1);
  ck_assert_int_eq(peer_segment_of(addr(kHeapLo + kHeapSize), 1), -1);       /* the end */
  ck_assert_int_eq(peer_segment_of(addr(kHeapLo - 1), 1), -1);               /* just below */
  ck_assert_int_eq(peer_segment_of(addr(kHeapLo - 1), 2), -1);               /* straddling */
}
END_TEST

START_TEST(segment_of_data_ranges) {
  ck_assert_int_eq(peer_segment_of(addr(kDataLo), 8), SEG_DATA);
  ck_assert_int_eq(peer_segment_of(addr(kDataLo + kDataSize - 8), 8), SEG_DATA);
  ck_assert_int_eq(peer_segment_of(addr(kDataLo + kDataSize - 8), 9), -1);
  ck_assert_int_eq(peer_segment_of(addr(kDataLo + kDataSize), 1), -1);
  ck_assert_int_eq(peer_segment_of(addr(kDataLo - 8), 8), -1);
}
END_TEST

START_TEST(segment_of_non_symmetric_addresses) {
  ck_assert_int_eq(peer_segment_of(nullptr, 1), -1);
  ck_assert_int_eq(peer_segment_of(addr(kDataLo + kDataSize + 4096), 1), -1); /* the gap */
  ck_assert_int_eq(peer_segment_of(addr(kHeapBase[0]), 1), -1); /* a peer's mapping is not symmetric */
  ck_assert_int_eq(peer_segment_of(addr(std::numeric_limits<uintptr_t>::max()), 1), -1);
}
END_TEST

START_TEST(segment_of_huge_lengths_do_not_wrap) {
  const size_t max = std::numeric_limits<size_t>::max();
  ck_assert_int_eq(peer_segment_of(addr(kHeapLo + 8), max), -1);
  ck_assert_int_eq(peer_segment_of(addr(kHeapLo + 8), max - 7), -1);
  ck_assert_int_eq(peer_segment_of(addr(kDataLo), max), -1);
}
END_TEST

START_TEST(translate_heap_offsets_for_every_pe) {
  const uintptr_t offsets[] = {0, 1, 64, 4096, 12345, kHeapSize - 8, kHeapSize - 1};
  for (int pe = 0; pe < kPes; ++pe)
    for (uintptr_t off : offsets) {
      size_t len = off == kHeapSize - 1 ? 1 : 8;
      char *got = peer_translate("test", "dest", addr(kHeapLo + off), len, pe);
      ck_assert_msg(got == addr(kHeapBase[pe] + off), "pe %d offset %#lx: %p, expected %#lx", pe,
                    static_cast<unsigned long>(off), static_cast<void *>(got),
                    static_cast<unsigned long>(kHeapBase[pe] + off));
    }
}
END_TEST

START_TEST(translate_data_offsets_for_every_pe) {
  for (int pe = 0; pe < kPes; ++pe)
    for (uintptr_t off : {uintptr_t{0}, uintptr_t{8}, uintptr_t{4095}, kDataSize - 16}) {
      char *got = peer_translate("test", "source", addr(kDataLo + off), 16 - (off & 7), pe);
      ck_assert_msg(got == addr(kDataBase[pe] + off), "pe %d data offset %#lx", pe,
                    static_cast<unsigned long>(off));
    }
}
END_TEST

START_TEST(translate_to_myself_is_identity) {
  for (uintptr_t off : {uintptr_t{0}, uintptr_t{777}, kHeapSize - 4})
    ck_assert(peer_translate("test", "dest", addr(kHeapLo + off), 4, kMe) == addr(kHeapLo + off));
  ck_assert(peer_translate("test", "dest", addr(kDataLo + 40), 8, kMe) == addr(kDataLo + 40));
}
END_TEST

START_TEST(translate_preserves_distances) {
  /* Two addresses of one object map to addresses the same distance apart on
   * every PE (what iput/iget and pointer arithmetic on shmem_ptr rely on). */
  for (int pe = 0; pe < kPes; ++pe) {
    char *a = peer_translate("test", "dest", addr(kHeapLo + 1000), 8, pe);
    char *b = peer_translate("test", "dest", addr(kHeapLo + 5000), 8, pe);
    ck_assert_int_eq(b - a, 4000);
  }
}
END_TEST

START_TEST(zero_length_at_a_segment_start) {
  /* len 0 never reaches translation in the RMA paths, but the lookup must
   * still be sane: an empty range at a valid address is inside. */
  ck_assert_int_eq(peer_segment_of(addr(kHeapLo), 0), SEG_HEAP);
}
END_TEST

START_TEST(no_data_segment) {
  ck_assert_int_eq(peer_segment_of(addr(kDataLo), 8), -1);
  ck_assert_int_eq(peer_segment_of(nullptr, 1), -1); /* lo == hi == 0 holds nothing */
  ck_assert_int_eq(peer_segment_of(addr(kHeapLo + 8), 8), SEG_HEAP);
  ck_assert(peer_translate("test", "dest", addr(kHeapLo + 8), 8, 3) == addr(kHeapBase[3] + 8));
}
END_TEST

START_TEST(check_pe_accepts_every_valid_pe) {
  for (int pe = 0; pe < kPes; ++pe) rocshmem::peer_check_pe("test", pe); /* returns */
}
END_TEST

int main() {
  Suite *s = suite_create("translate");
  TCase *full = tcase_create("heap_and_data");
  tcase_add_checked_fixture(full, setup_full, teardown);
  tcase_add_test(full, segment_of_heap_ranges);
  tcase_add_test(full, segment_of_data_ranges);
  tcase_add_test(full, segment_of_non_symmetric_addresses);
  tcase_add_test(full, segment_of_huge_lengths_do_not_wrap);
  tcase_add_test(full, translate_heap_offsets_for_every_pe);
  tcase_add_test(full, translate_data_offsets_for_every_pe);
  tcase_add_test(full, translate_to_myself_is_identity);
  tcase_add_test(full, translate_preserves_distances);
  tcase_add_test(full, zero_length_at_a_segment_start);
  tcase_add_test(full, check_pe_accepts_every_valid_pe);
  suite_add_tcase(s, full);

  TCase *heap_only = tcase_create("heap_only");
  tcase_add_checked_fixture(heap_only, setup_no_data, teardown);
  tcase_add_test(heap_only, no_data_segment);
  suite_add_tcase(s, heap_only);

  return run_suite(s);
}
