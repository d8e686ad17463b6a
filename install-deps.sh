#!/usr/bin/env bash
# install-deps.sh - install the Debian packages listed in debian-packages.txt
# (one per line) that are not installed yet.  Fast no-op when all are present.
# Runs as root on a fresh Debian; uses sudo only when not root.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
list="$here/debian-packages.txt"

missing=()
while IFS= read -r pkg || [[ -n "$pkg" ]]; do
    pkg="${pkg%%#*}"                  # tolerate comments and blank lines
    pkg="${pkg//[[:space:]]/}"
    [[ -z "$pkg" ]] && continue
    status="$(dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null || true)"
    [[ "$status" == "installed" ]] || missing+=("$pkg")
done < "$list"

if [[ ${#missing[@]} -eq 0 ]]; then
    echo "install-deps: all packages in debian-packages.txt are installed"
    exit 0
fi

sudo=()
if [[ "$(id -u)" -ne 0 ]]; then
    sudo=(sudo)
fi

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${missing[@]}"
