/* Helpers for defining public entry points.
 *
 * Every routine with the same signature under both names is defined once,
 * for each prefix of ROCSHMEM_API_PREFIXES, from the declaration macros of
 * include/rocshmem/api.def.  The string passed down as `call` is the public
 * name the user called, so error messages name it. */
#ifndef ROCSHMEM_CORE_API_H
#define ROCSHMEM_CORE_API_H

#define ROCSHMEM_API_PREFIXES(X) X(rocshmem) X(shmem)

#define ROCSHMEM_STR_(x) #x
#define ROCSHMEM_STR(x) ROCSHMEM_STR_(x)

#endif
