/*
 * The configuration table (src/core/config.h, src/core/env.def): value
 * parsers, config_load from the environment (defaults, the
 * ROCSHMEM_HEAP_SIZE alias and its precedence, errors that name the
 * variable), detection of unknown (typo'd) variables, and the table itself.
 *
 * Every test starts from an environment without any SHMEM_* / ROCSHMEM_*
 * variable (the fixture), so the results do not depend on who runs `make
 * check`.
 */
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "core/config.h"

#include "../common/run_suite.h"

extern char **environ;

using rocshmem::Config;

namespace {

constexpr size_t KiB = 1024, MiB = 1024 * KiB, GiB = 1024 * MiB;

bool is_ours(const char *var) {
  return std::strncmp(var, "SHMEM_", 6) == 0 || std::strncmp(var, "ROCSHMEM_", 9) == 0 ||
         std::strncmp(var, "SMA_", 4) == 0;
}

void clear_our_environment() {
  std::vector<std::string> names;
  for (char **e = environ; e && *e; ++e)
    if (is_ours(*e)) names.emplace_back(*e, std::strcspn(*e, "="));
  for (const std::string &n : names) unsetenv(n.c_str());
}

size_t size_of(const char *text) {
  size_t v = 0xdeadbeef;
  ck_assert_msg(rocshmem::parse_size(text, &v), "parse_size(\"%s\") failed", text);
  return v;
}

void size_rejected(const char *text) {
  size_t v = 0xdeadbeef;
  ck_assert_msg(!rocshmem::parse_size(text, &v), "parse_size(\"%s\") accepted: %zu", text, v);
  ck_assert_msg(v == 0xdeadbeef, "parse_size(\"%s\") wrote its output on failure", text);
}

bool loads(Config *cfg, std::string *error) {
  *cfg = Config{};
  error->clear();
  return rocshmem::config_load(cfg, error);
}

}  // namespace

START_TEST(parse_size_plain_and_suffixed) {
  ck_assert_uint_eq(size_of("0"), 0);
  ck_assert_uint_eq(size_of("64"), 64);
  ck_assert_uint_eq(size_of("4K"), 4 * KiB);
  ck_assert_uint_eq(size_of("4k"), 4 * KiB);
  ck_assert_uint_eq(size_of("4KB"), 4 * KiB);
  ck_assert_uint_eq(size_of("4kb"), 4 * KiB);
  ck_assert_uint_eq(size_of("512M"), 512 * MiB);
  ck_assert_uint_eq(size_of("512m"), 512 * MiB);
  ck_assert_uint_eq(size_of("2G"), 2 * GiB);
  ck_assert_uint_eq(size_of("1.5G"), 3 * GiB / 2);
  ck_assert_uint_eq(size_of("0.5K"), 512);
  ck_assert_uint_eq(size_of("3T"), 3 * 1024 * GiB);
  ck_assert_uint_eq(size_of(" 8M "), 8 * MiB); /* surrounding blanks */
  ck_assert_uint_eq(size_of("16777215T"), 16777215ull << 40); /* the largest whole T below 2^64 */
}
END_TEST

/* The forms OpenSHMEM gives for SHMEM_SYMMETRIC_SIZE: a fraction without a
 * leading digit, a fraction without a multiplier, the ceiling of number x
 * multiplier, one multiplier with whatever follows it ignored. */
START_TEST(parse_size_openshmem_forms) {
  ck_assert_uint_eq(size_of(".5m"), size_of("0.5m"));
  ck_assert_uint_eq(size_of(".5m"), 512 * KiB);
  ck_assert_uint_eq(size_of("20m"), 20971520);
  ck_assert_uint_eq(size_of("3.1M"), 3250586); /* 3250585.6 rounded up */
  ck_assert_uint_eq(size_of("20k"), 20 * KiB);
  ck_assert_uint_eq(size_of("1G"), GiB);
  ck_assert_uint_eq(size_of("20kk"), 20 * KiB); /* not 20M */
  ck_assert_uint_eq(size_of("4KK"), 4 * KiB);
  ck_assert_uint_eq(size_of("2GiB"), 2 * GiB);
  ck_assert_uint_eq(size_of("512MiB"), 512 * MiB);
  ck_assert_uint_eq(size_of("4KBB"), 4 * KiB);
  ck_assert_uint_eq(size_of("1.5"), 2); /* bytes, rounded up */
  ck_assert_uint_eq(size_of("0.25K"), 256); /* exact: no binary rounding on the way up */
  ck_assert_uint_eq(size_of("0.1K"), 103); /* 102.4 */
  ck_assert_uint_eq(size_of("1.00000000000000000000001K"), 1025); /* a digit past 19 still counts */
  ck_assert_uint_eq(size_of("7."), 7);
}
END_TEST

