#!/usr/bin/env bash
# tests/faults_dbpkg.sh CASE UNDEAD SOURCE_DIR BUILD_DIR CPACK - regression
# tests for faults of the results database, tools/new-game.sh and the Debian
# package that a second attack pass found, as tests/faults.sh does for
# others: each CASE is one fault, run as a user would, with the exact
# message asserted.
#   live-verify  a running verify's own run (and its analyses', golden and sim
#            runs) is never marked interrupted while it runs: its analyses'
#            second connection took the row of this process's pid for a pid
#            used again; complete once it ends.
#   killed-verify  a verify killed with SIGKILL is marked interrupted by the
#            next command that records, its end its last write: no later
#            than the kill, not the time of the sweep.
#   readonly-writer  a command that records, given a read-only file or a file
#            in a read-only folder, says it cannot write it (not "cannot
#            read it"), exit 2, and changes nothing.
#   read-empty  the readers (db runs/show/query, faq) refuse a 0-byte file, a
#            file that is not SQLite, a SQLite file without undead's tables
#            and an older schema, exit 2, each left byte for byte (db runs
#            made a 0-byte file an empty database); db migrate brings the
#            older one forward.
#   reader-files  a read command beside a database a writer left in WAL
#            mode made its -wal and -shm files (a reader cannot remove
#            them): the last writer to close leaves rollback mode, and
#            readers leave the folder and the file as they were.
#   db-env   UNDEAD_DB names the database (--db first, then UNDEAD_DB, then
#            ./undead.db), for writers and readers; an empty one is refused
#            like --db ''; play, check and sim --help (and so the man page)
#            say they write undead.db into the folder they run in.
#   prefix   tools/new-game.sh refuses the prefixes of undead's namespaces
#            (ud, cf, db, ...) and of the games, given or by default
#            ("coin-flip" and "cfsomething" are cf), exit 2, naming what the prefix belongs to, before
#            writing anything; every prefix two global functions of the
#            code share is in its table.
#   deb      the Debian package's Depends names the package of every shared
#            library ldd lists for the installed command (libjansson4 was
#            missing), computed by dpkg-shlibdeps, and matches
#            docs/install.md; Recommends chromium and poppler-utils; it
#            carries a copyright file, a gzipped changelog and man page;
#            libsqlite3-0 at least 3.33.0 (dpkg-shlibdeps said 3.20.0, from
#            the functions called, but the queries name sqlite_schema).
#   sqlite-old  a SQLite library older than 3.33.0 loaded at run time
#            (the queries name sqlite_schema, new in 3.33.0) is refused by
#            name and version before any file is touched, writers and
#            readers, exit 2: a shim preloaded says 3.32.3.
set -euo pipefail
case_="$1" undead="$2" src="$3" build="${4:-}" cpack="${5:-cpack}"
faults_name=faults_dbpkg   # fail, expect, size_below, sql:
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
tmp="$(mktemp -d)"
trap 'kill -9 "${pid:-}" 2> /dev/null || true; chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT
cd "$tmp"
# now: the time as the database writes it (UTC, milliseconds)
now() { date -u +%Y-%m-%dT%H:%M:%S.%3NZ; }
# A verify of Dice of the Living Dead (one analysis, a tenth of a second,
# run first on a connection of its own), long enough to be watched.
verify_bg() {
    "$undead" verify --golden "$src/golden" --fuzz "$src/fuzz" --games 1 --reading-games "$1" --seed 2 \
        --jobs 1 --db v.db dotld > verify.out 2> verify.err &
    pid=$!
}

