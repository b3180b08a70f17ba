/* Runtime configuration, filled from the environment through env.def. */
#ifndef ROCSHMEM_CORE_CONFIG_H
#define ROCSHMEM_CORE_CONFIG_H

#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

namespace rocshmem {

struct Config {
#define ROCSHMEM_FIELD_bool bool
#define ROCSHMEM_FIELD_flag bool
#define ROCSHMEM_FIELD_int long
#define ROCSHMEM_FIELD_size size_t
#define ROCSHMEM_FIELD_string std::string
#define ROCSHMEM_ENV(FIELD, NAME, KIND, DEFAULT, HELP) ROCSHMEM_FIELD_##KIND FIELD{};
#define ROCSHMEM_ENV_ALIAS(FIELD, NAME)
#define ROCSHMEM_ENV_DEPRECATED(FIELD, NAME)
#include "core/env.def"
#undef ROCSHMEM_ENV
#undef ROCSHMEM_ENV_ALIAS
#undef ROCSHMEM_ENV_DEPRECATED
};

/* Flag: on when set to anything but an "off" word (the OpenSHMEM variables
 * whose value the specification leaves open: SHMEM_DEBUG, SHMEM_INFO ...). */
enum class EnvKind { Bool, Flag, Int, Size, String };

/* One row of env.def, for printing and documentation. */
struct EnvEntry {
  const char *name;
  EnvKind kind;
  const char *default_value;
  const char *help;
  const char *alias;      /* second name, or nullptr */
  const char *field;      /* Config member it sets */
  const char *deprecated; /* a legacy name (SMA_*) read last, with a warning; or nullptr */
};

/* Every declared variable, in env.def order. */
const EnvEntry *env_table(size_t *count);

/* Parses a byte count as OpenSHMEM's SHMEM_SYMMETRIC_SIZE is written: a
 * non-negative number, possibly with a fraction (".5", "3.1"), and an
 * optional K, M, G or T (powers of 1024, either case); whatever follows the
 * multiplier is ignored ("4KB", "2GiB", "20kk" is 20K).  A fraction rounds
 * up to whole bytes.  Returns false on junk, negative values or overflow. */
bool parse_size(const char *text, size_t *out);
/* Parses 0/1, yes/no, y/n, true/false, on/off (case-insensitive). */
bool parse_bool(const char *text, bool *out);
/* Any value is accepted: false for the "off" words of parse_bool, true for
 * everything else, the empty string included (the variable is set). */
bool parse_flag(const char *text, bool *out);
bool parse_int(const char *text, long *out);

/* Reads the environment into *cfg.  A malformed value, a negative count or
 * an empty heap adds one line to *errors naming the variable, its value and
 * what is accepted, and the result is false; every field whose value parsed
 * is set all the same (the malformed ones keep their defaults), so the
 * caller may still start the bootstrap and report the error once for the
 * whole job.  config_load gives the first error only. */
bool config_load_all(Config *cfg, std::vector<std::string> *errors);
bool config_load(Config *cfg, std::string *error);

/* The variable that sets the row whose primary name is `name` (that name,
 * its alias or its legacy name), or "default". */
const char *config_source(const char *name);

/* The legacy (SMA_*) names set in the environment, each with the name that
 * replaces it: "SMA_DEBUG (use SHMEM_DEBUG)", comma-separated; empty if none. */
std::string config_deprecated_in_use();

/* The ROCSHMEM_*, SHMEM_* and SMA_* variables that are set but declared
 * nowhere in env.def (typos, or another implementation's settings), comma-
 * separated, each followed by " (did you mean NAME?)" when a declared name is
 * a few edits away; empty if none.  shmem_init's warning and
 * rocshmem_info --env both print this. */
std::string config_unknown_variables();

/* Writes every variable with its current value, default and help. */
void config_print(FILE *out, const char *line_prefix);

/* The SHMEM_INFO banner's list: one line per variable this build reads at
 * init (not the wrappers' ones, GPU ones only with GPU support), with its
 * value; those set in the environment are marked with '*' and say who set
 * them and the default. */
void config_print_job(FILE *out, const char *line_prefix);

}  // namespace rocshmem

#endif
