//! Reading board files from disk: line-end styles that must load, and every
//! way a path can fail to be a readable board.

use std::path::{Path, PathBuf};

use relic::board::{BoardLimits, GbfError, MAX_FILE_BYTES, parse_board, read_board_file};

const BOARD: &str =
    "3 3\n1\n0101xx\n0110g1 0101xx 0011y1\n1110xx 1010xx 1011xx\n1100r1 1111xx 1001b1\n";

/// A fresh scratch folder for one test.
fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("board_files")
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

/// The codes of the problems reading `path` reports, and whether it was
/// unreadable.
fn codes(path: &Path) -> (Vec<String>, bool) {
    let error = read_board_file(path, &BoardLimits::default()).expect_err("a problem");
    let codes = error
        .report
        .json_diagnostics()
        .into_iter()
        .map(|d| d.code)
        .collect();
    (codes, error.unreadable)
}

#[test]
fn line_end_styles_and_trailing_blanks_all_load() {
    let expected = parse_board(BOARD, &BoardLimits::default()).unwrap();
    let variants = [
        BOARD.replace('\n', "\r\n"),
        BOARD.replace('\n', "\r"),
        BOARD.trim_end().to_owned(),
        BOARD.replace('\n', "  \n"),
        BOARD.replace('\n', " \t\r\n"),
        format!("{BOARD}\n\n  \n\r\n"),
        BOARD.replace(' ', "\t"),
        BOARD.replace(' ', "   "),
    ];
    let dir = scratch("line_ends");
    for (i, text) in variants.iter().enumerate() {
        let path = write(&dir, &format!("v{i}.gbf"), text.as_bytes());
        let board = read_board_file(&path, &BoardLimits::default());
        assert_eq!(
            board.ok().as_ref(),
            Some(&expected),
            "variant {i}: {text:?}"
        );
    }
}

#[test]
fn printing_gives_back_the_canonical_text() {
    let board = parse_board(&BOARD.replace('\n', "\r\n"), &BoardLimits::default()).unwrap();
    assert_eq!(board.to_gbf(), BOARD);
}

#[test]
fn an_empty_or_blank_file_is_reported_once() {
    let dir = scratch("empty");
    for (name, text) in [("empty.gbf", ""), ("blank.gbf", " \n\r\n\t\n")] {
        let path = write(&dir, name, text.as_bytes());
        assert_eq!(codes(&path), (vec!["gbf::file::empty".to_owned()], false));
    }
}

#[test]
fn a_problem_at_the_very_end_keeps_its_label() {
    let dir = scratch("end");
    let path = write(&dir, "short.gbf", b"3 3\n1");
    let error = read_board_file(&path, &BoardLimits::default())
        .err()
        .unwrap();
    let rendered = error.report.render(80);
    assert!(rendered.contains("the file ends here"), "{rendered}");
    let json = error.report.json_diagnostics();
    let missing = json
        .iter()
        .find(|d| d.code == "gbf::line::missing")
        .unwrap();
    assert_eq!(
        (missing.line, missing.column, missing.offset),
        (Some(2), Some(1), Some(4))
    );
}

#[test]
fn each_non_utf8_byte_is_reported_on_its_own_offset() {
    let dir = scratch("utf8");
    let mut bytes = BOARD.as_bytes().to_vec();
    bytes[9] = 0xff; // the floating tile's third bit
    bytes[0] = 0xfe; // the width
    let path = write(&dir, "latin.gbf", &bytes);
    let error = read_board_file(&path, &BoardLimits::default())
        .err()
        .unwrap();
    assert!(!error.unreadable);
    let json = error.report.json_diagnostics();
    let found: Vec<_> = json
        .iter()
        .map(|d| (d.code.as_str(), d.offset, d.length))
        .collect();
    assert_eq!(
        found,
        [
            // The width `?` is not reported again as "not a number".
            ("gbf::file::encoding", Some(0), Some(1)),
            ("gbf::file::encoding", Some(9), Some(1)),
        ]
    );
}

#[test]
fn a_binary_file_is_not_checked_further() {
    let dir = scratch("binary");
    let bytes: Vec<u8> = (0..=255u8).cycle().take(4096).collect();
    let path = write(&dir, "binary.gbf", &bytes);
    let (codes, unreadable) = codes(&path);
    assert!(!unreadable);
    assert_eq!(codes.len(), 8);
    assert!(codes.iter().all(|c| c == "gbf::file::encoding"));
}

#[test]
fn a_file_over_the_limit_is_rejected_from_its_size() {
    let dir = scratch("large");
    let path = dir.join("huge.gbf");
    let file = std::fs::File::create(&path).unwrap();
    // Sparse: the size says 64 MiB, nothing is written or read.
    file.set_len(64 * MAX_FILE_BYTES).unwrap();
    assert_eq!(
        codes(&path),
        (vec!["gbf::file::too_large".to_owned()], false)
    );
    let limit = write(&dir, "limit.gbf", &vec![b'\n'; MAX_FILE_BYTES as usize]);
    assert_eq!(codes(&limit).0, ["gbf::file::empty"]);
}

#[test]
fn paths_that_are_not_readable_board_files() {
    let dir = scratch("paths");
    let file = write(&dir, "board.gbf", BOARD.as_bytes());
    assert_eq!(
        codes(&dir.join("missing.gbf")),
        (vec!["gbf::io::not_found".to_owned()], true)
    );
    assert_eq!(codes(&dir), (vec!["gbf::io::directory".to_owned()], true));
    let below_a_file = file.join("board.gbf");
    assert_eq!(
        codes(&below_a_file),
        (vec!["gbf::io::unreadable".to_owned()], true)
    );
}

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_without_blocking() {
    let dir = scratch("fifo");
    let fifo = dir.join("pipe.gbf");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("skipped: mkfifo is not available");
        return;
    }
    // Opening a FIFO for reading would block until a writer comes.
    assert_eq!(
        codes(&fifo),
        (vec!["gbf::io::not_regular".to_owned()], true)
    );
    assert_eq!(
        codes(Path::new("/dev/null")),
        (vec!["gbf::io::not_regular".to_owned()], true)
    );
}

#[test]
fn io_problems_are_flagged_as_io() {
    let missing = GbfError::NotFound { path: "x".into() };
    assert!(missing.is_io());
    assert!(!GbfError::Empty.is_io());
}