START_TEST(parse_size_rejects_junk) {
  for (const char *bad : {"", " ", "abc", "K", "4X", "4 K", "12abc", "M4", "0x", "--1", "1e",
                          "nan", "inf", ".", ".K", "1.5.2", "1,5G", "4B"})
    size_rejected(bad);
  size_t v;
  ck_assert(!rocshmem::parse_size(nullptr, &v));
}
END_TEST

START_TEST(parse_size_rejects_negative) {
  for (const char *bad : {"-1", "-0", " -4K", "-1G", "-0.5"}) size_rejected(bad);
}
END_TEST

START_TEST(parse_size_rejects_overflow) {
  /* 2^64 bytes and beyond do not fit a size_t. */
  for (const char *bad : {"16777216T", "99999999999999999999", "18446744073709551616",
                          "1e30", "1e400", "17179869184G"})
    size_rejected(bad);
}
END_TEST

START_TEST(parse_bool_values) {
  bool b = false;
  for (const char *yes : {"1", "y", "Y", "yes", "YES", "true", "True", "on", "ON"}) {
    b = false;
    ck_assert_msg(rocshmem::parse_bool(yes, &b) && b, "parse_bool(\"%s\")", yes);
  }
  for (const char *no : {"0", "n", "no", "No", "false", "FALSE", "off", "Off"}) {
    b = true;
    ck_assert_msg(rocshmem::parse_bool(no, &b) && !b, "parse_bool(\"%s\")", no);
  }
  for (const char *bad : {"", "2", "maybe", "yes ", " no", "truee", "-1"}) {
    b = true;
    ck_assert_msg(!rocshmem::parse_bool(bad, &b), "parse_bool(\"%s\") accepted", bad);
    ck_assert(b); /* untouched */
  }
  ck_assert(!rocshmem::parse_bool(nullptr, &b));
}
END_TEST

/* OpenSHMEM's SHMEM_DEBUG, SHMEM_INFO and SHMEM_VERSION take any value. */
START_TEST(parse_flag_values) {
  bool b = false;
  for (const char *on : {"1", "2", "yes", "YES", "true", "on", "", "anything", " no", "-1"}) {
    b = false;
    ck_assert_msg(rocshmem::parse_flag(on, &b) && b, "parse_flag(\"%s\") is not on", on);
  }
  for (const char *off : {"0", "n", "no", "No", "false", "off", "OFF"}) {
    b = true;
    ck_assert_msg(rocshmem::parse_flag(off, &b) && !b, "parse_flag(\"%s\") is not off", off);
  }
}
END_TEST

START_TEST(parse_int_values) {
  long v = 0;
  ck_assert(rocshmem::parse_int("4096", &v) && v == 4096);
  ck_assert(rocshmem::parse_int("-3", &v) && v == -3);
  ck_assert(rocshmem::parse_int("0x10", &v) && v == 16);
  for (const char *bad : {"", "12a", "a", "99999999999999999999999"}) {
    v = 7;
    ck_assert_msg(!rocshmem::parse_int(bad, &v), "parse_int(\"%s\") accepted", bad);
  }
}
END_TEST

