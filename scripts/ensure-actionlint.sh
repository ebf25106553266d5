#!/usr/bin/env bash
# Makes actionlint (the GitHub Actions workflow linter) available and prints
# its path. It is a Go tool, installed from the Go module proxy at a pinned
# version into a per-user cache; a warm call takes well under a second.
#
#   scripts/ensure-actionlint.sh          install when missing, print the path
#   scripts/ensure-actionlint.sh --find   print the path, or fail when not installed
set -euo pipefail

VERSION=v1.7.12
cache="${SUPABASE_PULUMI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/supabase-pulumi}"
dir="$cache/tools/actionlint-$VERSION"
bin="$dir/actionlint"

if [ -x "$bin" ]; then echo "$bin"; exit 0; fi
if [ "${1:-}" = "--find" ]; then
  echo "actionlint $VERSION is not installed at $bin; run: bash scripts/ensure-actionlint.sh" >&2
  exit 1
fi
command -v go >/dev/null 2>&1 || { echo "error: no Go toolchain to install actionlint $VERSION" >&2; exit 1; }
mkdir -p "$dir"
log="$dir/install.log"
echo "actionlint: installing $VERSION from the Go module proxy (log: $log)" >&2
if ! GOBIN="$dir" GOTOOLCHAIN=local CGO_ENABLED=0 go install "github.com/rhysd/actionlint/cmd/actionlint@$VERSION" >"$log" 2>&1; then
  echo "error: installing actionlint failed; see $log" >&2
  tail -n 20 "$log" >&2
  exit 1
fi
echo "$bin"
