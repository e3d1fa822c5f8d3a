#!/usr/bin/env bash
# Entry point of the npm scripts: sets up what is missing, then runs the command.
#   start    set up, build, run the app with in-process workers (embedded default)
#   work     set up, build, run render workers only (needs DATABASE_URL)
#   migrate  apply database migrations and exit
#   dev      Vite dev server + the API with reload
#   test     set up (incl. Chromium and PostgreSQL) and run every test
#   test-scenes  record every Minetest scene once as a short clip and check it (1-3 min each; not part of test)
#   library-build   build the starter media library (args: --quick, --force, --out DIR, --jobs N)
#   render   render a composition JSON or a recipe input to MP4 (packages/render CLI; builds the library first)
#   previews render the caption style preview pictures (packages/render/previews by default)
#   bench    run every benchmark and the output audit on the full library; bench-render: the render benchmark only;
#            bench-align: forced alignment only; bench-languages: the offline voices in every language;
#            bench-api: the API under load (embedded and PostgreSQL)
#   library-import  add an operator's own footage or music to the library (see README)
#   library-record  record the real-gameplay clips from Minetest (npm start does it in the background)
#   library-stock   fetch stock footage for the footage styles with PEXELS_API_KEY or PIXABAY_API_KEY (--only kind:key, --force)
#   voice-previews <dir>  render one preview clip per voice with the configured TTS provider
#   bench-voices          time and measure every voice of the configured TTS provider
#   bench-intelligibility how many words of each voice an open recogniser misses (word error rate)
#   showcase render the landing page's clips with the engine into SHOWCASE_DIR (cached; --quick: three)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=scripts/setup.sh
source "$ROOT/scripts/setup.sh"

command="${1:-start}"
shift || true
ensure_node
case "$command" in
  start | work | migrate)
    [ ${#RUNTIME_DEBS[@]} -eq 0 ] || ensure_debs "${RUNTIME_DEBS[@]}"
    ensure_npm_deps
    [ "$command" = migrate ] || ensure_library full
    [ "$command" = migrate ] || ensure_voice_model
    [ "$command" = start ] && ensure_showcase
    ensure_build
    # Caption-style pictures and voice clips for the builders (cached: quick after the first run).
    [ "$command" = start ] && node "${ENV_FILE_ARGS[@]}" "$ROOT/server/dist/main.js" previews
    server_command="$command"
    [ "$command" = start ] && server_command=all
    exec node --enable-source-maps "${ENV_FILE_ARGS[@]}" "$ROOT/server/dist/main.js" "$server_command" "$@"
    ;;
  dev)
    ensure_npm_deps
    export NODE_ENV=development
    (cd "$ROOT/server" && npx tsx watch src/main.ts all) &
    api_pid=$!
    trap 'kill "$api_pid" 2>/dev/null || true' EXIT
    cd "$ROOT/web" && npx vite
    ;;
  test)
    [ ${#RUNTIME_DEBS[@]} -eq 0 ] || ensure_debs "${RUNTIME_DEBS[@]}"
    ensure_debs "${TEST_DEBS[@]}"
    ensure_npm_deps
    # Tests read a quick build of the library (same script, short clips) in its own directory.
    export LIBRARY_DIR="${LIBRARY_TEST_DIR:-$ROOT/library/build-quick}"
    ensure_library quick
    ensure_postgres
    exec bash "$ROOT/scripts/test.sh" "$@"
    ;;
  bench-api)
    ensure_debs "${RUNTIME_DEBS[@]}"
    ensure_npm_deps
    ensure_build
    # The server reads the library at start; the quick build is enough to serve the API.
    export LIBRARY_DIR="${LIBRARY_DIR:-$ROOT/library/build-quick}"
    ensure_library quick
    ensure_postgres
    exec node "$ROOT/server/bench/api-bench.ts" "$@"
    ;;
  test-scenes)
    ensure_debs "${RUNTIME_DEBS[@]}"
    ensure_npm_deps
    cd "$ROOT/library" && exec npx --no-install vitest run --config vitest.scenes.config.ts "$@"
    ;;
  library-build)
    ensure_debs "${RUNTIME_DEBS[@]}"
    ensure_npm_deps
    exec node "${ENV_FILE_ARGS[@]}" "$ROOT/library/src/build/build.ts" "$@"
    ;;
  showcase)
    ensure_debs "${RUNTIME_DEBS[@]}"
    ensure_npm_deps
    ensure_library full
    exec node "${ENV_FILE_ARGS[@]}" "$ROOT/server/src/showcase/main.ts" "$@"
    ;;
  library-import)
    ensure_debs "${RUNTIME_DEBS[@]}"
    ensure_npm_deps
    exec node "${ENV_FILE_ARGS[@]}" "$ROOT/library/src/import/import.ts" "$@"
    ;;
  library-record)
    ensure_debs "${RUNTIME_DEBS[@]}"
    ensure_npm_deps
    exec node "${ENV_FILE_ARGS[@]}" "$ROOT/library/src/recorded/main.ts" "$@"
    ;;
  library-stock)
    ensure_debs "${RUNTIME_DEBS[@]}"
    ensure_npm_deps
    exec node "${ENV_FILE_ARGS[@]}" "$ROOT/library/src/stock/stock.ts" "$@"
    ;;
  voice-previews | bench-voices | bench-intelligibility)
    [ ${#RUNTIME_DEBS[@]} -eq 0 ] || ensure_debs "${RUNTIME_DEBS[@]}"
    ensure_npm_deps
    exec node "${ENV_FILE_ARGS[@]}" "$ROOT/packages/render/scripts/$command.ts" "$@"
    ;;
  render | bench | bench-render | bench-align | bench-languages | previews)
    ensure_debs "${RUNTIME_DEBS[@]}"
    ensure_npm_deps
    case "$command" in
      render)
        # Recipes read backgrounds, music and clips from the media library: build it once (cached).
        node "${ENV_FILE_ARGS[@]}" "$ROOT/library/src/build/build.ts" >&2
        exec node "$ROOT/packages/render/scripts/render.ts" "$@"
        ;;
      previews) exec node "$ROOT/packages/render/scripts/previews.ts" "$@" ;;
      bench-align) exec node "$ROOT/packages/render/scripts/bench-align.ts" "$@" ;;
      bench-languages) exec node "$ROOT/packages/render/scripts/bench-languages.ts" "$@" ;;
      bench | bench-render)
        if [ "$command" = bench ]; then
          node "$ROOT/packages/render/scripts/bench-align.ts"
          node "$ROOT/packages/render/scripts/bench-languages.ts"
          node "${ENV_FILE_ARGS[@]}" "$ROOT/packages/render/scripts/bench-intelligibility.ts"
        fi
        node "${ENV_FILE_ARGS[@]}" "$ROOT/library/src/build/build.ts" >&2
        [ "$command" = bench-render ] && exec node "$ROOT/packages/render/bench/render-bench.ts" "$@"
        node "$ROOT/packages/render/bench/render-bench.ts" "$@"
        bash "$ROOT/scripts/run.sh" bench-api
        # The output audit on the full library: a table of each type's figures (nothing timed).
        exec node "${ENV_FILE_ARGS[@]}" "$ROOT/packages/render/bench/output-audit.ts"
        ;;
    esac
    ;;
  *)
    die "Unknown command '$command' (start, work, migrate, dev, test, test-scenes, library-build, library-import, library-stock, showcase, render, previews, bench, bench-render, bench-align, bench-languages, bench-api, voice-previews, bench-voices, bench-intelligibility)."
    ;;
esac
