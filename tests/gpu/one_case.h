/*
 * The command line of the GPU tests that run one case per job (errors.cu,
 * waits.cu: a trapped kernel leaves the GPU context unusable):
 * `PROG --list` prints every case with list_line(case) and exits 0;
 * `PROG CASE` returns that case; anything else prints the usage and exits 2.
 */
#ifndef ROCSHMEM_TESTS_GPU_ONE_CASE_H
#define ROCSHMEM_TESTS_GPU_ONE_CASE_H

#include <cstdio>
#include <cstdlib>
#include <cstring>

template <class Case, size_t N, class ListLine>
const Case &gt_one_case(int argc, char **argv, const Case (&cases)[N], ListLine list_line) {
  if (argc == 2 && strcmp(argv[1], "--list") == 0) {
    for (const Case &c : cases) list_line(c);
    exit(0);
  }
  for (const Case &c : cases)
    if (argc == 2 && strcmp(argv[1], c.name) == 0) return c;
  fprintf(stderr, "usage: %s --list | CASE (under mpirun)\n", argv[0]);
  exit(2);
}

#endif
