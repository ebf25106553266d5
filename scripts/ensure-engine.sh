#!/usr/bin/env bash
# Makes a working Pulumi engine available and prints the directory that holds it
# (the directory contains bin/pulumi, bin/pulumi-language-nodejs, the YAML
# language host bin/pulumi-language-yaml and the dynamic provider shim
# bin/pulumi-resource-pulumi-nodejs).
#
# Order of preference:
#   1. SUPABASE_PULUMI_ENGINE_ROOT, when it already holds bin/pulumi.
#   2. `pulumi` on PATH (its own directory is used as the engine root).
#   3. A per-user cache keyed by version, commit, Go version and platform; built
#      from the published Go modules when missing (a cold build takes minutes,
#      a warm call takes well under a second).
#
# Node.js policy packs (`--policy-pack`) need no `pulumi-analyzer-policy`
# shim with this engine: v3.248 runs a pack through the language host of its
# runtime (RunPlugin, kind "analyzer") whenever that host exists, and only
# looks for a `pulumi-analyzer-policy-<runtime>` binary when it does not; the
# engine's Go module no longer ships the old script (sdk/nodejs/dist/ holds
# only the dynamic provider shim). Either language host installed here runs them.
#
# Everything goes to stderr except the final line: the engine root.
set -euo pipefail

VER=v3.248.0
# Commit of tag pkg/v3.248.0: the language host has no tags, so it is fetched
# by this commit as a pseudo-version (see the project's engine notes).
LH=dc7edd58bc13
# The YAML language host, from github.com/pulumi/pulumi-yaml: the versions the
# module proxy serves (`go list -m -versions github.com/pulumi/pulumi-yaml`),
# newest first. Each is tried against the engine's own pkg/sdk modules; when
# none builds that way (v1.25.0 and v1.11.1 do not: the engine's plugin API
# moved), the newest is built on the pkg/sdk versions its own go.mod requires.
# The host speaks to the engine over gRPC, so the two need not share versions.
# SUPABASE_PULUMI_YAML_VERSION overrides the list.
YAML_VERSIONS=${SUPABASE_PULUMI_YAML_VERSION:-"v1.25.0 v1.11.1"}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

log() { printf 'engine: %s\n' "$*" >&2; }

shim_src="$here/node_modules/@pulumi/pulumi/pulumi-resource-pulumi-nodejs"

install_language_host() { # $1 = bin dir; only where no Go-built host exists
  local bin=$1 host="$here/scripts/language-host.js"
  if [ -f "$bin/pulumi-language-nodejs" ] && ! grep -q "supabase-pulumi language host" "$bin/pulumi-language-nodejs" 2>/dev/null; then
    return 0
  fi
  cmp -s "$host" "$bin/pulumi-language-nodejs.js" 2>/dev/null || cp "$host" "$bin/pulumi-language-nodejs.js"
  if [ ! -f "$bin/pulumi-language-nodejs" ]; then
    printf '#!/bin/sh\n# supabase-pulumi language host (the Go one is not available from the module proxy)\nexec node "$(dirname "$0")/pulumi-language-nodejs.js" "$@"\n' > "$bin/pulumi-language-nodejs"
    chmod +x "$bin/pulumi-language-nodejs"
  fi
}

install_shim() { # $1 = bin dir
  local bin=$1
  install_language_host "$bin"
  if [ -f "$shim_src" ]; then
    if ! cmp -s "$shim_src" "$bin/pulumi-resource-pulumi-nodejs" 2>/dev/null; then
      cp "$shim_src" "$bin/pulumi-resource-pulumi-nodejs"
      chmod +x "$bin/pulumi-resource-pulumi-nodejs"
    fi
  else
    log "warning: $shim_src not found; run npm install first (dynamic resources need the shim)"
  fi
}

if [ -n "${SUPABASE_PULUMI_ENGINE_ROOT:-}" ] && [ -x "$SUPABASE_PULUMI_ENGINE_ROOT/bin/pulumi" ]; then
  echo "$SUPABASE_PULUMI_ENGINE_ROOT"; exit 0
fi

if [ -z "${SUPABASE_PULUMI_BUILD_ENGINE:-}" ] && command -v pulumi >/dev/null 2>&1; then
  p=$(command -v pulumi); root=$(cd "$(dirname "$p")/.." && pwd)
  log "using pulumi from PATH ($(pulumi version 2>/dev/null || echo unknown version))"
  echo "$root"; exit 0
fi

