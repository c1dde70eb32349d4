//! The specification's test API (`relic::cs144`), driven by the course's
//! practice vectors in `../shared/conformance/moving-maze/api-vectors.toml`
//! (read in place), plus our own cases.

use crate::common;

use relic::cs144::*;
use toml::Table;

fn text(case: &Table, key: &str) -> String {
    case[key]
        .as_str()
        .unwrap_or_else(|| panic!("`{key}` is a string"))
        .to_owned()
}

fn letter(case: &Table, key: &str) -> char {
    let value = text(case, key);
    let mut chars = value.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => c,
        _ => panic!("`{key}` is one letter, not {value:?}"),
    }
}

fn flags(case: &Table) -> [bool; 4] {
    let list: Vec<bool> = case["expect"]
        .as_array()
        .expect("`expect` is an array")
        .iter()
        .map(|v| v.as_bool().expect("booleans"))
        .collect();
    list.try_into().expect("four booleans")
}

fn expect_bool(case: &Table) -> bool {
    case["expect"].as_bool().expect("`expect` is a boolean")
}

fn maze_of(section: &Table) -> Vec<Vec<String>> {
    let rows = section["maze"]
        .as_array()
        .expect("`maze` is a list of rows");
    rows.iter()
        .map(|row| {
            let row = row.as_array().expect("a row is a list");
            row.iter()
                .map(|t| t.as_str().expect("tile codes").to_owned())
                .collect()
        })
        .collect()
}

/// Runs `check` on every case of `section[key]`; returns how many ran.
fn each_case(section: &Table, key: &str, mut check: impl FnMut(&Table)) -> usize {
    let cases = section[key]
        .as_array()
        .unwrap_or_else(|| panic!("`{key}` is a list"));
    for case in cases {
        check(case.as_table().expect("a case is a table"));
    }
    cases.len()
}

/// Calls `f` with the maze as the API takes it.
fn with_maze<T>(maze: &[Vec<String>], f: impl FnOnce(&[&[&str]]) -> T) -> T {
    let rows: Vec<Vec<&str>> = maze
        .iter()
        .map(|r| r.iter().map(String::as_str).collect())
        .collect();
    let rows: Vec<&[&str]> = rows.iter().map(Vec::as_slice).collect();
    f(&rows)
}

fn run_handin1(section: &Table) -> usize {
    let maze = maze_of(section);
    let mut ran = 0;
    ran += each_case(section, "is_tile_open_to_side", |c| {
        let got = is_tile_open_to_side(&text(c, "tile"), letter(c, "dir"));
        assert_eq!(got, expect_bool(c), "{c}");
    });
    ran += each_case(section, "rotate_tile_clockwise", |c| {
        assert_eq!(rotate_tile_clockwise(&text(c, "tile")), flags(c), "{c}");
    });
    ran += each_case(section, "rotate_tile_counterclockwise", |c| {
        assert_eq!(
            rotate_tile_counterclockwise(&text(c, "tile")),
            flags(c),
            "{c}"
        );
    });
    ran += each_case(section, "slide_tile_into_maze1", |c| {
        let got = with_maze(&maze, |m| {
            slide_tile_into_maze1(m, &text(c, "floating"), &text(c, "at"))
        });
        assert_eq!(got, flags(c), "{c}");
    });
    ran += each_case(section, "can_move_in_direction", |c| {
        let got = can_move_in_direction(&text(c, "from"), &text(c, "to"), letter(c, "dir"));
        assert_eq!(got, expect_bool(c), "{c}");
    });
    ran += each_case(section, "can_move_along_path", |c| {
        let steps: Vec<char> = text(c, "steps").chars().collect();
        let got = with_maze(&maze, |m| can_move_along_path(m, &steps));
        assert_eq!(got, expect_bool(c), "{c}");
    });
    ran
}

