#!/bin/sh
# Installs (or removes) the other names of the documented commands and
# routines as one-line ".so" pages pointing at the page that documents them,
# so that e.g. `man shmem_get` shows shmem_put(3).  Called by Makefile.am's
# install-data-hook / uninstall-hook:
#
#   sh man/so-links.sh install|uninstall|list MANDIR
set -e

# page: the names it documents besides its own
links() {
  cat <<'LIST'
man1/oshcc.1: oshc++ oshCC oshcxx rocshmem-oshcc rocshmem-oshc++ rocshmem-oshCC
man1/oshrun.1: shmemrun rocshmem-oshrun rocshmem-shmemrun
man3/shmem_put.3: shmem_get shmem_p shmem_g shmem_iput shmem_iget shmem_put_nbi shmem_get_nbi
man3/shmem_put.3: shmem_putmem shmem_getmem shmem_putmem_nbi shmem_getmem_nbi
man3/shmem_put.3: rocshmem_putmem rocshmem_getmem rocshmem_putmem_nbi rocshmem_getmem_nbi
man3/shmem_malloc.3: shmem_calloc shmem_align shmem_realloc shmem_free shmem_malloc_with_hints
man3/shmem_malloc.3: shmalloc shfree shrealloc shmemalign
man3/shmem_malloc.3: rocshmem_malloc rocshmem_calloc rocshmem_align rocshmem_realloc rocshmem_free
man3/shmem_init.3: shmem_init_thread shmem_query_thread shmem_finalize shmem_my_pe shmem_n_pes
man3/shmem_init.3: shmem_pe_accessible shmem_addr_accessible shmem_ptr shmem_global_exit
man3/shmem_init.3: shmem_info_get_version shmem_info_get_name start_pes
man3/shmem_init.3: rocshmem_init rocshmem_init_thread rocshmem_finalize rocshmem_my_pe rocshmem_n_pes
man3/shmem_barrier_all.3: shmem_sync_all shmem_fence shmem_quiet shmem_ctx_fence shmem_ctx_quiet
man3/shmem_barrier_all.3: rocshmem_barrier_all rocshmem_sync_all rocshmem_fence rocshmem_quiet
LIST
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

links | while read -r page names; do
  page=${page%:}
  section=${page%%/*}
  ext=${page##*.}
  [ "$action" = install ] && mkdir -p "$mandir/$section"
  for name in $names; do
    case "$action" in
      install) echo ".so $page" > "$mandir/$section/$name.$ext" ;;
      uninstall) rm -f "$mandir/$section/$name.$ext" ;;
      list) echo "$section/$name.$ext -> $page" ;;
    esac
  done
done
