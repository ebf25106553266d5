#!/usr/bin/env bash
# Opens or updates the preview environment of one pull request: `pulumi up` of
# the stack pr-<number> of the preview program (initialised on first use from
# the repository's preview template, PREVIEW_DIR), then a markdown comment
# with its URLs, after `supabase-pulumi recover --unlock` settles what a
# killed run left. Run on a pull request's opened, reopened and synchronize
# events; close.sh undoes it.
#
#   PR_NUMBER    the pull request's number (required)
#   PARENT_REF   the parent project's ref (required); the branch is made from it
#   GIT_BRANCH   the pull request's head branch (optional)
#   SITE_URL     the preview's own URL, set as the branch's auth site URL (optional)
#   PREVIEW_DIR  the preview program (default: examples/preview)
#   COMMENT_FILE where the comment is written (default: ./preview-comment.md)
#   ENV_FILE     also write PREVIEW_* variables there (a GitLab dotenv report)
#
# The engine (`pulumi`), its backend (PULUMI_BACKEND_URL or PULUMI_ACCESS_TOKEN,
# PULUMI_CONFIG_PASSPHRASE) and SUPABASE_ACCESS_TOKEN come from the job.
set -euo pipefail

: "${PR_NUMBER:?PR_NUMBER is required (the number of the pull request)}"
: "${PARENT_REF:?PARENT_REF is required (the ref of the parent project)}"
case "$PR_NUMBER" in '' | *[!0-9]*) echo "PR_NUMBER must be a number, got: $PR_NUMBER" >&2 && exit 1 ;; esac
comment="$(realpath -m "${COMMENT_FILE:-preview-comment.md}")"
env_file="${ENV_FILE:+$(realpath -m "$ENV_FILE")}"
stack="pr-${PR_NUMBER}"

cd "${PREVIEW_DIR:-examples/preview}"
if ! pulumi stack select "$stack" --non-interactive >/dev/null 2>&1; then
  pulumi stack init "$stack" --non-interactive
fi
pulumi config set parentRef "$PARENT_REF" --non-interactive
pulumi config set branchName "$stack" --non-interactive
pulumi config set gitBranch "${GIT_BRANCH:-}" --non-interactive
pulumi config set siteUrl "${SITE_URL:-}" --non-interactive

# A cancelled job or a lost runner leaves pending operations and the stack's
# lock: recover settles them (importing a branch an interrupted create made,
# instead of letting up create a second one). --unlock is safe: every run of
# this stack (open and close) is in the pull request's one concurrency group.
npx --no-install supabase-pulumi recover --unlock --stack "$stack" --cwd .
pulumi up --yes --skip-preview --non-interactive

ref="$(pulumi stack output ref --non-interactive)"
api_url="$(pulumi stack output apiUrl --non-interactive)"
graphql_url="$(pulumi stack output graphqlUrl --non-interactive)"

cat >"$comment" <<MARKDOWN
<!-- supabase-preview -->
### Preview environment of #${PR_NUMBER}

| | |
|---|---|
| Branch | \`${stack}\` (ref \`${ref}\`) |
| API URL | ${api_url} |
| GraphQL | ${graphql_url} |

The publishable key: \`pulumi stack output publishableKey --show-secrets --stack ${stack}\`.
The branch and everything on it are removed when the pull request is closed.
MARKDOWN

if [ -n "$env_file" ]; then
  printf 'PREVIEW_REF=%s\nPREVIEW_API_URL=%s\nPREVIEW_GRAPHQL_URL=%s\n' "$ref" "$api_url" "$graphql_url" >"$env_file"
fi
echo "Preview ${stack} is up: ${api_url}"
