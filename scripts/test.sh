#!/usr/bin/env bash
# `npm test`: everything a change must pass (DESIGN §5). API tests also run on
# PostgreSQL when DATABASE_URL is set.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$1"; }

step "typecheck"
npm run --silent typecheck
step "lint"
npm run --silent lint
step "unit and API tests${DATABASE_URL:+ (PGlite and PostgreSQL)}"
npx vitest run
step "build"
npm run --silent build
step "browser tests"
bash scripts/ensure-chromium.sh
npx playwright test