fn run_handin2(section: &Table) -> usize {
    let maze = maze_of(section);
    let floating = text(section, "floating");
    let mut ran = 0;
    ran += each_case(section, "tile_has_relic", |c| {
        assert_eq!(tile_has_relic(&text(c, "tile")), expect_bool(c), "{c}");
    });
    ran += each_case(section, "slide_tile_into_maze2", |c| {
        let got = with_maze(&maze, |m| {
            slide_tile_into_maze2(m, &floating, &text(c, "at"))
        });
        assert_eq!(got, letter(c, "expect"), "{c}");
    });
    ran
}

/// The keys a section may hold; an unknown one means the file grew a
/// section these tests do not run yet.
fn assert_known_keys(section: &Table, known: &[&str]) {
    for key in section.keys() {
        assert!(
            known.contains(&key.as_str()),
            "api-vectors.toml has an unknown key `{key}`"
        );
    }
}

#[test]
fn the_practice_vectors_pass() {
    let Some(dir) = common::shared_dir("conformance/moving-maze/api-vectors.toml") else {
        return;
    };
    let source = std::fs::read_to_string(dir).expect("the vectors are readable");
    let vectors: Table = source.parse().expect("the vectors are TOML");
    assert_known_keys(&vectors, &["handin1", "handin2"]);
    let section = |name: &str| {
        vectors[name]
            .as_table()
            .expect("a section is a table")
            .clone()
    };
    let (one, two) = (section("handin1"), section("handin2"));
    assert_known_keys(
        &one,
        &[
            "maze",
            "is_tile_open_to_side",
            "rotate_tile_clockwise",
            "rotate_tile_counterclockwise",
            "slide_tile_into_maze1",
            "can_move_in_direction",
            "can_move_along_path",
        ],
    );
    assert_known_keys(
        &two,
        &[
            "maze",
            "floating",
            "tile_has_relic",
            "slide_tile_into_maze2",
        ],
    );
    let ran = run_handin1(&one) + run_handin2(&two);
    let listed = source.matches("expect =").count();
    assert_eq!(ran, listed, "every vector in the file ran");
}

#[test]
fn malformed_arguments_get_cautious_answers() {
    assert!(!is_tile_open_to_side("1111x", 'n'));
    assert!(!is_tile_open_to_side("1111xx", 'N'));
    assert_eq!(rotate_tile_clockwise("2111xx"), [false; 4]);
    assert_eq!(rotate_tile_counterclockwise(""), [false; 4]);
    assert!(!can_move_in_direction("1111xx", "1111xx", 'q'));
    assert!(!can_move_in_direction("1111xx", "11", 'n'));
    assert!(!tile_has_relic("1111g0"));
    let maze: [&[&str]; 2] = [&["0110xx", "0011xx"], &["1100xx", "1001b1"]];
    assert_eq!(slide_tile_into_maze1(&maze, "1111xx", "n3"), [false; 4]);
    assert_eq!(slide_tile_into_maze1(&maze, "1111xx", "x1"), [false; 4]);
    assert_eq!(slide_tile_into_maze2(&maze, "bad", "n2"), 'x');
    assert!(!can_move_along_path(&maze, &['e', 'x']));
    let ragged: [&[&str]; 2] = [&["0110xx", "0011xx"], &["1100xx"]];
    assert!(!can_move_along_path(&ragged, &[]));
    assert!(!can_move_along_path(&[], &[]));
}

#[test]
fn our_own_cases() {
    // A 2x2 ring: east, south, west, north brings the adventurer home.
    let ring: [&[&str]; 2] = [&["0110xx", "0011xx"], &["1100xx", "1001b1"]];
    assert!(can_move_along_path(&ring, &['e', 's', 'w', 'n']));
    assert!(can_move_along_path(&ring, &[]));
    assert!(!can_move_along_path(&ring, &['n']));
    // Mazes need not be game boards: even sizes, any relics.
    assert_eq!(slide_tile_into_maze2(&ring, "1111g7", "w2"), 'b');
    assert_eq!(slide_tile_into_maze2(&ring, "1111g7", "e2"), 'x');
    assert_eq!(
        slide_tile_into_maze1(&ring, "1111xx", "s1"),
        [false, true, true, false]
    );
    assert!(tile_has_relic("0000y9"));
    assert!(is_tile_open_to_side("0001xx", 'w'));
}