case "$case_" in
live-verify)
    verify_bg 1000
    seen=""
    while kill -0 "$pid" 2> /dev/null; do
        # every run this verify made so far, as stored (not as a reader
        # would show it): never interrupted while the process lives
        if [[ -s v.db ]]; then
            statuses="$(sql v.db "SELECT group_concat(command || ':' || status, ' ') FROM runs" 2> /dev/null || true)"
            kill -0 "$pid" 2> /dev/null || break
            [[ "$statuses" != *interrupted* ]] || fail "a live verify's runs are marked interrupted: $statuses"
            [[ "$statuses" == *verify:running* ]] && seen=yes
        fi
        sleep 0.05
    done
    wait "$pid" || fail "verify failed: $(tail -5 verify.err)"
    pid=""
    [[ -n "$seen" ]] || fail "the verify run was never seen running (too quick to watch?)"
    [[ $(sql v.db "SELECT status FROM runs WHERE command = 'verify'") == complete ]] ||
        fail "the verify run did not end complete: $(sql v.db "SELECT status FROM runs WHERE command = 'verify'")"
    [[ $(sql v.db "SELECT count(*) FROM runs WHERE status <> 'complete'") == 0 ]] ||
        fail "runs not complete: $(sql v.db "SELECT id || ' ' || command || ' ' || status FROM runs WHERE status <> 'complete'")"
    # every run names this process by more than its pid
    [[ $(sql v.db "SELECT count(DISTINCT pid || proc_start) FROM runs WHERE proc_start LIKE '%/%'") == 1 ]] ||
        fail "the runs do not name one process: $(sql v.db "SELECT pid || ' ' || proc_start FROM runs")"
    ;;
killed-verify)
    verify_bg 20000
    # killed once the verify row is there and a reading's sim run has
    # committed (it has written since it started)
    for _ in $(seq 600); do
        kill -0 "$pid" 2> /dev/null || fail "verify ended before it could be killed: $(tail -5 verify.err)"
        n=$(sql v.db "SELECT count(*) FROM runs WHERE command = 'sim' AND status = 'complete'" 2> /dev/null || echo 0)
        [[ $n -ge 1 ]] && break
        sleep 0.1
    done
    [[ $n -ge 1 ]] || fail "no reading was simulated within 60 s"
    killed="$(now)"
    kill -9 "$pid"
    wait "$pid" 2> /dev/null || true
    pid=""
    verify=$(sql v.db "SELECT id FROM runs WHERE command = 'verify'")
    [[ $(sql v.db "SELECT status FROM runs WHERE id = $verify") == running ]] || fail "the killed verify is not 'running' before a sweep"
    # a reader shows it interrupted and writes nothing
    run "$undead" db runs --db v.db --format csv
    grep -q "^$verify,[^,]*,interrupted,verify," out || fail "db runs does not show the killed verify interrupted: $(cat out)"
    [[ $(sql v.db "SELECT status FROM runs WHERE id = $verify") == running ]] || fail "a reader wrote the sweep"
    sleep 0.05
    # the next command that records marks it, ended at its last write
    "$undead" sim one-die --games 1 --db v.db > /dev/null || fail "undead sim"
    row="$(sql v.db "SELECT status || ' ' || (ended = last_write) || ' ' || (ended >= started) || ' ' || (ended <= '$killed') FROM runs WHERE id = $verify")"
    [[ "$row" == "interrupted 1 1 1" ]] ||
        fail "the killed verify: '$row' (status, ended = last write, ended >= started, ended <= $killed): $(sql v.db "SELECT started || ' ' || ended || ' ' || last_write FROM runs WHERE id = $verify")"
    [[ $(sql v.db "SELECT count(*) FROM runs WHERE status = 'running'") == 0 ]] || fail "runs left running after the sweep"
    ;;
