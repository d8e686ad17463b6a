# tools/pool.sh - sourced by scripts that run jobs a few at a time (one a
# core): a job starts when the oldest running one has ended, and each job's
# exit status is kept in the order the jobs were started.
#
#   source tools/pool.sh
#   pool_init "$(nproc)"
#   pool_start CMD [ARG...] > LOG 2>&1   # (a function's redirection is its job's)
#   pool_wait                            # pool_status[i]: the i-th job's exit status
#
# Oldest first, not `wait -n`: bash's wait -n returns 127 when the jobs it
# could wait for have already ended, and says nothing of which one ended.

pool_init() {   # pool_init MAX: at most MAX jobs at once
    pool_max="$1"
    pool_pids=()
    pool_status=()
    pool_next=0   # the oldest job not yet waited for
}

pool_reap() {   # waits for the oldest running job and keeps its status
    local s=0
    wait "${pool_pids[$pool_next]}" || s=$?
    pool_status[$pool_next]=$s
    pool_next=$((pool_next + 1))
}

pool_start() {   # pool_start CMD [ARG...]: in the background once fewer than MAX run
    if [[ $((${#pool_pids[@]} - pool_next)) -ge $pool_max ]]; then
        pool_reap
    fi
    "$@" &
    pool_pids+=("$!")
}

pool_wait() {   # waits for every job started
    while [[ $pool_next -lt ${#pool_pids[@]} ]]; do
        pool_reap
    done
}
