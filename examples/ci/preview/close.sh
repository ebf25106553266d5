#!/usr/bin/env bash
# Closes the preview environment of one pull request: `pulumi destroy` of the
# stack pr-<number> (the branch and everything declared on it; the parent
# project is never touched), then `pulumi stack rm`. Run on a pull request's
# closed event (merged or not). A pull request without a preview stack is
# nothing to close.
#
#   PR_NUMBER    the pull request's number (required)
#   PREVIEW_DIR  the preview program (default: examples/preview)
set -euo pipefail

: "${PR_NUMBER:?PR_NUMBER is required (the number of the pull request)}"
case "$PR_NUMBER" in '' | *[!0-9]*) echo "PR_NUMBER must be a number, got: $PR_NUMBER" >&2 && exit 1 ;; esac
stack="pr-${PR_NUMBER}"

cd "${PREVIEW_DIR:-examples/preview}"
if ! pulumi stack select "$stack" --non-interactive >/dev/null 2>&1; then
  echo "No stack ${stack}: nothing to close."
  exit 0
fi
# A killed open leaves pending operations and the lock: recover first, so a
# branch an interrupted create made is recorded and destroyed, not orphaned.
npx --no-install supabase-pulumi recover --unlock --stack "$stack" --cwd .
pulumi destroy --yes --skip-preview --non-interactive
pulumi stack rm "$stack" --yes --non-interactive
echo "Preview ${stack} is closed."