readonly-writer)
    # root writes through file modes: as root the writer runs as nobody
    as=()
    if [[ $(id -u) == 0 ]]; then
        command -v setpriv > /dev/null || { echo "faults_dbpkg readonly-writer: root without setpriv: not tested"; exit 0; }
        as=(setpriv --reuid=65534 --regid=65534 --clear-groups)
    fi
    chmod 0755 "$tmp"
    "$undead" sim one-die --games 1 --db s.db > /dev/null || fail "undead sim"
    mkdir w r
    cp s.db w/ro.db
    cp s.db r/s.db
    chmod 0444 w/ro.db
    chmod 0777 w
    chmod 0666 r/s.db
    chmod 0555 r
    cp s.db orig.db
    hint="undead sim: (use --no-db to run without recording, or --db PATH for another file)"
    run ${as[@]+"${as[@]}"} "$undead" sim one-die --games 1 --db w/ro.db
    expect 2 err "undead sim: results database: w/ro.db: cannot write it: the file is read-only (nothing was changed)"
    grep -qxF "$hint" err || fail "no hint: $(cat err)"
    cmp -s w/ro.db orig.db || fail "w/ro.db was changed"
    run ${as[@]+"${as[@]}"} "$undead" sim one-die --games 1 --db r/s.db
    expect 2 err "undead sim: results database: r/s.db: cannot write it: its folder r is read-only, and SQLite keeps the database's journal there (nothing was changed)"
    cmp -s r/s.db orig.db || fail "r/s.db was changed"
    run ${as[@]+"${as[@]}"} "$undead" play one-die --db r/new.db
    expect 2 err "undead play: results database: r/new.db: cannot write it: its folder r is read-only, and SQLite keeps the database's journal there (nothing was changed)"
    [[ ! -e r/new.db ]] || fail "r/new.db was made"
    # reading them still works
    run ${as[@]+"${as[@]}"} "$undead" db runs --db w/ro.db --format csv
    expect 0 out "$(head -1 < <("$undead" db runs --db orig.db --format csv))"
    ;;
reader-files)
    mkdir w
    "$undead" sim one-die --games 3 --db w/r.db > /dev/null || fail "undead sim"
    cp w/r.db r.before
    ls -A w > files.before
    for cmd in "db runs" "db show 1" "db query rarest-rules" "db integrity"; do
        # shellcheck disable=SC2086
        run "$undead" $cmd --db w/r.db
        [[ $rc == 0 ]] || fail "$cmd: exit $rc: $(cat err)"
        cmp -s w/r.db r.before || fail "$cmd changed r.db"
        ls -A w > files.after
        cmp -s files.before files.after || fail "$cmd left files beside r.db: $(tr '\n' ' ' < files.after)"
    done
    # the next writer takes the file on (back to WAL while it writes)
    "$undead" sim one-die --games 3 --db w/r.db > /dev/null || fail "undead sim (second)"
    [[ "$(sql w/r.db "SELECT count(*) FROM runs")" == 2 ]] || fail "the second writer's run is not recorded"
    ;;
read-empty)
    # db runs/show/query and faq, each on FILE: exit 2, MESSAGE, FILE unchanged
    refused() { # refused FILE MESSAGE
        cp "$1" before
        for cmd in "db runs" "db show 1" "db query rarest-rules"; do
            # shellcheck disable=SC2086
            run "$undead" $cmd --db "$1"
            expect 2 err "undead db: $1: $2"
            cmp -s "$1" before || fail "'$cmd' changed $1"
        done
        run "$undead" faq --db "$1" --golden "$src/golden" --format md
        expect 2 err "undead faq: results database: $1: $2"
        cmp -s "$1" before || fail "faq changed $1"
        # (a WAL database's readers share its -shm: only a file that is not one gets none)
        [[ $1 == old.db || ( ! -e "$1-wal" && ! -e "$1-shm" && ! -e "$1-journal" ) ]] ||
            fail "side files were made beside $1"
    }
    : > empty.db
    refused empty.db "an empty file, not a results database: nothing to read (nothing was changed)"
    [[ $(stat -c %s empty.db) == 0 ]] || fail "empty.db is no longer empty"
    printf 'my notes\n' > notes.db
    refused notes.db "not a SQLite database; refusing to use it (nothing was changed)"
    python3 -c 'import sqlite3; c = sqlite3.connect("bare.db"); c.execute("CREATE TABLE t(x)"); c.execute("DROP TABLE t"); c.commit()'
    [[ $(stat -c %s bare.db) -gt 0 ]] || fail "bare.db is empty"
    refused bare.db "a SQLite database without undead's tables, not a results database: nothing to read (nothing was changed)"
    # a database as version 5 wrote it: runs without the process columns,
    # cases without their seed (version 7)
    "$undead" sim one-die --games 1 --db old.db > /dev/null || fail "undead sim"
    sql old.db "ALTER TABLE runs DROP COLUMN proc_start" > /dev/null
    sql old.db "ALTER TABLE runs DROP COLUMN last_write" > /dev/null
    sql old.db "ALTER TABLE cases DROP COLUMN seed" > /dev/null
    sql old.db "PRAGMA user_version = 5" > /dev/null
    refused old.db "schema version 5 is older than this undead's (8); 'undead db migrate --db old.db' brings it forward (nothing was changed)"
    run "$undead" db migrate --db old.db
    expect 0 out "old.db: schema version 8"
    run "$undead" db runs --db old.db --format csv
    grep -q '^1,[^,]*,complete,sim,one-die,' out || fail "db runs after db migrate: exit $rc: $(cat out err)"
    # migrate writes, but never makes a database that is not there
    run "$undead" db migrate --db none.db
    expect 2 err "undead db migrate: none.db: no such database (run a command that records, e.g. 'undead sim', first)"
    [[ ! -e none.db ]] || fail "db migrate made none.db"
    ;;
