#!/usr/bin/env bash
# tests/db_corrupt.sh UNDEAD - a file given as --db that is not an undead
# database (plain text, another program's SQLite file, a newer schema, a
# corrupt undead database, a directory) gets a clear error and exit 2,
# never a crash, and is left byte for byte as it was.
set -euo pipefail
undead="$1"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
fail() { echo "db_corrupt: $*" >&2; exit 1; }

# refuse FILE PHRASE: every recording command and the readers refuse FILE,
# saying PHRASE, and leave it unchanged.
refuse() {
    local file="$1" phrase="$2" rc
    cp -a "$file" "$file.orig"
    for cmd in "sim zombie-dice --games 10" "play zombie-dice" "db runs" "db query rarest-rules"; do
        rc=0
        # shellcheck disable=SC2086
        "$undead" $cmd --db "$file" > out 2> err || rc=$?
        [[ $rc == 2 ]] || fail "'$cmd' on $file: exit $rc, expected 2"
        grep -q "$phrase" err || fail "'$cmd' on $file: expected '$phrase' in: $(cat err)"
        cmp -s "$file" "$file.orig" || fail "'$cmd' changed $file"
    done
    echo "refused $file: $(head -1 err)"
}

printf 'my shopping list\neggs\n' > notes.txt
refuse notes.txt "not a SQLite database"

head -c 8192 /dev/urandom > random.bin
refuse random.bin "not a SQLite database"

"$undead" sim zombie-dice --games 200 --db good.db > /dev/null
cp good.db newer.db
python3 - newer.db <<'PY' 2>/dev/null || printf '\x00\x00\x00\x63' | dd of=newer.db bs=1 seek=60 conv=notrunc status=none
import sqlite3, sys
c = sqlite3.connect(sys.argv[1]); c.execute("PRAGMA user_version = 99"); c.commit(); c.close()
PY
refuse newer.db "schema version 99 is newer"

# Another program's database: an undead file with its application_id cleared.
cp good.db other.db
printf '\x00\x00\x00\x00' | dd of=other.db bs=1 seek=68 conv=notrunc status=none
refuse other.db "not an undead results database"

# Corrupt pages in the middle of an undead database.
cp good.db corrupt.db
size=$(stat -c %s corrupt.db)
head -c 4096 /dev/urandom | dd of=corrupt.db bs=4096 seek=$((size / 4096 / 2)) conv=notrunc status=none
refuse corrupt.db "corrupt\|malformed\|cannot read"

mkdir adir.db
rc=0; "$undead" sim zombie-dice --games 10 --db adir.db > out 2> err || rc=$?
[[ $rc == 2 ]] && grep -qx "undead sim: results database: adir.db: is a folder, expected a file" err || fail "a directory as --db: exit $rc: $(cat err)"

# The good database is still fine and takes runs.
"$undead" sim zombie-dice --games 10 --db good.db > /dev/null
"$undead" db integrity --db good.db | grep -qx ok || fail "good.db broke"
echo "db_corrupt: ok"
