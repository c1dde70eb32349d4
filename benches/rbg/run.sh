#!/usr/bin/env bash
# Side-by-side random-playout speed: RBG's compiled reasoner (rbg2cpp)
# against `relic sim --jobs 1`, per CPU-second on one core (issue 28).
#
# RBG is built here, in a temporary directory, from the public
# repositories uicus/rbg2cpp, uicus/rbgParser and marekesz/rbgGames; none
# of it enters the crate. It needs g++ and Debian's libboost-dev.
#
#   benches/rbg/run.sh                # every game
#   benches/rbg/run.sh chess othello  # some of them
#
# Environment:
#   RBG_SOURCES  a directory holding rbg2cpp/, rbgParser/ and rbgGames/
#                (checkouts or bare git mirrors); without it they are
#                cloned from GitHub
#   RELIC        the relic binary (default: target/release/relic, built
#                with `cargo build --release` when missing)
#   SCALE        multiplies the number of playouts of every game (default 1)
#   RBG_BUILD    a directory where this script built rbg2cpp before
#                (kept with KEEP=1): reused instead of building again
#   KEEP=1       keep the temporary directory
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
scale=${SCALE:-1}
relic=${RELIC:-$root/target/release/relic}
work=$(mktemp -d "${TMPDIR:-/tmp}/relic-rbg.XXXXXX")
[[ ${KEEP:-0} == 1 ]] || trap 'rm -rf "$work"' EXIT

# relic ruleset, RBG game, playouts (relic), playouts (RBG).
games=(
  "connect-four connect4 20000 200000"
  "breakthrough breakthrough 5000 50000"
  "othello reversi 1000 20000"
  "checkers englishDraughts 1000 20000"
  "chess chess 100 2000"
)

die() { echo "run.sh: $*" >&2; exit 1; }
command -v g++ > /dev/null || die "g++ is needed (apt-get install g++)"
[[ -e /usr/include/boost/version.hpp ]] ||
  die "Boost headers are needed (apt-get install libboost-dev)"

# Puts repository $1 (owner/name) in $2: from $RBG_SOURCES or GitHub.
source_of() {
  local name=${1#*/} dest=$2 from
  if [[ -n ${RBG_SOURCES:-} ]]; then
    for from in "$RBG_SOURCES/$name" "$RBG_SOURCES/${1/\//+}/repo"; do
      if [[ -d $from/.git ]]; then
        git -C "$from" archive HEAD | tar -x -C "$dest"; return
      elif [[ -f $from/HEAD && -d $from/objects ]]; then
        git --git-dir="$from" archive HEAD | tar -x -C "$dest"; return
      elif [[ -d $from ]]; then
        cp -r "$from/." "$dest"; return
      fi
    done
    die "$name not found under $RBG_SOURCES"
  fi
  git clone -q --depth 1 "https://github.com/$1.git" "$dest.git"
  cp -r "$dest.git/." "$dest" && rm -rf "$dest.git"
}

# CPU seconds (user + system) of a command, its output in $work/out.
cpu() {
  local TIMEFORMAT='%U %S' t
  t=$( { time "$@" > "$work/out" 2>&1; } 2>&1 ) || { cat "$work/out" >&2; die "$* failed"; }
  awk '{ printf "%.3f", $1 + $2 }' <<< "$t"
}

if [[ -n ${RBG_BUILD:-} && -x $RBG_BUILD/rbg2cpp/bin/rbg2cpp ]]; then
  cp -r "$RBG_BUILD/rbg2cpp" "$work/rbg2cpp"
else
  echo "building rbg2cpp in $work ..." >&2
  mkdir -p "$work/rbg2cpp"
  source_of uicus/rbg2cpp "$work/rbg2cpp"
  for sub in rbgParser rbgGames; do
    rm -rf "${work:?}/rbg2cpp/$sub" && mkdir -p "$work/rbg2cpp/$sub"
  done
  source_of uicus/rbgParser "$work/rbg2cpp/rbgParser"
  source_of marekesz/rbgGames "$work/rbg2cpp/rbgGames"
  make -s -C "$work/rbg2cpp" rbg2cpp > "$work/make.log" 2>&1 ||
    { tail "$work/make.log" >&2; die "building rbg2cpp failed"; }
fi

if [[ ! -x $relic ]]; then
  echo "building relic ..." >&2
  (cd "$root" && cargo build --release --quiet --bin relic)
fi

flags=(-std=c++17 -Ofast -march=native -flto -DNDEBUG -DRBG_RANDOM_GENERATOR=0)
printf '%-14s %14s %14s %8s\n' game "RBG playouts/s" "relic playouts/s" "relic/RBG"
for entry in "${games[@]}"; do
  read -r ours theirs n_ours n_theirs <<< "$entry"
  if (($# > 0)) && [[ " $* " != *" $ours "* ]]; then continue; fi
  n_ours=$((n_ours * scale)) n_theirs=$((n_theirs * scale))
  dir="$work/$theirs" && mkdir -p "$dir"
  (cd "$dir" && "$work/rbg2cpp/bin/rbg2cpp" -o reasoner "$work/rbg2cpp/rbgGames/games/$theirs.rbg" > /dev/null)
  g++ "${flags[@]}" -I"$dir" -I"$work/rbg2cpp/test" -o "$dir/sim" \
    "$dir/reasoner.cpp" "$work/rbg2cpp/test/simulation.cpp"
  t_theirs=$(cpu "$dir/sim" "$n_theirs")
  t_ours=$(cpu "$relic" sim --ruleset "$ours" --games "$n_ours" --jobs 1 --format json --quiet)
  awk -v a="$n_theirs" -v ta="$t_theirs" -v b="$n_ours" -v tb="$t_ours" -v g="$ours" \
    'BEGIN { ra = a / ta; rb = b / tb; printf "%-14s %14.0f %14.0f %8.2f\n", g, ra, rb, rb / ra }'
done
