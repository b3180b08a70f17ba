/*
 * Global and static variables keep what the program wrote into them before
 * shmem_init.  Init moves the executable's data segment into shared memory
 * (so that legacy codes can use globals as symmetric objects), copying .data and only the .bss pages the program
 * touched: every page it wrote must come through, locally and as other PEs
 * see it, and every page it did not touch must read as zero there too and
 * take puts like any other.
 */
#include "../common/ftest.h"

enum { UNIT = 4096, UNITS = 256 }; /* 1 MiB of .bss, in 4 KiB units */
static _Alignas(4096) unsigned char bss[UNITS * UNIT];
static long data_words[4] = {11, 22, 33, 44};

/* Units written before init (a byte pattern of the unit's index; no PE
 * number: it is not known yet), and one only read. */
static const int written[] = {0, 1, 7, 100, 254, 255};
enum { READ_ONLY = 50, PUT_TARGET = 200 };

static int was_written(int u) {
  for (size_t i = 0; i < sizeof written / sizeof written[0]; ++i)
    if (written[i] == u) return 1;
  return 0;
}

static void write_before_init(void) {
  for (size_t i = 0; i < sizeof written / sizeof written[0]; ++i)
    ft_fill(bss + (size_t)written[i] * UNIT, UNIT, 0, written[i]);
  data_words[1] = 222;
  FT_CHECK(((volatile unsigned char *)bss)[READ_ONLY * UNIT] == 0, "a .bss byte before init");
}

/* b: the array bss as some PE has it (its own, or a copy fetched from a
 * peer); written units hold their pattern, the others zeros. */
static void check_bss(const unsigned char *b, const char *whose) {
  for (int u = 0; u < UNITS; ++u) {
    const unsigned char *unit = b + (size_t)u * UNIT;
    if (was_written(u))
      FT_CHECK(ft_mismatch(unit, UNIT, 0, u) == UNIT,
               "%s: unit %d lost what was written before init", whose, u);
    else
      FT_CHECK(ft_not_byte(unit, UNIT, 0) == UNIT, "%s: untouched unit %d is not zero", whose, u);
  }
}

int main(void) {
  write_before_init(); /* (FT_CHECK before ft_begin only counts locally) */
  shmem_init();
  ft_begin();
  const int right = (ft.me + 1) % ft.npes, left = (ft.me + ft.npes - 1) % ft.npes;

  check_bss(bss, "my .bss");
  FT_CHECK(data_words[0] == 11 && data_words[1] == 222 && data_words[2] == 33 &&
               data_words[3] == 44,
           ".data after init: %ld %ld %ld %ld", data_words[0], data_words[1], data_words[2],
           data_words[3]);
  ft_case("values written to .bss and .data before shmem_init are there after it; untouched .bss "
          "pages read zero");

  static unsigned char copy[UNITS * UNIT]; /* (itself .bss, untouched before init) */
  long theirs[4] = {0, 0, 0, 0};
  shmem_getmem(copy, bss, sizeof bss, right);
  shmem_getmem(theirs, data_words, sizeof theirs, right);
  check_bss(copy, "the right neighbour's .bss");
  FT_CHECK(theirs[1] == 222 && theirs[3] == 44, "the right neighbour's .data: %ld %ld", theirs[1],
           theirs[3]);
  ft_case("other PEs see the same: shmem_getmem of the whole .bss array and of .data");

  unsigned char mine[256];
  ft_fill(mine, sizeof mine, ft.me, PUT_TARGET);
  shmem_barrier_all();
  shmem_putmem(bss + (size_t)PUT_TARGET * UNIT + 1000, mine, sizeof mine, right);
  shmem_barrier_all();
  const unsigned char *target = bss + (size_t)PUT_TARGET * UNIT;
  FT_CHECK_BYTES(target + 1000, sizeof mine, left, PUT_TARGET, "a put into an untouched unit");
  FT_CHECK(ft_not_byte(target, 1000, 0) == 1000 &&
               ft_not_byte(target + 1000 + sizeof mine, UNIT - 1000 - sizeof mine, 0) ==
                   UNIT - 1000 - sizeof mine,
           "the rest of the unit a put went into is not zero");
  ft_case("a put into a .bss page nobody touched before init lands, and only there");

  int rc = ft_finish();
  shmem_finalize();
  return rc;
}
