#!/bin/sh
# Installs (or removes) the other names of the documented commands and
# routines as one-line ".so" pages pointing at the page that documents them,
# so that e.g. `man shmem_get` shows shmem_put(3) and `man
# shmem_long_sum_to_all` shows shmem_broadcast(3).  Called by Makefile.am's
# install-data-hook / uninstall-hook:
#
#   sh man/so-links.sh install|uninstall|list MANDIR
#
# The typed names come from the type tables of include/rocshmem/types.def,
# the same tables the headers expand, so a type added there gets its manual
# page names too.
set -e

here=$(dirname "$0")
typesdef=$here/../include/rocshmem/types.def

# table NAME: the keys (KEY of X(KEY, TYPE), or BITS of X(BITS)) of a table
# of types.def, with the tables it names expanded.
table() {
  awk -v want="$1" '
    /^#define [A-Z0-9_]+\(X\)/ { cur = $2; sub(/\(.*/, "", cur); body[cur] = "" }
    cur != "" { body[cur] = body[cur] " " $0; if ($0 !~ /\\$/) cur = "" }
    function expand(name,   s, t) {
      s = body[name]
      sub(/^ *#define [A-Z0-9_]+\(X\)/, "", s)
      while (match(s, /[A-Z][A-Z0-9_]*\(X\)|X\([a-z0-9]+/)) {
        t = substr(s, RSTART, RLENGTH)
        s = substr(s, RSTART + RLENGTH)
        if (t ~ /^X\(/) print substr(t, 3)
        else { sub(/\(X\)$/, "", t); expand(t) }
      }
    }
    END { expand(want) }' "$typesdef"
}

# each PREFIXES KEYS OPS: PREFIX_KEY_OP for every combination.
each() {
  for p in $1; do for k in $2; do for o in $3; do echo "${p}_${k}_$o"; done; done; done
}
# with PAGE: prefixes every name on standard input with "PAGE:".
with() {
  while read -r name; do echo "$1: $name"; done
}

# page: the names it documents besides its own
links() {
  cat <<'LIST'
man1/oshcc.1: oshc++ oshCC oshcxx shmemcc shmemc++ shmemCC shmemcxx rocshmem-oshcc rocshmem-oshc++ rocshmem-oshCC
man1/oshcc.1: oshfort shmemfort rocshmem-oshfort
man1/oshrun.1: shmemrun rocshmem-oshrun rocshmem-shmemrun
man3/shmem_malloc.3: shmem_calloc shmem_align shmem_realloc shmem_free shmem_malloc_with_hints
man3/shmem_malloc.3: shmalloc shfree shrealloc shmemalign
man3/shmem_malloc.3: rocshmem_malloc rocshmem_calloc rocshmem_align rocshmem_realloc rocshmem_free
man3/shmem_malloc.3: rocshmem_malloc_with_hints
man3/shmem_init.3: shmem_init_thread shmem_query_thread shmem_finalize shmem_my_pe shmem_n_pes
man3/shmem_init.3: shmem_pe_accessible shmem_addr_accessible shmem_ptr shmem_global_exit
man3/shmem_init.3: shmem_info_get_version shmem_info_get_name
man3/shmem_init.3: globalexit
man3/start_pes.3: _my_pe my_pe _num_pes num_pes
man3/shpalloc.3: shpdeallc shpclmove
man3/shmem_init.3: shmem_query_initialized
man3/shmem_signal_add.3: shmem_signal_set shmem_ctx_signal_add shmem_ctx_signal_set
man3/shmem_pe_quiet.3: shmem_ctx_pe_quiet
man3/shmem_ctx_session_start.3: shmem_ctx_session_stop shmem_ctx_session_config_t
man3/shmem_init.3: rocshmem_init rocshmem_init_thread rocshmem_query_thread rocshmem_finalize
man3/shmem_init.3: rocshmem_my_pe rocshmem_n_pes rocshmem_pe_accessible rocshmem_addr_accessible
man3/shmem_init.3: rocshmem_ptr rocshmem_info_get_version rocshmem_info_get_name rocshmem_global_exit
man3/shmem_init.3: rocshmem_dump_stats rocshmem_reset_stats
man3/rocshmem_init_attr.3: rocshmem_get_uniqueid rocshmem_set_attr_uniqueid_args
man3/shmem_barrier_all.3: shmem_sync_all shmem_team_sync shmem_fence shmem_quiet
man3/shmem_barrier_all.3: shmem_ctx_fence shmem_ctx_quiet shmem_barrier shmem_sync
man3/shmem_barrier_all.3: rocshmem_barrier_all rocshmem_barrier rocshmem_sync_all rocshmem_team_sync
man3/shmem_barrier_all.3: rocshmem_fence rocshmem_quiet rocshmem_ctx_fence rocshmem_ctx_quiet
man3/shmem_put.3: shmem_get shmem_p shmem_g shmem_iput shmem_iget shmem_put_nbi shmem_get_nbi
man3/shmem_put_signal.3: shmem_put_signal_nbi shmem_signal_fetch shmem_signal_wait_until
man3/shmem_put_signal.3: rocshmem_signal_fetch rocshmem_signal_wait_until
man3/shmem_put_signal.3: rocshmem_signal_add rocshmem_signal_set shmemx_signal_add shmemx_signal_set
man3/shmem_atomic_fetch_add.3: shmem_swap shmem_fadd shmem_finc shmem_add shmem_inc shmem_cswap
man3/shmem_atomic_fetch_add.3: shmem_fetch shmem_set
man3/shmem_wait_until.3: shmem_wait
man3/shmem_set_lock.3: shmem_test_lock shmem_clear_lock
man3/shmem_set_lock.3: rocshmem_set_lock rocshmem_test_lock rocshmem_clear_lock
man3/shmem_ctx_create.3: shmem_team_create_ctx shmem_ctx_destroy shmem_ctx_get_team
man3/shmem_ctx_create.3: rocshmem_ctx_create rocshmem_team_create_ctx rocshmem_ctx_destroy
man3/shmem_ctx_create.3: rocshmem_ctx_get_team
man3/shmem_team_split_strided.3: shmem_team_split_2d shmem_team_get_config shmem_team_destroy
man3/shmem_team_split_strided.3: shmem_team_my_pe shmem_team_n_pes shmem_team_translate_pe
man3/shmem_team_split_strided.3: rocshmem_team_split_strided rocshmem_team_split_2d
man3/shmem_team_split_strided.3: rocshmem_team_get_config rocshmem_team_destroy
man3/shmem_team_split_strided.3: rocshmem_team_my_pe rocshmem_team_n_pes rocshmem_team_translate_pe
man3/shmem_broadcast.3: shmem_collect shmem_fcollect shmem_alltoall shmem_alltoalls
man3/shmem_broadcast.3: shmem_and_reduce shmem_or_reduce shmem_xor_reduce shmem_max_reduce
man3/shmem_broadcast.3: shmem_min_reduce shmem_sum_reduce shmem_prod_reduce
man3/shmem_barrier_all.3: shmem_clear_cache_inv shmem_set_cache_inv shmem_clear_cache_line_inv
man3/shmem_barrier_all.3: shmem_set_cache_line_inv shmem_udcflush shmem_udcflush_line
man3/rocshmem_device.3: rocshmem_barrier_all_wave rocshmem_barrier_all_wg
man3/rocshmem_device.3: rocshmem_sync_all_wave rocshmem_sync_all_wg rocshmem_pe_quiet
man3/rocshmem_device.3: rocshmem_ctx_pe_quiet rocshmem_putmem_on_stream rocshmem_getmem_on_stream
man3/rocshmem_device.3: rocshmem_putmem_signal_on_stream rocshmem_signal_wait_until_on_stream
man3/rocshmem_device.3: rocshmem_quiet_on_stream rocshmem_barrier_all_on_stream
man3/rocshmem_device.3: rocshmem_barrier_on_stream rocshmem_sync_all_on_stream
man3/rocshmem_device.3: rocshmem_team_sync_on_stream rocshmem_hipmodule_init rocshmem_cumodule_init
man3/rocshmem_device.3: rocshmem_team_sync_wave rocshmem_team_sync_wg rocshmem_barrier_wave
man3/rocshmem_device.3: rocshmem_barrier_wg rocshmem_alltoallmem_on_stream
man3/rocshmem_device.3: rocshmem_broadcastmem_on_stream
man3/rocshmem_device.3: rocshmem_wg_ctx_create rocshmem_wg_ctx_destroy
man3/rocshmem_device.3: rocshmem_wg_team_create_ctx rocshmem_get_device_ctx
LIST

  # The device collectives (rocshmem_device.h): _wave and _wg forms of every
  # type, the thread forms of half and bfloat16 (the other thread forms are
  # the host names of shmem_broadcast(3)), and the reductions on a stream.
  { dev_rma=$(table ROCSHMEM_RMA_DEVICE_TYPES)
    dev_extra=$(table ROCSHMEM_RMA_DEVICE_EXTRA_TYPES)
    bitw=$(table ROCSHMEM_REDUCE_BITWISE_TYPES)
    arith=$(table ROCSHMEM_REDUCE_ARITH_TYPES)
    red_bit="and_reduce or_reduce xor_reduce and_reduce_scatter or_reduce_scatter xor_reduce_scatter"
    red_ar="max_reduce min_reduce sum_reduce prod_reduce max_reduce_scatter min_reduce_scatter
            sum_reduce_scatter prod_reduce_scatter"
    forms() { for o in $1; do echo "${o}_wave ${o}_wg"; done; }
    each rocshmem "$dev_rma" "$(forms "broadcast fcollect alltoall")"
    each rocshmem "$dev_extra" "broadcast fcollect alltoall $red_ar"
    each rocshmem "$bitw" "$(forms "$red_bit")"
    each rocshmem "$arith $dev_extra" "$(forms "$red_ar")"
    for o in broadcastmem fcollectmem alltoallmem; do echo "rocshmem_${o}_wave"; echo "rocshmem_${o}_wg"; done
    each rocshmem "$bitw" "and_reduce_on_stream or_reduce_on_stream xor_reduce_on_stream"
    each rocshmem "$arith $dev_extra" \
      "max_reduce_on_stream min_reduce_on_stream sum_reduce_on_stream prod_reduce_on_stream"; } |
    with man3/rocshmem_device.3

  # The device-only group forms (rocshmem_device.h): _wave and _wg of the RMA
  # and put-with-signal families.
  { group_ops=""
    for o in put get put_nbi get_nbi put_signal put_signal_nbi; do
      group_ops="$group_ops ${o}_wave ${o}_wg"
    done
    each "rocshmem rocshmem_ctx" "$(table ROCSHMEM_RMA_TYPES)" "$group_ops"
    for p in rocshmem rocshmem_ctx; do
      for o in putmem getmem putmem_nbi getmem_nbi putmem_signal putmem_signal_nbi; do
        echo "${p}_${o}_wave"; echo "${p}_${o}_wg"
      done
    done; } | with man3/rocshmem_device.3

  # The shmemx_ extensions (shmemx.h; shmemx_signal_add/set are with
  # shmem_put_signal(3)).
  { each "shmemx shmemx_ctx" "$(table SHMEM_RMA_TYPES)" "ibput ibget"
    for p in shmemx shmemx_ctx; do for b in $(table SHMEM_RMA_SIZES); do
      echo "${p}_ibput$b"; echo "${p}_ibget$b"
    done; done
    each shmemx "$(table ROCSHMEM_REDUCE_ARITH_TYPES) $(table SHMEM_REDUCE_EXTRA_ARITH_TYPES)" \
      "sum_inscan sum_exscan"
    for n in ibput ibget pe_quiet ctx_pe_quiet team_ptr query_initialized wtime malloc_with_hint \
      alltoall_global_nb pcntr_get_issued_write pcntr_get_issued_read \
      pcntr_get_completed_write pcntr_get_completed_read pcntr_get_completed_target \
      pcntr_get_all; do echo "shmemx_$n"; done
    each shmemx "int16 int32 int64" "p g and_to_all or_to_all xor_to_all max_to_all min_to_all
      sum_to_all prod_to_all"
    each shmemx "int32 int64" "swap set cswap fadd fetch finc add inc wait wait_until"
    each shmemx "int32 int64 uint32 uint64" "atomic_fetch_and atomic_fetch_or atomic_fetch_xor
      atomic_and atomic_or atomic_xor"; } | with man3/shmemx.3

  # OpenSHMEM 1.6: blocked strided RMA and the scans (the sum reduction's types).
  { each "shmem shmem_ctx" "$(table SHMEM_RMA_TYPES)" "ibput ibget"
    for p in shmem shmem_ctx; do for b in $(table SHMEM_RMA_SIZES); do
      echo "${p}_ibput$b"; echo "${p}_ibget$b"
    done; done
    echo shmem_ibget; } | with man3/shmem_ibput.3
  { each shmem "$(table ROCSHMEM_REDUCE_ARITH_TYPES) $(table SHMEM_REDUCE_EXTRA_ARITH_TYPES)
      $(table SHMEM_REDUCE_COMPLEX_TYPES)" "sum_inscan sum_exscan"
    echo shmem_sum_exscan; } | with man3/shmem_sum_inscan.3

  # Typed families, by the tables of types.def (rocshmem_ has no long double).
  rma=$(table SHMEM_RMA_TYPES)
  rma_roc=$(table ROCSHMEM_RMA_TYPES)
  sizes=$(table SHMEM_RMA_SIZES)

  ops="put get p g iput iget put_nbi get_nbi"
  { each "shmem shmem_ctx" "$rma" "$ops"
    each "rocshmem rocshmem_ctx" "$rma_roc" "$ops"
    for p in shmem shmem_ctx; do for b in $sizes; do
      for o in put get iput iget; do echo "${p}_$o$b"; done
      echo "${p}_put${b}_nbi"; echo "${p}_get${b}_nbi"
    done; done
    for p in shmem shmem_ctx rocshmem rocshmem_ctx; do
      for o in putmem getmem putmem_nbi getmem_nbi; do echo "${p}_$o"; done
    done; } | with man3/shmem_put.3

  { each "shmem shmem_ctx" "$rma" "put_signal put_signal_nbi"
    each "rocshmem rocshmem_ctx" "$rma_roc" "put_signal put_signal_nbi"
    for p in shmem shmem_ctx; do for b in $sizes; do
      echo "${p}_put${b}_signal"; echo "${p}_put${b}_signal_nbi"
    done; done
    each "shmem shmem_ctx rocshmem rocshmem_ctx" putmem "signal signal_nbi"; } |
    with man3/shmem_put_signal.3

  std="compare_swap fetch_inc inc fetch_add add compare_swap_nbi fetch_inc_nbi fetch_add_nbi"
  ext="fetch set swap fetch_nbi swap_nbi"
  bit="fetch_and and fetch_and_nbi fetch_or or fetch_or_nbi fetch_xor xor fetch_xor_nbi"
  atomic() { for o in $1; do echo "atomic_$o"; done; }
  amo="shmem shmem_ctx rocshmem rocshmem_ctx"
  { each "$amo" "$(table ROCSHMEM_AMO_STANDARD_TYPES)" "$(atomic "$std")"
    each "$amo" "$(table ROCSHMEM_AMO_EXTENDED_TYPES)" "$(atomic "$ext")"
    each "$amo" "$(table ROCSHMEM_AMO_BITWISE_TYPES)" "$(atomic "$bit")"
    for o in $(atomic "$std $ext $bit"); do [ "$o" = atomic_fetch_add ] || echo "shmem_$o"; done
    each shmem "$(table SHMEM_DEPRECATED_AMO_TYPES)" "fadd finc add inc cswap"
    each shmem "$(table SHMEM_DEPRECATED_AMO_TYPES) $(table SHMEM_DEPRECATED_AMO_FLOAT_TYPES)" \
      "swap fetch set"; } | with man3/shmem_atomic_fetch_add.3

  p2p="wait_until wait_until_all wait_until_any wait_until_some wait_until_all_vector
       wait_until_any_vector wait_until_some_vector test test_all test_any test_some
       test_all_vector test_any_vector test_some_vector"
  { each "shmem rocshmem" "$(table ROCSHMEM_P2P_TYPES)" "$p2p"
    for o in $p2p; do [ "$o" = wait_until ] || echo "shmem_$o"; done
    each shmem "$(table SHMEM_DEPRECATED_WAIT_TYPES)" wait; } | with man3/shmem_wait_until.3

  coll="broadcast collect fcollect alltoall alltoalls"
  bitw=$(table ROCSHMEM_REDUCE_BITWISE_TYPES)
  arith=$(table ROCSHMEM_REDUCE_ARITH_TYPES)
  { each shmem "$rma" "$coll"
    each rocshmem "$rma_roc" "$coll"
    for p in shmem rocshmem; do for o in $coll; do echo "${p}_${o}mem"; done; done
    for p in shmem rocshmem; do
      each "$p" "$bitw" "and_reduce or_reduce xor_reduce"
      each "$p" "$arith" "max_reduce min_reduce sum_reduce prod_reduce"
    done
    each shmem "$(table SHMEM_REDUCE_EXTRA_ARITH_TYPES)" "max_reduce min_reduce sum_reduce prod_reduce"
    each shmem "$(table SHMEM_REDUCE_COMPLEX_TYPES)" "sum_reduce prod_reduce"
    each rocshmem "$bitw" "and_reduce_scatter or_reduce_scatter xor_reduce_scatter"
    each rocshmem "$arith" "max_reduce_scatter min_reduce_scatter sum_reduce_scatter prod_reduce_scatter"
    for b in 32 64; do for o in $coll; do echo "shmem_$o$b"; done; done
    each shmem "$(table SHMEM_TO_ALL_BITWISE_TYPES)" "and_to_all or_to_all xor_to_all"
    each shmem "$(table SHMEM_TO_ALL_ARITH_TYPES)" "max_to_all min_to_all sum_to_all prod_to_all"
    each shmem "$(table SHMEM_REDUCE_COMPLEX_TYPES)" "sum_to_all prod_to_all"; } |
    with man3/shmem_broadcast.3
}

action=${1:-}
mandir=${2:-}
case "$action" in
  install | uninstall | list) ;;
  *) echo "usage: $0 install|uninstall|list MANDIR" >&2; exit 2 ;;
esac
if [ "$action" != list ] && [ -z "$mandir" ]; then
  echo "$0: MANDIR missing" >&2
  exit 2
fi
if [ ! -r "$typesdef" ]; then
  echo "$0: $typesdef not found" >&2
  exit 1
fi
[ "$action" = install ] && mkdir -p "$mandir/man1" "$mandir/man3"

links | while read -r page names; do
  page=${page%:}
  section=${page%%/*}
  ext=${page##*.}
  for name in $names; do
    # A name must never replace a page of its own.
    if [ -e "$here/$section/$name.$ext" ]; then
      echo "$0: $name would replace $section/$name.$ext" >&2
      exit 1
    fi
    case "$action" in
      install) echo ".so $page" > "$mandir/$section/$name.$ext" ;;
      uninstall) rm -f "$mandir/$section/$name.$ext" ;;
      list) echo "$section/$name.$ext -> $page" ;;
    esac
  done
done
