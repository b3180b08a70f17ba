/* The end of every unit test's main(): runs the suite with Check's options
 * from the environment (CK_VERBOSITY, CK_TAP_LOG_FILE_NAME, CK_FORK, ...)
 * and returns the process status.  Include it where check.h would go:
 * after mpi.h and the standard C++ headers. */
#ifndef ROCSHMEM_TESTS_UNIT_RUN_SUITE_H
#define ROCSHMEM_TESTS_UNIT_RUN_SUITE_H

#include <cstdlib>

#include <check.h>

inline int run_suite(Suite *s) {
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_ENV);
  const int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
