#!/usr/bin/env bash
# Where rustup cannot add the wasm32-unknown-unknown target (no access to
# its servers), makes a Debian sid chroot at $1 (default /work/wasm-chroot)
# whose rustc ships it (`libstd-rust-dev-wasm32`), and a cargo wrapper,
# playground/chroot-cargo, that runs cargo in it on this checkout (mounted
# at the same path). Then: RELIC_WASM_CARGO=playground/chroot-cargo
# playground/build.sh. Needs root, debootstrap and Debian's archive.
set -euo pipefail
root=${1:-/work/wasm-chroot}
checkout=$(cd "$(dirname "$0")/.." && pwd)
if [ ! -x "$root/usr/bin/cargo" ]; then
  command -v debootstrap >/dev/null || apt-get install -y debootstrap
  # debootstrap resolves no virtual packages (rustc needs libc-dev), so
  # the toolchain is installed by apt inside the new system.
  debootstrap --variant=minbase sid "$root" http://deb.debian.org/debian || true
  cp /etc/resolv.conf "$root/etc/resolv.conf"
  cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt" 2>/dev/null || true
  mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
  chroot "$root" sh -c 'export DEBIAN_FRONTEND=noninteractive; apt-get update &&
    apt-get install -y libc6-dev rustc cargo libstd-rust-dev-wasm32 lld ca-certificates'
  cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt" 2>/dev/null || true
fi
mkdir -p "$root$checkout"
mountpoint -q "$root$checkout" || mount --bind "$checkout" "$root$checkout"
cat > "$checkout/playground/chroot-cargo" <<WRAP
#!/bin/sh
# Runs cargo in the chroot made by toolchain.sh, in the current folder.
# Debian's rustc links wasm with lld's wasm-ld (it has no rust-lld).
exec chroot "$root" sh -c 'cd "\$0" && export CARGO_TARGET_DIR="\$1" CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld && shift && exec cargo "\$@"' "\$PWD" "\${CARGO_TARGET_DIR:-target}" "\$@"
WRAP
chmod +x "$checkout/playground/chroot-cargo"
chroot "$root" rustc --version