START_TEST(config_defaults) {
  Config cfg;
  std::string error;
  ck_assert_msg(loads(&cfg, &error), "defaults do not load: %s", error.c_str());
  ck_assert_uint_eq(cfg.heap_size, 512 * MiB);
  ck_assert(!cfg.debug);
  ck_assert(!cfg.info);
  ck_assert(!cfg.version);
  ck_assert_int_eq(cfg.debug_level, 1);
  ck_assert_str_eq(cfg.bootstrap.c_str(), "auto");
  ck_assert(cfg.static_data);
  ck_assert_int_eq(cfg.spin_count, 4096);
  ck_assert_str_eq(cfg.node_id.c_str(), "");
}
END_TEST

START_TEST(config_reads_variables) {
  setenv("SHMEM_SYMMETRIC_SIZE", "1G", 1);
  setenv("SHMEM_DEBUG", "yes", 1);
  setenv("ROCSHMEM_BOOTSTRAP", "singleton", 1);
  setenv("ROCSHMEM_SPIN_COUNT", "17", 1);
  setenv("ROCSHMEM_STATIC_DATA", "off", 1);
  Config cfg;
  std::string error;
  ck_assert_msg(loads(&cfg, &error), "%s", error.c_str());
  ck_assert_uint_eq(cfg.heap_size, GiB);
  ck_assert(cfg.debug);
  ck_assert_str_eq(cfg.bootstrap.c_str(), "singleton");
  ck_assert_int_eq(cfg.spin_count, 17);
  ck_assert(!cfg.static_data);
}
END_TEST

START_TEST(config_alias_heap_size) {
  setenv("ROCSHMEM_HEAP_SIZE", "2M", 1);
  Config cfg;
  std::string error;
  ck_assert_msg(loads(&cfg, &error), "%s", error.c_str());
  ck_assert_uint_eq(cfg.heap_size, 2 * MiB);
}
END_TEST

START_TEST(config_primary_name_wins_over_alias) {
  setenv("ROCSHMEM_HEAP_SIZE", "2M", 1);
  setenv("SHMEM_SYMMETRIC_SIZE", "3M", 1);
  Config cfg;
  std::string error;
  ck_assert_msg(loads(&cfg, &error), "%s", error.c_str());
  ck_assert_uint_eq(cfg.heap_size, 3 * MiB);
  /* ...even when the alias holds junk: it is not consulted. */
  setenv("ROCSHMEM_HEAP_SIZE", "junk", 1);
  ck_assert_msg(loads(&cfg, &error), "%s", error.c_str());
  ck_assert_uint_eq(cfg.heap_size, 3 * MiB);
}
END_TEST

START_TEST(config_alias_debug) {
  setenv("ROCSHMEM_DEBUG", "1", 1);
  Config cfg;
  std::string error;
  ck_assert_msg(loads(&cfg, &error), "%s", error.c_str());
  ck_assert(cfg.debug);
}
END_TEST

/* A bad value fails the load, and the message names the variable that was
 * actually set (the alias, if that is what the user wrote) and the value. */
static void bad_value(const char *var, const char *value) {
  clear_our_environment();
  setenv(var, value, 1);
  Config cfg;
  std::string error;
  ck_assert_msg(!loads(&cfg, &error), "%s=%s was accepted", var, value);
  ck_assert_msg(error.find(var) != std::string::npos, "error \"%s\" does not name %s",
                error.c_str(), var);
  ck_assert_msg(error.find(value) != std::string::npos, "error \"%s\" does not quote '%s'",
                error.c_str(), value);
}

START_TEST(config_bad_values_name_the_variable) {
  bad_value("SHMEM_SYMMETRIC_SIZE", "abc");
  bad_value("SHMEM_SYMMETRIC_SIZE", "-5M");
  bad_value("ROCSHMEM_HEAP_SIZE", "lots");
  bad_value("SMA_SYMMETRIC_SIZE", "huge");
  bad_value("ROCSHMEM_STATIC_DATA", "maybe");
  bad_value("ROCSHMEM_SPIN_COUNT", "fast");
  bad_value("ROCSHMEM_DEBUG_LEVEL", "loud");
}
END_TEST

/* The error is one line: the variable, the value and what is accepted,
 * not the variable's whole help text; the other fields are still read. */
