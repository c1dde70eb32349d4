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
    for name in wanted {
        let inside = (file.symbols())
            .filter(|s| s.kind() == object::SymbolKind::Text)
            .filter(|s| {
                s.name()
                    .is_ok_and(|n| format!("{:#}", rustc_demangle::demangle(n)) == name)
            })
            .map(|s| range.contains(&s.address()))
            .collect::<Vec<_>>();
        assert!(!inside.is_empty(), "no function {name} in the binary");
        assert!(
            inside.iter().all(|&i| i),
            "{name} lies outside .text.relic-startup"
        );
    }
    // Together: the section is a small part of the code.
    assert!(
        startup.size() * 4 < text.size(),
        "the start-up section ({} bytes) is not small beside .text ({} bytes)",
        startup.size(),
        text.size()
    );
}
