//! The `relic` executable's start-up layout (issue 31 item 6, build.rs):
//! the functions a small command runs lie together in the output section
//! `.text.relic-startup`, placed by `link/startup.ld`, whatever path or
//! profile the crate is built from. Where build.rs does not apply the
//! script (another target or linker) the test says so and checks nothing.

use object::{Object, ObjectSection, ObjectSymbol};

#[test]
fn the_functions_a_small_command_runs_lie_together() {
    if option_env!("RELIC_STARTUP_LAYOUT").is_none() {
        eprintln!("SKIPPED: build.rs applies no start-up layout for this target or linker");
        return;
    }
    let bytes = std::fs::read(env!("CARGO_BIN_EXE_relic")).expect("the relic binary");
    let file = object::File::parse(&*bytes).expect("an ELF file");
    let startup = (file.section_by_name(".text.relic-startup")).expect(
        "the linker placed no section .text.relic-startup: link/startup.ld was not applied",
    );
    let text = file.section_by_name(".text").expect(".text");
    let range = startup.address()..startup.address() + startup.size();
    // Functions every small command runs, found by their names without
    // the hashes of mangling: they must all be inside.
    let wanted = [
        "relic::cli::run",
        "relic::cli::check::check_file",
        "relic::games::moving_maze::board::file::read_board_bytes",
        "relic::output::write_out",
    ];
    let mut found = 0;
    for name in wanted {
        let inside = (file.symbols())
            .filter(|s| s.kind() == object::SymbolKind::Text)
            .filter(|s| {
                s.name()
                    .is_ok_and(|n| format!("{:#}", rustc_demangle::demangle(n)) == name)
            })
            .map(|s| range.contains(&s.address()))
            .collect::<Vec<_>>();
        // An optimised build may inline a small one into its caller,
        // which then carries it into the section.
        found += usize::from(!inside.is_empty());
        assert!(
            inside.iter().all(|&i| i),
            "{name} lies outside .text.relic-startup"
        );
    }
    assert!(
        found >= 2,
        "only {found} of {wanted:?} are functions of their own"
    );
    // Together: the section is a small part of the code.
    assert!(
        startup.size() * 4 < text.size(),
        "the start-up section ({} bytes) is not small beside .text ({} bytes)",
        startup.size(),
        text.size()
    );
}

/// The libraries the dynamic section of the ELF file `bytes` names
/// (`DT_NEEDED`).
fn needed_libraries(bytes: &[u8]) -> Vec<String> {
    use object::elf::{DT_NEEDED, FileHeader64};
    use object::read::elf::{Dyn, FileHeader};
    let header = FileHeader64::<object::Endianness>::parse(bytes).expect("a 64-bit ELF file");
    let endian = header.endian().expect("a known byte order");
    let sections = header.sections(endian, bytes).expect("section headers");
    let Some((entries, strings_index)) = sections
        .dynamic(endian, bytes)
        .expect("a readable .dynamic")
    else {
        return Vec::new();
    };
    let strings =
        (sections.strings(endian, bytes, strings_index)).expect("the dynamic string table");
    (entries.iter())
        .filter(|entry| entry.d_tag(endian) == DT_NEEDED)
        .map(|entry| {
            let name = entry.string(endian, strings).expect("a library name");
            String::from_utf8_lossy(name).into_owned()
        })
        .collect()
}

/// Nothing the program calls is in glibc's `libm.so` (`src/main.rs`): the
/// loader would map it at every start, 0.08 ms of a small command's 1 ms.
#[test]
fn the_program_needs_no_maths_library() {
    if !cfg!(all(target_os = "linux", target_env = "gnu")) {
        eprintln!("SKIPPED: libm is a library of its own only under glibc");
        return;
    }
    let bytes = std::fs::read(env!("CARGO_BIN_EXE_relic")).expect("the relic binary");
    let needed = needed_libraries(&bytes);
    assert!(
        needed.iter().any(|name| name.starts_with("libc.so")),
        "the dynamic section was not read: {needed:?}"
    );
    assert!(
        !needed.iter().any(|name| name.starts_with("libm.so")),
        "the program needs libm.so again (a floating-point function of glibc's maths library is called: use the libm crate's): {needed:?}"
    );
}