START_TEST(config_error_is_one_line_and_the_rest_loads) {
  setenv("SHMEM_SYMMETRIC_SIZE", "lots", 1);
  setenv("ROCSHMEM_SPIN_COUNT", "17", 1);
  Config cfg;
  std::string error;
  ck_assert(!loads(&cfg, &error));
  ck_assert_msg(error.find('\n') == std::string::npos, "\"%s\" spans lines", error.c_str());
  ck_assert_msg(error.find("accepted") != std::string::npos, "\"%s\" does not say what is accepted",
                error.c_str());
  ck_assert_msg(error.find("committed only when touched") == std::string::npos,
                "\"%s\" carries the help text", error.c_str());
  ck_assert_int_eq(cfg.spin_count, 17);
  ck_assert_uint_eq(cfg.heap_size, 512 * MiB); /* the default, for the bootstrap */
}
END_TEST

/* SHMEM_DEBUG, SHMEM_INFO and SHMEM_VERSION: set means on, whatever the
 * value, except the words that read as off. */
START_TEST(config_openshmem_flags_take_any_value) {
  const char *const names[] = {"SHMEM_DEBUG", "SHMEM_INFO", "SHMEM_VERSION", "ROCSHMEM_DEBUG"};
  for (const char *name : names) {
    for (const char *value : {"2", "yes", "", "sure"}) {
      clear_our_environment();
      setenv(name, value, 1);
      Config cfg;
      std::string error;
      ck_assert_msg(loads(&cfg, &error), "%s='%s': %s", name, value, error.c_str());
      ck_assert_msg(cfg.debug || cfg.info || cfg.version, "%s='%s' is not on", name, value);
    }
    clear_our_environment();
    setenv(name, "off", 1);
    Config cfg;
    std::string error;
    ck_assert(loads(&cfg, &error));
    ck_assert_msg(!cfg.debug && !cfg.info && !cfg.version, "%s=off is on", name);
  }
}
END_TEST

/* The SMA_ names OpenSHMEM deprecated: read when the SHMEM_ one is not set,
 * named as the source, listed for the warning. */
START_TEST(config_legacy_sma_names) {
  setenv("SMA_SYMMETRIC_SIZE", "2G", 1);
  setenv("SMA_DEBUG", "1", 1);
  setenv("SMA_INFO", "1", 1);
  setenv("SMA_VERSION", "1", 1);
  Config cfg;
  std::string error;
  ck_assert_msg(loads(&cfg, &error), "%s", error.c_str());
  ck_assert_uint_eq(cfg.heap_size, 2 * GiB);
  ck_assert(cfg.debug && cfg.info && cfg.version);
  ck_assert_str_eq(rocshmem::config_source("SHMEM_SYMMETRIC_SIZE"), "SMA_SYMMETRIC_SIZE");
  const std::string used = rocshmem::config_deprecated_in_use();
  for (const char *pair : {"SMA_SYMMETRIC_SIZE (use SHMEM_SYMMETRIC_SIZE)", "SMA_DEBUG (use SHMEM_DEBUG)",
                           "SMA_INFO (use SHMEM_INFO)", "SMA_VERSION (use SHMEM_VERSION)"})
    ck_assert_msg(used.find(pair) != std::string::npos, "\"%s\" lacks %s", used.c_str(), pair);
  /* The SHMEM_ name wins, and the alias too. */
  setenv("SHMEM_SYMMETRIC_SIZE", "3M", 1);
  ck_assert(loads(&cfg, &error));
  ck_assert_uint_eq(cfg.heap_size, 3 * MiB);
  unsetenv("SHMEM_SYMMETRIC_SIZE");
  setenv("ROCSHMEM_HEAP_SIZE", "5M", 1);
  ck_assert(loads(&cfg, &error));
  ck_assert_uint_eq(cfg.heap_size, 5 * MiB);
  ck_assert_str_eq(rocshmem::config_source("SHMEM_SYMMETRIC_SIZE"), "ROCSHMEM_HEAP_SIZE");
  /* Not unknown variables. */
  const std::string unknown = rocshmem::config_unknown_variables();
  ck_assert_str_eq(unknown.c_str(), "");
  clear_our_environment();
  const std::string none = rocshmem::config_deprecated_in_use();
  ck_assert_str_eq(none.c_str(), "");
}
END_TEST

