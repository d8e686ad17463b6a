#!/usr/bin/env bash
# tests/blame_measure.sh - how often undead's blame names the rule a fault
# is in (core/blame.h, docs/conformance.md "The rule").
#
#   tests/blame_measure.sh [--undead PATH] [--sample N] [--only MUTANT] [--games G] [--chance MODES]
#                          [--min-conform P] [--min-check P] [--keep DIR] [--tally FILE] GAME...
#   tests/blame_measure.sh --sum [--min-conform P] [--min-check P] TALLY...
#
# For each mutant of each GAME's rule rows (`undead mutate GAME --list`,
# a mutation build: the `mutants` preset), in each chance mode (default
# "dictate follow"): `undead conform GAME` against `undead serve GAME`
# with that mutant on.  A departure is scored on two counts:
#   conform: the rule it names first is the mutated row (a reading
#            mutant: its evidence is that key's other reading);
#   check:   `undead check` on the shrunk record it writes refuses it
#            (exit 1) naming the same row first.
# Mutants declared equivalent and the game's faults (no row) are skipped;
# a mutant with no departure in G seeded games is counted, not scored.  A
# mutant declared a duplicate of TWIN (spec/<folder>/mutants.txt: no game
# tells the two apart, or for a duplicate to the protocol no game shows
# the protocol a difference; checked by `undead mutate GAME
# --check-duplicates`) is also named right when the rule named first is
# TWIN's row (a reading twin: its key): the line says "(twin)", and the
# figures count it apart.
# --sample N takes N mutants spread evenly over the list (0: all);
# --only MUTANT that one mutant of the list (e.g. reading/round+1).
# --keep DIR keeps, for each departure either tool names wrongly, conform's
# report, its record and check's output, as DIR/GAME.MODE.MUTANT.{out,rec,check}
# (the mutant's '/' written '_'), to read the misses afterwards.
# Prints one line per mutant and mode, then per game and mode:
#   SUMMARY GAME MODE: departures D of M mutants; conform names it first C (C/D%), with duplicates
#   C2 (C2/D%: T through a duplicate); check names it K (K/D%), with duplicates K2 (K2/D%: U through a duplicate)
# (C and K strict: the mutated row itself) and over everything, the same
# as TOTAL.  --tally FILE also writes TOTAL's figures to FILE, a line
# "deps named named_dup checked checked_dup"; --sum adds up such files
# (one measure split into parallel runs, one a game) and prints and
# judges their TOTAL as one run's.  Exit status 0 when it ran, 1 when --min-conform P is given
# and conform names the mutated row (or its duplicate's) first in less
# than P% of all departures (or there was none), or --min-check P and
# check names it in less than P% of them, 2 on bad usage.
set -uo pipefail

U=${UNDEAD:-build/mutants/tools/undead}
sample=0
only=""
games=60
modes="dictate follow"
min_conform=""
min_check=""
keep=""
tally=""
sum=0
all_deps=0 all_named=0 all_checked=0 all_named_dup=0 all_checked_dup=0
while [[ $# -gt 0 ]]; do
    case "$1" in
    --undead) U="$2"; shift 2 ;;
    --sample) sample="$2"; shift 2 ;;
    --only) only="$2"; shift 2 ;;
    --games) games="$2"; shift 2 ;;
    --chance) modes="$2"; shift 2 ;;
    --min-conform) min_conform="$2"; shift 2 ;;
    --min-check) min_check="$2"; shift 2 ;;
    --keep) keep="$2"; shift 2 ;;
    --tally) tally="$2"; shift 2 ;;
    --sum) sum=1; shift ;;
    --) shift; break ;;
    -*) echo "blame_measure.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
    esac
