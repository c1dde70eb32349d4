//! `relic sim merge` on hostile shards (issue 16, item 9): every bad file
//! gets a diagnostic naming the file and the field, and nothing allocates
//! or loops in proportion to a number the file claims.

use crate::common;

use common::run_relic;

const DIR: &str = "tests/fixtures/sim";

/// Merges `files` (in `tests/fixtures/sim`), expecting a refusal, and
/// returns what was printed on stderr.
fn refused(files: &[&str]) -> String {
    let mut args = vec!["sim".to_string(), "merge".to_string()];
    args.extend(files.iter().map(|f| format!("{DIR}/{f}")));
    let out = run_relic(&args, b"");
    assert_eq!(out.status.code(), Some(2), "{files:?}: {out:?}");
    assert!(out.stdout.is_empty(), "{files:?}");
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn each_hostile_shard_is_named_with_its_field() {
    let cases: [(&str, &[&str]); 11] = [
        ("shard-count-huge", &["shard-count-huge.json"]),
        ("shard-index-too-large", &["shard-index-too-large.json"]),
        (
            "wins-over-games",
            &["wins-over-games.json", "shard-1-of-2.json"],
        ),
        ("games-disagree", &["games-disagree.json"]),
        ("turns-disagree", &["turns-disagree.json"]),
        ("histogram-beyond-limit", &["histogram-beyond-limit.json"]),
        (
            "tallies-overflow",
            &["tally-max-0-of-2.json", "tally-max-1-of-2.json"],
        ),
        ("schema-old", &["schema-old.json"]),
        ("not-json", &["not-json.json"]),
        ("missing-of-a-million", &["shard-0-of-a-million.json"]),
        ("tally-measures-disagree", &["tally-measures-disagree.json"]),
    ];
    for (name, files) in cases {
        insta::assert_snapshot!(name, refused(files));
    }
}

#[test]
fn the_same_shard_twice_is_refused() {
    let stderr = refused(&["shard-0-of-2.json", "shard-0-of-2.json"]);
    assert!(stderr.contains("shard 0/2 is already in"), "{stderr}");
}

#[test]
fn the_valid_shards_merge() {
    let files = ["shard-0-of-2.json", "shard-1-of-2.json"].map(|f| format!("{DIR}/{f}"));
    let out = run_relic(["sim", "merge", &files[0], &files[1]], b"");
    assert!(out.status.success(), "{out:?}");
    let table = String::from_utf8(out.stdout).unwrap();
    assert!(table.contains("4 games"), "{table}");
}
