# tests/faults_lib.sh - the helpers the tests/faults*.sh scripts share,
# sourced by each after it sets faults_name (the prefix of a failure's
# message) and case_ (the case run).

fail() { echo "$faults_name $case_: $*" >&2; exit 1; }

# expect RC FILE LINE: the command exited RC and FILE holds LINE exactly.
expect() {
    [[ $rc == "$1" ]] || fail "exit $rc, expected $1; stderr: $(head -c 2000 err)"
    grep -qxF -- "$3" "$2" || fail "expected the line '$3' in $2: $(head -c 2000 "$2")"
}

# size_below FILE BYTES
size_below() {
    local n; n=$(stat -c %s "$1")
    (( n < $2 )) || fail "$1 is $n bytes, expected fewer than $2"
}

# sql DB QUERY: the first column of each row of QUERY on DB, one a line.
sql() { python3 -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); r = c.execute(sys.argv[2]).fetchall(); c.commit(); c.close(); print("\n".join(str(x[0]) for x in r))' "$@"; }

# faults_scratch: a scratch folder for the case, removed on exit, made the
# current folder.
faults_scratch() {
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' EXIT
    cd "$tmp"
}

# run CMD...: CMD with $run_seconds (default 120) at most, standard input
# from the file `in` when the case made one, else /dev/null; rc gets the
# exit status, out and err the output.  A script that needs another bound
# (memory, a sanitizer's time) defines its own run after sourcing this.
run() {
    rc=0
    local input=/dev/null
    [[ -f in ]] && input=in
    timeout "${run_seconds:-120}" "$@" < "$input" > out 2> err || rc=$?
}

# new_game_tree: in ./tree, what tools/new-game.sh reads before it writes
# (itself and the games' registrations), and the list of that tree's files
# in tree.before, to see afterwards what a run left.
new_game_tree() {
    mkdir -p tree/tools
    cp "$src/tools/new-game.sh" tree/tools/
    for f in "$src"/spec/*/game.cmake; do
        mkdir -p "tree/spec/$(basename "$(dirname "$f")")"
        cp "$f" "tree/spec/$(basename "$(dirname "$f")")/"
    done
    find tree | sort > tree.before
}
