# pkgconfig_checks PREFIX: the cases of rocshmem.pc against the
# installation at PREFIX, with PKG_CONFIG_PATH leading to its .pc files
# (sourced by pkgconfig.sh and relocate.sh, after common.sh).
pkgconfig_checks() {
  pc_root=$(readlink -f "$1")
  for var in prefix libdir includedir; do
    value=$(pkg-config --variable="$var" rocshmem)
    case "$(readlink -f "$value")/" in
      "$pc_root"/*) tap_result 0 "rocshmem.pc: $var is in $1 ($value)" ;;
      *) tap_result 1 "rocshmem.pc: $var is in $1 (it is $value)" ;;
    esac
  done

  hello=$srcdir/examples/hello.c
  # run_hello PROGRAM: runs on 2 PEs with the installation's oshrun, each
  # PE greeting once.
  run_hello() {
    out=$(limited "$1/bin/oshrun" -np 2 "$2" 2>&1) && echo "$out" &&
      [ "$(echo "$out" | grep -c 'Hello from PE [01] of 2')" -eq 2 ]
  }
  # shellcheck disable=SC2046  # pkg-config's flags are meant to split into words
  if cc "$hello" -o "$tmp/hello_pc" $(pkg-config --cflags --libs rocshmem) >"$tmp/cc.out" 2>&1; then
    lib=$(ldd "$tmp/hello_pc" | awk '/librocshmem/ { print $3 }')
    case "$(readlink -f "$lib")" in
      "$pc_root"/*) tap_result 0 "pkg-config --cflags --libs: the program loads $1's librocshmem" ;;
      *) tap_result 1 "pkg-config --cflags --libs: the program loads $1's librocshmem (not: ${lib:-none})" ;;
    esac
    check "pkg-config --cflags --libs: the program runs on 2 PEs" run_hello "$1" "$tmp/hello_pc"
  else
    tap_result 1 "pkg-config --cflags --libs builds a program"
    tap_diag <"$tmp/cc.out"
  fi

  static_flags=$(pkg-config --cflags --static --libs rocshmem)
  # shellcheck disable=SC2086
  if cc "$hello" -o "$tmp/hello_static" $static_flags >"$tmp/cc.out" 2>&1; then
    check "pkg-config --static --libs links librocshmem.a: ldd shows no librocshmem" \
      sh -c "ldd '$tmp/hello_static' && ! ldd '$tmp/hello_static' | grep librocshmem"
    check "pkg-config --static --libs: the program runs on 2 PEs" \
      run_hello "$1" "$tmp/hello_static"
  else
    tap_result 1 "pkg-config --static --libs builds a program ($static_flags)"
    tap_diag <"$tmp/cc.out"
  fi
}