db-env)
    mkdir a
    cd a
    UNDEAD_DB=env.db "$undead" sim one-die --games 1 > /dev/null || fail "sim with UNDEAD_DB"
    [[ -s env.db && ! -e undead.db ]] || fail "UNDEAD_DB=env.db: $(ls)"
    UNDEAD_DB=env.db "$undead" play one-die --db flag.db > /dev/null || fail "play with --db and UNDEAD_DB"
    [[ $(sql flag.db "SELECT count(*) FROM runs") == 1 && $(sql env.db "SELECT count(*) FROM runs") == 1 ]] ||
        fail "--db does not come before UNDEAD_DB"
    run env UNDEAD_DB=env.db "$undead" db runs --format csv
    [[ $rc == 0 ]] && grep -q '^1,[^,]*,complete,sim,one-die,' out || fail "db runs with UNDEAD_DB: $(cat out err)"
    run env UNDEAD_DB= "$undead" sim one-die --games 1
    expect 2 err "undead sim: results database: UNDEAD_DB is empty: expected a file name (unset it for undead.db in the current folder)"
    run env UNDEAD_DB= "$undead" db runs
    expect 2 err "undead db: results database: UNDEAD_DB is empty: expected a file name (unset it for undead.db in the current folder)"
    run env UNDEAD_DB= "$undead" sim one-die --games 1 --no-db
    [[ $rc == 0 ]] || fail "--no-db with an empty UNDEAD_DB: exit $rc: $(cat err)"
    [[ ! -e undead.db ]] || fail "undead.db was made"
    (unset UNDEAD_DB; "$undead" sim one-die --games 1 > /dev/null) || fail "sim without UNDEAD_DB"
    [[ -s undead.db ]] || fail "no undead.db without --db or UNDEAD_DB"
    cd ..
    for cmd in play check sim; do
        run "$undead" "$cmd" --help
        expect 0 out "It records the run in the results database: undead.db in the folder it runs in (made"
        expect 0 out "there if missing) unless --db PATH or \$UNDEAD_DB names another, or --no-db is given."
    done
    [[ -s "$build/undead.1" ]] || fail "no man page at $build/undead.1"
    n=$(grep -cF 'there if missing) unless \-\-db PATH or $UNDEAD_DB names another, or \-\-no\-db is given.' "$build/undead.1" || true)
    [[ $n -ge 3 ]] || fail "the man page says where play, check and sim record $n times, expected 3 or more"
    ;;