START_TEST(unknown_variables_are_reported) {
  /* Named strings, not temporaries: ck_assert_str_eq keeps its arguments'
   * pointers beyond the full expression, so a temporary's c_str() dangles
   * (AddressSanitizer: stack-use-after-scope). */
  const std::string none = rocshmem::config_unknown_variables();
  ck_assert_str_eq(none.c_str(), "");
  setenv("ROCSHMEM_TYPO", "1", 1);
  setenv("SHMEM_SYMMETRIC_SIZE", "1M", 1); /* known */
  setenv("ROCSHMEM_HEAP_SIZE", "1M", 1);   /* known alias */
  std::string unknown = rocshmem::config_unknown_variables();
  ck_assert_str_eq(unknown.c_str(), "ROCSHMEM_TYPO");
}
END_TEST

START_TEST(unknown_variables_match_whole_names) {
  /* A known name plus a suffix, a prefix of a known name, a misspelling and
   * an SHMEM_ one: all unknown. */
  setenv("ROCSHMEM_HEAP_SIZEX", "1", 1);
  setenv("ROCSHMEM_HEAP", "1", 1);
  setenv("SHMEM_SYMETRIC_SIZE", "1", 1);
  setenv("SHMEM_FOO", "1", 1);
  std::string unknown = rocshmem::config_unknown_variables();
  for (const char *name : {"ROCSHMEM_HEAP_SIZEX", "ROCSHMEM_HEAP", "SHMEM_SYMETRIC_SIZE", "SHMEM_FOO"})
    ck_assert_msg(unknown.find(name) != std::string::npos, "\"%s\" does not list %s",
                  unknown.c_str(), name);
  /* A misspelling names the variable meant; a name far from every known
   * one gets no guess (ROCSHMEM_HEAP is 4 edits from anything). */
  for (const char *hint : {"SHMEM_SYMETRIC_SIZE (did you mean SHMEM_SYMMETRIC_SIZE?)",
                           "ROCSHMEM_HEAP_SIZEX (did you mean ROCSHMEM_HEAP_SIZE?)"})
    ck_assert_msg(unknown.find(hint) != std::string::npos, "\"%s\" lacks \"%s\"",
                  unknown.c_str(), hint);
  ck_assert_msg(unknown.find("ROCSHMEM_HEAP (") == std::string::npos,
                "\"%s\" guesses for ROCSHMEM_HEAP", unknown.c_str());
  /* The deprecated SMA_ prefix is checked too. */
  setenv("SMA_DEBG", "1", 1);
  const std::string legacy = rocshmem::config_unknown_variables();
  ck_assert_msg(legacy.find("SMA_DEBG (did you mean SMA_DEBUG?)") != std::string::npos,
                "\"%s\" lacks SMA_DEBG", legacy.c_str());
  unsetenv("SMA_DEBG");
  /* Other prefixes are not ours to judge. */
  clear_our_environment();
  setenv("OMPI_SHMEM_THING", "1", 1);
  setenv("MY_SHMEM_SIZE", "1", 1);
  const std::string foreign = rocshmem::config_unknown_variables();
  ck_assert_str_eq(foreign.c_str(), "");
  unsetenv("OMPI_SHMEM_THING");
  unsetenv("MY_SHMEM_SIZE");
}
END_TEST