command -v go >/dev/null 2>&1 || { log "error: no pulumi on PATH and no Go toolchain to build one"; exit 1; }
gov=$(go env GOVERSION | sed -E 's/^go([0-9]+\.[0-9]+).*/go\1/')
plat="$(go env GOOS)-$(go env GOARCH)"
cache="${SUPABASE_PULUMI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/supabase-pulumi}"
root="$cache/engine/pulumi-$VER-$LH-$gov-$plat"
bin="$root/bin"

# The YAML language host's cache key: its version, the engine version, Go and
# platform (a stamp beside the binary; a failed build leaves a .failed stamp
# so later calls do not retry it: delete the stamp to retry).
yaml_stamp="$bin/pulumi-language-yaml.version"
yaml_ready() {
  local y mode rest
  [ -x "$bin/pulumi-language-yaml" ] && read -r y mode rest < "$yaml_stamp" 2>/dev/null || return 1
  [ "$rest" = "$VER $gov $plat" ] && case " $YAML_VERSIONS " in *" $y "*) return 0 ;; esac
  return 1
}

# A built engine: print its root and exit, or mark that only its YAML host is missing.
use_built_engine() {
  [ -x "$bin/pulumi" ] && "$bin/pulumi" version >/dev/null 2>&1 || return 0
  install_shim "$bin"
  yaml_ready || [ "$(cat "$yaml_stamp.failed" 2>/dev/null)" = "$YAML_VERSIONS $VER $gov $plat" ] || yaml_only=1
  [ -n "${yaml_only:-}" ] || { echo "$root"; exit 0; }
}
use_built_engine

# A cold build downloads ~250 Go modules; their chatter goes to a log file,
# and the terminal gets one progress line: the step, the time elapsed and the
# expected total. Errors point to the log.
EXPECTED_S=${SUPABASE_PULUMI_ENGINE_EXPECTED_S:-300}
mkdir -p "$root"
# One builder at a time: a second caller (a parallel test worker, another
# checkout) waits here, then finds the engine the first one built.
if [ -z "${yaml_only:-}" ]; then
  exec 8> "$root/build.lock"
  if command -v flock >/dev/null 2>&1 && ! flock -n 8; then
    log "another build of this engine is under way; waiting for it"
    flock 8
  fi
  use_built_engine
fi
build_log="$root/build.log"
[ -n "${yaml_only:-}" ] || : > "$build_log"
started=$(date +%s)
fmt_s() { printf '%dm%02ds' $(($1 / 60)) $(($1 % 60)); }
# run_step N TOTAL TITLE COMMAND...: runs COMMAND with its output in the log,
# printing progress every few seconds (in place on a terminal, every 30 s otherwise).
run_step() {
  local n=$1 total=$2 title=$3
  shift 3
  echo "== [$n/$total] $title" >> "$build_log"
  "$@" >> "$build_log" 2>&1 &
  local pid=$! tick=0 rc=0
  while kill -0 "$pid" 2>/dev/null; do
    sleep 1
    tick=$((tick + 1))
    local el=$(($(date +%s) - started))
    local line="engine: [$n/$total] $title, $(fmt_s "$el") elapsed (a cold build takes about $(fmt_s "$EXPECTED_S"))"
    if [ -t 2 ]; then
      printf '\r\033[K%s' "$line" >&2
    elif [ $((tick % 30)) -eq 0 ]; then
      printf '%s\n' "$line" >&2
    fi
  done
  wait "$pid" || rc=$?
  [ -t 2 ] && printf '\r\033[K' >&2
  return "$rc"
}