prefix)
    new_game_tree
    ng() { run bash tree/tools/new-game.sh "$@"; }
    ng foo ud
    expect 2 err "tools/new-game.sh: PREFIX 'ud' is reserved for the core (core/: ud_game, ud_state, every ud_* name); give another as the second argument"
    ng foo cf
    expect 2 err "tools/new-game.sh: PREFIX 'cf' is reserved for undead conform and serve, the conformance protocol (tools/conform/: cf_*); give another as the second argument"
    ng cfsomething
    expect 2 err "tools/new-game.sh: PREFIX 'cf' (the default for 'cfsomething': its first two letters) is reserved for undead conform and serve, the conformance protocol (tools/conform/: cf_*); give another as the second argument"
    ng coin-flip
    expect 2 err "tools/new-game.sh: PREFIX 'cf' (the default for 'coin-flip': its words' initials) is reserved for undead conform and serve, the conformance protocol (tools/conform/: cf_*); give another as the second argument"
    ng udon
    expect 2 err "tools/new-game.sh: PREFIX 'ud' (the default for 'udon': its first two letters) is reserved for the core (core/: ud_game, ud_state, every ud_* name); give another as the second argument"
    ng foo db
    expect 2 err "tools/new-game.sh: PREFIX 'db' is reserved for the results database (db/: db_*); give another as the second argument"
    ng foo cr
    expect 2 err "tools/new-game.sh: PREFIX 'cr' is reserved for Criterion, the test framework (cr_assert, ...); give another as the second argument"
    ng foo zd
    expect 2 err "tools/new-game.sh: PREFIX 'zd' is reserved for the game zombie-dice (spec/zombie_dice/game.cmake); give another as the second argument"
    # every prefix that two or more global functions of the code share (a
    # namespace) is refused, as undead's or as a game's
    (cd "$src" && grep -hE '^[a-z][a-z0-9_ *]*[ *][a-z][a-z0-9]*_[a-z0-9_]*\(' core/*.c db/*.c tools/*.c tools/*/*.c \
        tests/support*.c spec/*/*.c | grep -vE '^(static|return|else|if|for|while)\b' |
        sed -E 's/^[a-z0-9_ *]*[ *]([a-z][a-z0-9]*)_[a-z0-9_]*\(.*/\1/' | sort | uniq -c |
        awk '$1 >= 2 && $2 ~ /^[a-z][a-z0-9]?[a-z0-9]?[a-z0-9]?[a-z0-9]?[a-z0-9]$/ { print $2 }') > namespaces
    [[ $(wc -l < namespaces) -ge 20 ]] || fail "found only $(wc -l < namespaces) namespaces: $(cat namespaces)"
    while read -r p; do
        ng foo "$p"
        [[ $rc == 2 ]] && grep -q "^tools/new-game.sh: PREFIX '$p' is reserved for " err ||
            fail "PREFIX '$p', a namespace of the code, is not refused: exit $rc: $(cat err)"
    done < namespaces
    find tree | sort > tree.after
    cmp -s tree.before tree.after || fail "a refusal wrote: $(diff tree.before tree.after)"
    ;;
