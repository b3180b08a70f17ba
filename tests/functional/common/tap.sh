# TAP helpers for the shell tests (sourced, POSIX sh).
#
# Each script prints one TAP line per case and the plan at the end; the TAP
# driver of `make check` counts every line.  Known library bugs are reported
# with a TODO directive (XFAIL) naming the bug, so they stay visible without
# failing the suite, and turn into an XPASS (a failure) once fixed, which is
# the reminder to drop the directive.

tap_count=0
tap_failed=0

# tap_result STATUS DESCRIPTION [DIRECTIVE]: STATUS 0 is a pass.
tap_result() {
  tap_count=$((tap_count + 1))
  if [ "$1" -eq 0 ]; then
    printf 'ok %d - %s' "$tap_count" "$2"
  else
    printf 'not ok %d - %s' "$tap_count" "$2"
    case "$3" in TODO*) ;; *) tap_failed=$((tap_failed + 1)) ;; esac
  fi
  if [ -n "$3" ]; then printf ' # %s' "$3"; fi
  printf '\n'
}

# tap_need_built FILE...: a hard error (Bail out!, exit 99) unless every
# FILE is an executable of the build tree, named in the message.
tap_need_built() {
  for f in "$@"; do
    [ -x "$f" ] || { echo "Bail out! $f not built"; exit 99; }
  done
}

# tap_skip_without_ucx BUILDDIR: the whole script is skipped (TAP plan 1..0)
# when rocshmem was built without UCX: other nodes are then unreachable.
tap_skip_without_ucx() {
  if "$1/tools/rocshmem_info" --build | grep -Eq '^UCX: +no'; then
    echo "1..0 # SKIP rocshmem was built without UCX (rocshmem_info --build: UCX: no)"
    exit 0
  fi
}

tap_skip() { # DESCRIPTION REASON
  tap_count=$((tap_count + 1))
  printf 'ok %d - %s # SKIP %s\n' "$tap_count" "$1" "$2"
}

# Copies stdin into the log as TAP comments.
tap_diag() { sed "s/^/# /"; }

# tap_verdict DESCRIPTION PROBLEMS STDERR_FILE [DIRECTIVE]: a pass when
# PROBLEMS is empty, else a failure followed by the problems and the head
# of the case's stderr.
tap_verdict() {
  if [ -z "$2" ]; then
    tap_result 0 "$1" "$4"
  else
    tap_result 1 "$1" "$4"
    echo "# $2"
    echo "# --- stderr:"
    head -n 20 "$3" | tap_diag
  fi
}

# tap_run_program DESCRIPTION COMMAND...: runs a program that prints TAP
# itself and re-emits its cases under this script's numbering (its plan line
# is dropped); a non-zero exit status is one more failed case.
tap_run_program() {
  tap_desc=$1
  shift
  tap_out=$(mktemp "${TMPDIR:-/tmp}/tap.XXXXXX")
  "$@" >"$tap_out" 2>&1
  tap_rc=$?
  tap_seen=0
  tap_planned=none
  while IFS= read -r line; do
    case "$line" in
      "ok "*|"not ok "*)
        status=0
        case "$line" in "not ok "*) status=1 ;; esac
        rest=${line#ok }
        rest=${rest#not ok }
        rest=${rest#* }          # drop the program's own number
        rest=${rest#- }
        directive=""
        case "$rest" in *" # "*) directive=${rest#* \# }; rest=${rest%% \# *} ;; esac
        tap_seen=$((tap_seen + 1))
        tap_result "$status" "$tap_desc: $rest" "$directive" ;;
      1..*) tap_planned=${line#1..}; tap_planned=${tap_planned%% *} ;;
      *) printf '# %s\n' "$line" ;;
    esac
  done <"$tap_out"
  rm -f "$tap_out"
  [ "$tap_planned" = "$tap_seen" ]
  tap_result $? "$tap_desc: ran all its cases ($tap_seen of plan $tap_planned)"
  tap_result "$tap_rc" "$tap_desc: exits with status 0 (got $tap_rc)"
}

# Prints the plan; the exit status says whether any non-TODO case failed.
tap_finish() {
  echo "1..$tap_count"
  [ "$tap_failed" -eq 0 ]
}