work=$(mktemp -d "$root/build.XXXXXX")
trap 'rm -rf "$work"' EXIT
export GOTOOLCHAIN=local CGO_ENABLED=0 GOFLAGS=-mod=mod
# The checksum database reachable here does not list pulumi's own modules, so
# only those skip it (scoped no wider); every other module is verified as usual.
export GONOSUMDB="${GONOSUMDB:+$GONOSUMDB,}github.com/pulumi/pulumi"
XV="-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=$VER"
build_cli() {
  cd "$work" &&
  go mod init example.invalid/build-pulumi &&
  go mod edit -require=github.com/pulumi/pulumi/pkg/v3@$VER -require=github.com/pulumi/pulumi/sdk/v3@$VER \
    -replace=github.com/atotto/clipboard=github.com/tgummerer/clipboard@v0.0.0-20241001131231-d02d263e614e &&
  mkdir -p "$work/out" &&
  go build -trimpath -tags osusergo,grpcnotrace -ldflags "-s -w $XV" -o "$work/out/pulumi" \
    github.com/pulumi/pulumi/pkg/v3/cmd/pulumi
}
# The Node.js language host is a nested module without tags; it can only be
# fetched by commit. Where the module proxy does not serve it, everything here
# still works through Automation API inline programs, which need no language
# host (the CLI itself runs refresh, destroy and export).
build_language_host() {
  cd "$work" &&
  go get github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3@$LH &&
  go mod edit -require=github.com/pulumi/pulumi/pkg/v3@$VER -require=github.com/pulumi/pulumi/sdk/v3@$VER &&
  go build -trimpath -tags osusergo,grpcnotrace -ldflags "-s -w $XV" -o "$work/out/pulumi-language-nodejs" \
    github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3
}
# pulumi-language-yaml: a wrapper module of its own (its requirements would
# otherwise move the CLI's). Mode "engine" pins pkg/sdk to the engine's
# version; mode "own" keeps the versions pulumi-yaml's go.mod requires.
build_yaml_host() { # $1 = pulumi-yaml version, $2 = mode
  local y=$1 dir="$work/yaml-$1-$2"
  mkdir -p "$dir" && cd "$dir" &&
  go mod init example.invalid/build-pulumi-language-yaml &&
  go mod edit -require=github.com/pulumi/pulumi-yaml@$y \
    -replace=github.com/atotto/clipboard=github.com/tgummerer/clipboard@v0.0.0-20241001131231-d02d263e614e &&
  { [ "$2" != engine ] || go mod edit -require=github.com/pulumi/pulumi/pkg/v3@$VER -require=github.com/pulumi/pulumi/sdk/v3@$VER; } &&
  go build -trimpath -tags osusergo,grpcnotrace \
    -ldflags "-s -w -X github.com/pulumi/pulumi-yaml/pkg/version.Version=$y" \
    -o "$work/out/pulumi-language-yaml" github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml
}
# Builds the first (version, mode) that builds and installs it in $bin with
# its stamp; when none does, the engine stays usable without YAML.
install_yaml_host() { # $1 = step number, $2 = total steps
  local y mode newest=${YAML_VERSIONS%% *}
  mkdir -p "$work/out" "$bin"
  for y in $YAML_VERSIONS own; do
    mode=engine
    [ "$y" = own ] && { y=$newest; mode=own; }
    if run_step "$1" "$2" "building pulumi-language-yaml $y ($mode pkg/sdk)" build_yaml_host "$y" "$mode"; then
      mv "$work/out/pulumi-language-yaml" "$bin/pulumi-language-yaml.tmp"
      mv "$bin/pulumi-language-yaml.tmp" "$bin/pulumi-language-yaml"
      echo "$y $mode $VER $gov $plat" > "$yaml_stamp"
      rm -f "$yaml_stamp.failed"
      return 0
    fi
    log "note: pulumi-language-yaml $y does not build with the $mode pkg/sdk modules (details: $build_log)"
  done
  echo "$YAML_VERSIONS $VER $gov $plat" > "$yaml_stamp.failed"
  log "warning: no pulumi-language-yaml could be built; YAML programs will not run (details: $build_log)"
}

if [ -n "${yaml_only:-}" ]; then
  # Warm engine, missing YAML host: build only that, one builder at a time.
  exec 9> "$root/yaml.lock"
  command -v flock >/dev/null 2>&1 && flock 9
  if ! yaml_ready; then
    log "building pulumi-language-yaml for the cached $VER engine (log: $build_log)"
    install_yaml_host 1 1
    log "done in $(fmt_s $(($(date +%s) - started)))"
  fi
  echo "$root"; exit 0
fi

log "building the Pulumi $VER engine from Go modules (first run only; about $(fmt_s "$EXPECTED_S"); log: $build_log)"
if ! run_step 1 3 "building the pulumi CLI" build_cli; then
  log "error: the pulumi CLI build failed after $(fmt_s $(($(date +%s) - started))); last lines of the full log $build_log:"
  tail -n 15 "$build_log" >&2
  exit 1
fi
run_step 2 3 "building the Node.js language host" build_language_host ||
  log "note: the Node.js language host module is not available from the module proxy; using inline programs only (details: $build_log)"
mkdir -p "$bin"
mv "$work/out/pulumi" "$bin/pulumi"
[ -f "$work/out/pulumi-language-nodejs" ] && mv "$work/out/pulumi-language-nodejs" "$bin/pulumi-language-nodejs"
v=$("$bin/pulumi" version)
[ "$v" = "$VER" ] || { log "error: built pulumi reports version '$v', expected $VER"; exit 1; }
install_shim "$bin"
install_yaml_host 3 3
log "built $VER in $(fmt_s $(($(date +%s) - started))) (full log: $build_log)"
echo "$root"
