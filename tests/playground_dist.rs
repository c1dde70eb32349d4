//! `playground/dist/` (committed, served by `relic serve --playground`)
//! is built from the sources as they are: `dist/sources.txt`, written by
//! `playground/build.sh`, names every file it was built from with its
//! FNV-1a-64 hash. Where the toolchain that rebuilds it is present (the
//! pinned `wasm-bindgen` CLI), a stale dist fails; elsewhere it is said,
//! and the test passes (CI has no WebAssembly toolchain).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// What `build.sh` hashes: files, or folders taken whole.
const SOURCES: [&str; 19] = [
    "Cargo.toml",
    "Cargo.lock",
    "src",
    "playground/Cargo.toml",
    "playground/Cargo.lock",
    "playground/src",
    "playground/web/editor.js",
    "playground/web/index.html",
    "playground/web/playground.js",
    "playground/web/playground.css",
    "playground/web/assemble.mjs",
    "playground/web/package.json",
    "playground/web/package-lock.json",
    // What the engine embeds from outside src/ (`include_str!`).
    "rulesets",
    "grammar",
    "docs/diagnostics.md",
    "boards/classic-7x7.gbf",
    "boards/cave-8x8.board",
    "boards/escape.egc",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn fnv64(bytes: &[u8]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &byte in bytes {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

fn files_under(path: &str, out: &mut Vec<String>) {
    let full = root().join(path);
    if !full.is_dir() {
        out.push(path.to_owned());
        return;
    }
    let mut names: Vec<String> = (std::fs::read_dir(&full).unwrap())
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    for name in names {
        files_under(&format!("{path}/{name}"), out);
    }
}

/// Every source file now, with its hash.
fn sources_now() -> BTreeMap<String, String> {
    let mut files = Vec::new();
    SOURCES.iter().for_each(|s| files_under(s, &mut files));
    (files.into_iter())
        .map(|f| (fnv64(&std::fs::read(root().join(&f)).unwrap()), f))
        .map(|(hash, file)| (file, hash))
        .collect()
}

/// The sources `dist/` was built from.
fn sources_built() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(root().join("playground/dist/sources.txt"))
        .expect("playground/dist/sources.txt (run playground/build.sh)");
    (text.lines())
        .map(|line| {
            let (hash, file) = line.split_once(' ').expect("`HASH PATH` lines");
            (file.to_owned(), hash.to_owned())
        })
        .collect()
}

/// Whether the pinned wasm-bindgen CLI is on PATH (the toolchain's part
/// that rustup cannot stand in for).
fn toolchain_present() -> bool {
    let manifest = std::fs::read_to_string(root().join("playground/Cargo.toml")).unwrap();
    let pinned = (manifest.lines())
        .find_map(|l| l.strip_prefix("wasm-bindgen = \"="))
        .and_then(|l| l.split('"').next())
        .expect("playground/Cargo.toml pins wasm-bindgen");
    let version = Command::new("wasm-bindgen").arg("--version").output();
    version.is_ok_and(|o| {
        String::from_utf8_lossy(&o.stdout).trim() == format!("wasm-bindgen {pinned}")
    })
}

#[test]
fn dist_is_built_from_the_current_sources() {
    let (now, built) = (sources_now(), sources_built());
    let stale: Vec<&String> = (now.keys().chain(built.keys()))
        .filter(|file| now.get(*file) != built.get(*file))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    if stale.is_empty() {
        return;
    }
    let message = format!(
        "playground/dist is older than {} source file(s), for example {}: run playground/build.sh",
        stale.len(),
        stale[0]
    );
    assert!(!toolchain_present(), "{message}");
    eprintln!("not checked: {message} (the pinned wasm-bindgen CLI is not on PATH)");
}

#[test]
fn dist_holds_every_file_the_server_serves() {
    for (path, _, bytes) in relic::gui::PLAYGROUND_FILES {
        assert!(!bytes.is_empty(), "{path} is empty");
        assert!(Path::new(&root().join("playground/dist").join(path)).is_file());
    }
}

/// Every file the crate embeds from outside `src/` is among the sources
/// hashed, so that changing one (a built-in ruleset) makes dist stale.
#[test]
fn the_hashed_sources_cover_every_embedded_file() {
    let mut embedded = Vec::new();
    let mut sources = Vec::new();
    files_under("src", &mut sources);
    for file in sources.iter().filter(|f| f.ends_with(".rs")) {
        let text = std::fs::read_to_string(root().join(file)).unwrap();
        for piece in text.split("include_").skip(1) {
            let Some(path) = (piece
                .strip_prefix("str!(\"")
                .or(piece.strip_prefix("bytes!(\"")))
            .and_then(|rest| rest.split('"').next()) else {
                continue;
            };
            let dir = Path::new(file).parent().unwrap();
            let joined = normalise(&dir.join(path));
            embedded.push(joined);
        }
    }
    assert!(
        embedded.iter().any(|f| f.starts_with("rulesets/")),
        "{embedded:?}"
    );
    for file in embedded {
        let covered = SOURCES
            .iter()
            .any(|s| file == *s || file.starts_with(&format!("{s}/")));
        assert!(
            covered,
            "{file} is embedded but not hashed (tests/playground_dist.rs SOURCES and playground/web/assemble.mjs)"
        );
    }
}

/// `a/b/../c` as `a/c`.
fn normalise(path: &Path) -> String {
    let mut parts: Vec<String> = Vec::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                parts.pop();
            }
            std::path::Component::Normal(name) => parts.push(name.to_string_lossy().into_owned()),
            _ => {}
        }
    }
    parts.join("/")
}
