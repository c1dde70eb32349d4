//! Link layout of the `relic` executable (issue 31 item 6): the functions
//! a small command runs (`relic check BOARD`, `relic solve` on a small
//! board) are placed together, in an output section of their own before
//! the rest of the code, by the linker script `link/startup.ld`. The kernel
//! maps a program's code in windows around each page it touches; scattered
//! over 9 MB of code, a start-up's few hundred functions touch about fifty
//! windows (about 6 MiB resident), placed together a handful.
//!
//! The script names functions by patterns in which the hashes of mangled
//! names (crate disambiguators, back-references, LLVM's suffixes) are
//! wildcards, so it matches whatever path or profile the crate is built
//! from. It is used only where the linker is known to read it: x86_64
//! Linux with glibc, and no linker chosen through `RUSTFLAGS` (rustc's
//! default there is lld; GNU ld reads the same script). Elsewhere nothing
//! changes.
//!
//! Where the linker is rustc's lld (rustc 1.90 or later there) and the C
//! library that will load the program is glibc 2.36 or later (the build
//! machine's, when it builds for itself), relative relocations are also
//! packed (`-z pack-relative-relocs`, DT_RELR): the loader applies about
//! 11,000 of them at each start, a third of a small command's
//! instructions, and reads a 260 KiB table to do it; packed, a few KiB.
//!
//! The build script watches only itself and the script, so builds are not
//! repeated needlessly (issue 31 item 5).

use std::env;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=link/startup.ld");
    if default_linker_on_x86_64_linux_gnu() {
        let dir = env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
        println!("cargo:rustc-link-arg-bins=-Wl,-T,{dir}/link/startup.ld");
        // tests/startup_layout.rs checks the layout only where it applies.
        println!("cargo:rustc-env=RELIC_STARTUP_LAYOUT=1");
        if rustc_minor().is_some_and(|minor| minor >= 90) && host_glibc_has_relr() {
            println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
        }
    }
}

/// The minor version of the rustc that builds the crate (`rustc -V`).
fn rustc_minor() -> Option<u32> {
    let rustc = env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let text = output(Command::new(rustc).arg("-V"))?;
    text.split_whitespace()
        .nth(1)?
        .split('.')
        .nth(1)?
        .parse()
        .ok()
}

/// Whether the crate is built for the machine that builds it and that
/// machine's glibc (`getconf GNU_LIBC_VERSION`) is 2.36 or later, the
/// first to load packed relative relocations.
fn host_glibc_has_relr() -> bool {
    if env::var("HOST").ok() != env::var("TARGET").ok() {
        return false;
    }
    let Some(text) = output(Command::new("getconf").arg("GNU_LIBC_VERSION")) else {
        return false;
    };
    let mut version = text.split_whitespace().nth(1).unwrap_or("").split('.');
    let mut next = || version.next().and_then(|n| n.parse::<u32>().ok());
    matches!((next(), next()), (Some(major), Some(minor)) if (major, minor) >= (2, 36))
}

/// What `command` prints, when it runs and succeeds.
fn output(command: &mut Command) -> Option<String> {
    let out = command.output().ok()?;
    out.status.success().then_some(())?;
    String::from_utf8(out.stdout).ok()
}

/// Whether the target is x86_64-unknown-linux-gnu and no linker is chosen
/// through `RUSTFLAGS`.
fn default_linker_on_x86_64_linux_gnu() -> bool {
    let var = |name: &str| env::var(name).unwrap_or_default();
    let target = var("CARGO_CFG_TARGET_ARCH") == "x86_64"
        && var("CARGO_CFG_TARGET_OS") == "linux"
        && var("CARGO_CFG_TARGET_ENV") == "gnu";
    let flags = var("CARGO_ENCODED_RUSTFLAGS");
    let chosen = flags.contains("linker") || flags.contains("fuse-ld");
    target && !chosen
}
