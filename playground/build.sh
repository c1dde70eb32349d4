#!/usr/bin/env bash
# Builds the browser playground into playground/dist/ (committed, so that
# `relic serve --playground` and any static host work from a checkout):
#   1. the engine for wasm32-unknown-unknown (this crate, release),
#   2. its JavaScript glue with the wasm-bindgen CLI (the version this
#      crate pins: `cargo install wasm-bindgen-cli --version <it>`),
#   3. the CodeMirror editor from npm, bundled by esbuild (web/editor.js),
#   4. the page: web/index.html around the shell of src/gui/page/, the
#      shell's scripts, and dist/sources.txt (what dist was built from).
#
# Needs: a cargo whose rustc has the wasm32-unknown-unknown standard
# library (`rustup target add wasm32-unknown-unknown`, or Debian's
# `libstd-rust-dev-wasm32` with its rustc), wasm-bindgen, node and npm.
# RELIC_WASM_CARGO names the cargo to use (default `cargo`; see
# toolchain.sh for a Debian chroot when rustup cannot add the target),
# WASM_BINDGEN the CLI (default `wasm-bindgen`).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cargo=${RELIC_WASM_CARGO:-cargo}
# A relative path (playground/chroot-cargo) is read from where we started.
case $cargo in */*) cargo=$(cd "$(dirname "$cargo")" && pwd)/$(basename "$cargo") ;; esac
bindgen=${WASM_BINDGEN:-wasm-bindgen}
target_dir=${CARGO_TARGET_DIR:-$here/target}

want=$(sed -n 's/^wasm-bindgen = "=\([^"]*\)".*/\1/p' "$here/Cargo.toml")
have=$("$bindgen" --version | awk '{print $2}')
if [ "$want" != "$have" ]; then
  echo "build.sh: wasm-bindgen CLI $have, but the crate pins $want:" >&2
  echo "  cargo install wasm-bindgen-cli --version $want" >&2
  exit 1
fi

cd "$here"
CARGO_TARGET_DIR=$target_dir "$cargo" build --release --target wasm32-unknown-unknown
rm -rf dist/pkg
"$bindgen" --target web --no-typescript --out-dir dist/pkg \
  "$target_dir/wasm32-unknown-unknown/release/relic_playground.wasm"

cd web
npm ci --no-audit --no-fund
npx esbuild editor.js --bundle --minify --format=iife --global-name=RelicEditor \
  --outfile=../dist/editor.js
node assemble.mjs
echo "build.sh: playground/dist is up to date ($(du -sh ../dist | cut -f1))"