done
[[ $# -gt 0 ]] || { echo "usage: tests/blame_measure.sh [--undead PATH] [--sample N] [--only MUTANT] [--games G] [--chance MODES] [--min-conform P] [--min-check P] [--keep DIR] GAME..." >&2; exit 2; }
# total ... : TOTAL's line and the verdict against --min-conform and
# --min-check (the script's exit status)
total() {
    local all_c2=$((all_named + all_named_dup)) all_k2=$((all_checked + all_checked_dup)) status=0
    echo "TOTAL: departures $all_deps; conform names it first $all_named, with duplicates $all_c2 ($all_named_dup through a duplicate); check names it $all_checked, with duplicates $all_k2 ($all_checked_dup through a duplicate)"
    if [[ -n "$tally" ]]; then
        echo "$all_deps $all_named $all_named_dup $all_checked $all_checked_dup" > "$tally" ||
            { echo "blame_measure.sh: cannot write $tally" >&2; return 2; }
    fi
    if [[ -n "$min_conform" ]]; then
        if [[ $all_deps -eq 0 || $((100 * all_c2)) -lt $((min_conform * all_deps)) ]]; then
            echo "blame_measure.sh: conform named the mutated row (or its duplicate's) first in $all_c2 of $all_deps departures, below $min_conform%" >&2
            status=1
        fi
    fi
    if [[ -n "$min_check" ]]; then
        if [[ $all_deps -eq 0 || $((100 * all_k2)) -lt $((min_check * all_deps)) ]]; then
            echo "blame_measure.sh: check named the mutated row (or its duplicate's) first in $all_k2 of $all_deps departures, below $min_check%" >&2
            status=1
        fi
    fi
    return $status
}
if [[ $sum -eq 1 ]]; then
    for f in "$@"; do
        { read -r d n nd c cd < "$f"; } 2>/dev/null && [[ "$d $n $nd $c $cd" =~ ^[0-9]+( [0-9]+){4}$ ]] ||
            { echo "blame_measure.sh: $f: expected a tally line 'deps named named_dup checked checked_dup' (--tally)" >&2; exit 2; }
        all_deps=$((all_deps + d)) all_named=$((all_named + n)) all_named_dup=$((all_named_dup + nd))
        all_checked=$((all_checked + c)) all_checked_dup=$((all_checked_dup + cd))
    done
    total
    exit
fi
[[ -z "$keep" ]] || mkdir -p "$keep" || { echo "blame_measure.sh: cannot make $keep" >&2; exit 2; }
[[ -x "$U" ]] || { echo "blame_measure.sh: $U is not a mutation build of undead (cmake --preset mutants)" >&2; exit 2; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# the mutants to try: rows' and readings', not declared equivalent
mutants_of() {
    "$U" mutate "$1" --list 2>/dev/null | awk '$1 ~ /\// && $1 !~ /^fault\// && $2 != "equivalent:" { print $1 }'
}

# the declared duplicates: "MUTANT TWIN" lines
duplicates_of() {
    "$U" mutate "$1" --list 2>/dev/null | awk '$2 == "duplicate" && $3 == "of" { sub(/:$/, "", $4); print $1, $4 }'
}

# every k-th of the list, N in all (0: all)
sampled() {
    local n="$1"
    awk -v n="$n" '{ a[NR] = $0 } END { if (n <= 0 || n >= NR) { for (i = 1; i <= NR; i++) print a[i]; exit }
        for (i = 0; i < n; i++) print a[int(i * NR / n) + 1] }'
}

# hit MUTANT RULES WHY: the blame names the mutated row (or reading)
# first (a reading mutant: the first change of the evidence is a reading
# of that key, not one further down its list)
hit() {
    local mutant="$1" rules="$2" why="$3" row="${1%%/*}"
    if [[ "$row" == reading ]]; then
        local key="${mutant#reading/}" first="${why#* did }"
        key="${key%+*}"
        first="${first%%;*}"
        [[ "$why" == reading:* && "$first" == "under the reading $key="* ]]
    else
        [[ "${rules%% *}" == "$row" ]]
    fi
}

# verdict MUTANT RULES WHY: yes (the mutated row), twin (its declared
# duplicate's), or no
verdict() {
    if hit "$1" "$2" "$3"; then
        echo yes
    elif [[ -n "${twin[$1]:-}" ]] && hit "${twin[$1]}" "$2" "$3"; then
        echo twin
    else
        echo no
    fi
}

for game in "$@"; do
    declare -A twin=()
    while read -r m t; do twin[$m]=$t; done < <(duplicates_of "$game")
    mapfile -t list < <(mutants_of "$game" | sampled "$sample" | awk -v m="$only" 'm == "" || $0 == m')
    [[ ${#list[@]} -gt 0 ]] || { echo "blame_measure.sh: $game: no mutants (is $U a mutation build?${only:+ is $only one of its mutants?})" >&2; exit 2; }
    for mode in $modes; do
        deps=0 named=0 checked=0 tried=0 named_dup=0 checked_dup=0
        for m in "${list[@]}"; do
            tried=$((tried + 1))
            "$U" conform "$game" --no-db --games "$games" --chance "$mode" --shrink-tries 200 \
                --record "$tmp/rec" -- env UNDEAD_MUTANT="$game:$m" "$U" serve "$game" >"$tmp/out" 2>&1
            rc=$?
            if [[ $rc -ne 1 ]]; then
                echo "$game $mode $m: no departure (exit $rc$([[ $rc -eq 2 ]] && echo ": the mutant serve broke or a limit"))"
                continue
            fi
            deps=$((deps + 1))
            rules="$(sed -n 's/^  rule: *//p' "$tmp/out" | head -1)"
            why="$(sed -n 's/^  why: *//p' "$tmp/out" | head -1)"
            c="$(verdict "$m" "$rules" "$why")" k=no
            [[ $c == yes ]] && named=$((named + 1))
            [[ $c == twin ]] && named_dup=$((named_dup + 1))
            "$U" check --no-db "$tmp/rec" >"$tmp/check" 2>&1
            crc=$?
            crules="$(sed -n '1s/^[^:]*:[0-9]*: \([^:]*\): .*/\1/p' "$tmp/check")"
            cwhy="$(sed -n 's/^  evidence: *//p' "$tmp/check" | head -1)"
            [[ $crc -eq 1 ]] && k="$(verdict "$m" "$crules" "$cwhy")"
            [[ $k == yes ]] && checked=$((checked + 1))
            [[ $k == twin ]] && checked_dup=$((checked_dup + 1))
            if [[ -n "$keep" && ( $c != yes || $k != yes ) ]]; then
                kept="$keep/$game.$mode.${m//\//_}"
                cp "$tmp/out" "$kept.out" && cp "$tmp/rec" "$kept.rec" && cp "$tmp/check" "$kept.check" ||
                    { echo "blame_measure.sh: cannot keep $kept.*" >&2; exit 2; }
            fi
            echo "$game $mode $m: conform names '$rules' ($c); check exit $crc names '$crules' ($k)"
        done
        pc() { [[ $deps -gt 0 ]] && echo "$((100 * $1 / deps))%" || echo "-"; }
        c2=$((named + named_dup)) k2=$((checked + checked_dup))
        echo "SUMMARY $game $mode: departures $deps of $tried mutants; conform names it first $named ($(pc $named)), with duplicates $c2 ($(pc $c2): $named_dup through a duplicate); check names it $checked ($(pc $checked)), with duplicates $k2 ($(pc $k2): $checked_dup through a duplicate)"
        all_deps=$((all_deps + deps)) all_named=$((all_named + named)) all_checked=$((all_checked + checked))
        all_named_dup=$((all_named_dup + named_dup)) all_checked_dup=$((all_checked_dup + checked_dup))
    done
    unset twin
done
total
