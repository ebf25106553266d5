#!/usr/bin/env bash
# Makes the newest npm of the registry available and prints the path of its
# npm-cli.js, to run with a Node that satisfies its engines (recent npm needs
# Node 22; see scripts/ensure-node22.sh). The registry is asked for the newest
# version every time; each version is fetched once and cached per user.
set -euo pipefail

version=$(npm view npm version)
cache="${SUPABASE_PULUMI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/supabase-pulumi}"
dir="$cache/tools/npm-$version"

if [ -f "$dir/bin/npm-cli.js" ]; then echo "$dir/bin/npm-cli.js"; exit 0; fi
echo "newest npm: fetching npm@$version from the npm registry" >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "npm@$version" >/dev/null)
tar xzf "$work/npm-$version.tgz" -C "$work"
mkdir -p "$(dirname "$dir")"
rm -rf "$dir" && mv "$work/package" "$dir"
echo "$dir/bin/npm-cli.js"