deb)
    command -v dpkg-deb > /dev/null && command -v dpkg-shlibdeps > /dev/null ||
        fail "dpkg-deb and dpkg-shlibdeps are needed (dpkg-dev: debian-packages.txt)"
    "$cpack" -G DEB -B "$tmp/out" --config "$build/CPackConfig.cmake" > cpack.log 2>&1 ||
        fail "cpack failed: $(tail -20 cpack.log)"
    deb="$(echo out/undead_*.deb)"
    [[ -f "$deb" ]] || fail "no package in out/: $(ls out)"
    dpkg-deb -f "$deb" Depends > depends
    dpkg-deb -f "$deb" Recommends > recommends
    echo "Depends: $(cat depends)"
    # the package names, without versions
    names() { tr ',' '\n' < "$1" | sed -E 's/\(.*\)//; s/^ +//; s/ +$//' | grep -v '^$' | sort; }
    names depends > depends.names
    [[ "$(names recommends | tr '\n' ' ')" == "chromium poppler-utils " ]] ||
        fail "Recommends: $(cat recommends), expected chromium, poppler-utils"
    dpkg-deb -x "$deb" root
    bin=root/usr/bin/undead
    [[ -x $bin ]] || fail "no usr/bin/undead in the package"
    # each library ldd lists, its package (dpkg -S), named in Depends itself:
    # those the command needs directly and those another library loads
    # (libstdc++ for jemalloc)
    ldd "$bin" | awk '/=>/ { print $1, $3; next } /^\t\// { print $1, $1 }' > libs
    [[ $(wc -l < libs) -ge 4 ]] || fail "ldd lists too few libraries: $(ldd "$bin")"
    while read -r soname path; do
        pkg="$( (dpkg -S "$path" 2> /dev/null || dpkg -S "$(readlink -f "$path")" 2> /dev/null ||
                 dpkg -S "/usr$(readlink -f "$path")" 2> /dev/null) | head -1 | cut -d: -f1)"
        [[ -n "$pkg" ]] || fail "no package holds $path ($soname)"
        grep -qxF "$pkg" depends.names || fail "$soname ($pkg) is not in Depends: $(cat depends)"
        echo "$soname: $pkg"
    done < libs
    grep -qxF libjansson4 depends.names || fail "libjansson4 is not in Depends: $(cat depends)"
    # the oldest SQLite the queries run on (sqlite_schema: 3.33.0), not
    # the oldest with the functions called
    grep -qE '(^|, )libsqlite3-0 \(>= 3\.33\.0\)(,|$)' depends ||
        fail "Depends does not ask for libsqlite3-0 (>= 3.33.0): $(cat depends)"
    # docs/install.md lists the same packages: those of the build a package
    # is made from (the sanitizer build links no jemalloc, and the runtime's
    # libgcc_s: its package is not one to hand on)
    doc="$(sed -n 's/^    Depends: //p' "$src/docs/install.md" | tr ',' '\n' | sed 's/^ *//; s/ *$//' | sort)"
    if [[ "${UD_SANITIZED:-}" == 1 ]]; then
        echo "sanitizer build: docs/install.md's Depends not compared"
    else
        [[ "$doc" == "$(cat depends.names)" ]] ||
            fail "docs/install.md's Depends ($(echo $doc)) is not the package's ($(echo $(cat depends.names)))"
    fi
    [[ -s root/usr/share/doc/undead/copyright ]] || fail "no usr/share/doc/undead/copyright"
    gzip -t root/usr/share/doc/undead/changelog.gz 2> /dev/null || fail "no gzipped usr/share/doc/undead/changelog.gz"
    # each unpacked whole before it is read: under pipefail, a reader that
    # stops at its first match (grep -q, head) can end gzip by SIGPIPE and
    # fail a pipeline whose answer was yes
    gzip -dc root/usr/share/doc/undead/changelog.gz > changelog
    grep -q "^undead ($(dpkg-deb -f "$deb" Version)) " <(sed -n 1p changelog) ||
        fail "the changelog is not of this version: $(sed -n 1p changelog)"
    gzip -dc root/usr/share/man/man1/undead.1.gz > man.1 2> /dev/null && grep -qx '.SS verify' man.1 ||
        fail "no gzipped man page with its commands at usr/share/man/man1/undead.1.gz"
    [[ ! -e root/usr/share/man/man1/undead.1 ]] || fail "the man page is in the package uncompressed"
    ;;
sqlite-old)
    command -v cc > /dev/null || fail "no C compiler (cc) for the shim"
    printf '%s\n' 'int sqlite3_libversion_number(void) { return 3032003; }' \
        'const char *sqlite3_libversion(void) { return "3.32.3"; }' > shim.c
    cc -shared -fPIC -o shim.so shim.c || fail "the shim does not build"
    "$undead" sim one-die --games 3 --db kept.db > /dev/null || fail "sim: exit $?"
    cp kept.db kept.copy
    old() { LD_PRELOAD="$PWD/shim.so" run "$@"; }
    says="undead needs SQLite 3.33.0 or newer, and the library loaded is 3.32.3"
    old "$undead" play one-die --db new.db
    expect 2 err "undead play: results database: $says"
    [[ ! -e new.db ]] || fail "play made new.db with a library too old"
    old "$undead" sim one-die --games 3 --db kept.db
    expect 2 err "undead sim: results database: $says"
    old "$undead" db runs --db kept.db
    expect 2 err "undead db: $says"
    old "$undead" db integrity --db kept.db
    expect 2 err "undead db integrity: $says"
    old "$undead" faq --db kept.db -o faq.html
    expect 2 err "undead faq: results database: $says"
    [[ ! -e faq.html ]] || fail "faq wrote faq.html"
    cmp -s kept.db kept.copy || fail "kept.db changed"
    # the real library is new enough: the same commands work
    run "$undead" db integrity --db kept.db
    expect 0 out "ok"
    ;;
*)
    fail "no such case"
    ;;
esac
echo "faults_dbpkg $case_: ok"