START_TEST(env_table_is_consistent) {
  size_t n = 0;
  const rocshmem::EnvEntry *table = rocshmem::env_table(&n);
  ck_assert_uint_ge(n, 4);
  std::set<std::string> names;
  bool heap_alias = false;
  for (size_t i = 0; i < n; ++i) {
    const rocshmem::EnvEntry &e = table[i];
    ck_assert(e.name && is_ours(e.name));
    ck_assert_msg(names.insert(e.name).second, "%s declared twice", e.name);
    if (e.alias) ck_assert_msg(names.insert(e.alias).second, "alias %s declared twice", e.alias);
    if (e.deprecated)
      ck_assert_msg(names.insert(e.deprecated).second, "legacy name %s declared twice", e.deprecated);
    ck_assert_msg(e.help && std::strlen(e.help) > 10, "%s has no help text", e.name);
    ck_assert(e.default_value && e.field);
    /* Every default must parse as its own kind. */
    bool b;
    long l;
    size_t s;
    switch (e.kind) {
      case rocshmem::EnvKind::Bool: ck_assert(rocshmem::parse_bool(e.default_value, &b)); break;
      case rocshmem::EnvKind::Flag: ck_assert(rocshmem::parse_bool(e.default_value, &b)); break;
      case rocshmem::EnvKind::Int: ck_assert(rocshmem::parse_int(e.default_value, &l)); break;
      case rocshmem::EnvKind::Size: ck_assert(rocshmem::parse_size(e.default_value, &s)); break;
      case rocshmem::EnvKind::String: break;
    }
    if (std::strcmp(e.name, "SHMEM_SYMMETRIC_SIZE") == 0)
      heap_alias = e.alias && std::strcmp(e.alias, "ROCSHMEM_HEAP_SIZE") == 0;
  }
  ck_assert_msg(heap_alias, "SHMEM_SYMMETRIC_SIZE lacks its ROCSHMEM_HEAP_SIZE alias");
  for (const char *required : {"SHMEM_SYMMETRIC_SIZE", "SHMEM_DEBUG", "SHMEM_INFO", "SHMEM_VERSION"})
    ck_assert_msg(names.count(required), "%s is not in the table", required);
}
END_TEST

START_TEST(config_print_lists_every_variable_and_its_source) {
  setenv("ROCSHMEM_HEAP_SIZE", "64M", 1);
  FILE *f = std::tmpfile();
  ck_assert(f != nullptr);
  rocshmem::config_print(f, "  ");
  std::rewind(f);
  std::string text;
  char buf[512];
  while (std::fgets(buf, sizeof buf, f)) text += buf;
  std::fclose(f);
  size_t n = 0;
  const rocshmem::EnvEntry *table = rocshmem::env_table(&n);
  for (size_t i = 0; i < n; ++i)
    ck_assert_msg(text.find(table[i].name) != std::string::npos, "%s missing", table[i].name);
  ck_assert_msg(text.find("value=64M") != std::string::npos, "the alias' value is not shown");
  ck_assert_msg(text.find("set by ROCSHMEM_HEAP_SIZE") != std::string::npos,
                "the alias is not named as the source");
}
END_TEST

int main() {
  Suite *s = suite_create("config");
  TCase *parse = tcase_create("parse");
  tcase_add_test(parse, parse_size_plain_and_suffixed);
  tcase_add_test(parse, parse_size_openshmem_forms);
  tcase_add_test(parse, parse_size_rejects_junk);
  tcase_add_test(parse, parse_size_rejects_negative);
  tcase_add_test(parse, parse_size_rejects_overflow);
  tcase_add_test(parse, parse_bool_values);
  tcase_add_test(parse, parse_flag_values);
  tcase_add_test(parse, parse_int_values);
  suite_add_tcase(s, parse);

  TCase *load = tcase_create("config_load");
  tcase_add_checked_fixture(load, clear_our_environment, clear_our_environment);
  tcase_add_test(load, config_defaults);
  tcase_add_test(load, config_reads_variables);
  tcase_add_test(load, config_alias_heap_size);
  tcase_add_test(load, config_primary_name_wins_over_alias);
  tcase_add_test(load, config_alias_debug);
  tcase_add_test(load, config_bad_values_name_the_variable);
  tcase_add_test(load, config_error_is_one_line_and_the_rest_loads);
  tcase_add_test(load, config_openshmem_flags_take_any_value);
  tcase_add_test(load, config_legacy_sma_names);
  suite_add_tcase(s, load);

  TCase *table = tcase_create("table");
  tcase_add_checked_fixture(table, clear_our_environment, clear_our_environment);
  tcase_add_test(table, unknown_variables_are_reported);
  tcase_add_test(table, unknown_variables_match_whole_names);
  tcase_add_test(table, env_table_is_consistent);
  tcase_add_test(table, config_print_lists_every_variable_and_its_source);
  suite_add_tcase(s, table);

  return run_suite(s);
}
