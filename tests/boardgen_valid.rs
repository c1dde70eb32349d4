//! Generated boards always pass the board checker, follow the ruleset's
//! tile mix, and are the same for the same seed.

use std::process::Command;

use proptest::prelude::*;
use relic::board::{BoardLimits, Direction, Pos, parse_board};
use relic::boardgen::{BoardSpec, GenerateError, generate};
use relic::rules::Rules;

fn odd_side() -> impl Strategy<Value = u8> {
    (1u8..=4).prop_map(|n| 2 * n + 1)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn generated_boards_pass_the_checker(
        width in odd_side(),
        height in odd_side(),
        relics in 0u8..=9,
        seed in any::<u64>(),
    ) {
        let rules = Rules::standard();
        let spec = BoardSpec { width, height, relics };
        let free = usize::from(width) * usize::from(height) - 4;
        match generate(&rules, &spec, seed) {
            Ok(board) => {
                let text = board.to_gbf();
                let again = parse_board(&text, &BoardLimits::default());
                prop_assert!(again.is_ok(), "{text}");
                prop_assert_eq!(again.unwrap(), board.clone());
                prop_assert_eq!(generate(&rules, &spec, seed).unwrap(), board);
            }
            Err(GenerateError::TooManyRelics { needed, .. }) => {
                prop_assert!(needed > free);
            }
            Err(other) => prop_assert!(false, "unexpected error {other}"),
        }
        prop_assert_eq!(generate(&rules, &spec, seed).is_ok(), 4 * usize::from(relics) <= free);
    }
}

#[test]
fn relics_never_lie_on_start_corners() {
    let rules = Rules::standard();
    for seed in 0..50 {
        let spec = BoardSpec {
            width: 3,
            height: 5,
            relics: 2,
        };
        let board = generate(&rules, &spec, seed).unwrap();
        for pos in [
            Pos::new(0, 0),
            Pos::new(2, 0),
            Pos::new(0, 4),
            Pos::new(2, 4),
        ] {
            assert!(board.maze().tile(pos).relic().is_none(), "seed {seed}");
        }
    }
}

#[test]
fn classic_size_uses_the_physical_tile_mix() {
    let rules = Rules::standard();
    let board = generate(&rules, &BoardSpec::default(), 7).unwrap();
    let maze = board.maze();
    let movable = (0..7u8)
        .flat_map(|y| (0..7u8).map(move |x| Pos::new(x, y)))
        .filter(|p| p.x % 2 == 1 || p.y % 2 == 1)
        .map(|p| maze.tile(p))
        .chain([board.floating()]);
    let (mut straights, mut corners, mut junctions) = (0, 0, 0);
    for tile in movable {
        let sides = tile.sides();
        match sides.count() {
            3 => junctions += 1,
            2 if sides.is_open(Direction::North) == sides.is_open(Direction::South) => {
                straights += 1
            }
            2 => corners += 1,
            n => panic!("a movable tile with {n} open sides"),
        }
    }
    assert_eq!((straights, corners, junctions), (13, 15, 6));
}

#[test]
fn fixed_tiles_face_inward() {
    let rules = Rules::standard();
    let board = generate(&rules, &BoardSpec::default(), 3).unwrap();
    let maze = board.maze();
    for (x, y) in [(0u8, 2u8), (0, 4), (6, 2), (2, 0), (4, 6)] {
        let sides = maze.tile(Pos::new(x, y)).sides();
        assert_eq!(sides.count(), 3, "{x},{y}");
        let edge = match (x, y) {
            (0, _) => Direction::West,
            (6, _) => Direction::East,
            (_, 0) => Direction::North,
            _ => Direction::South,
        };
        assert!(!sides.is_open(edge), "{x},{y}");
    }
    let top_left = maze.tile(Pos::new(0, 0)).sides();
    assert!(top_left.is_open(Direction::East) && top_left.is_open(Direction::South));
    assert_eq!(top_left.count(), 2);
}

#[test]
fn board_new_writes_a_board_that_relic_check_accepts() {
    let dir = std::env::temp_dir().join(format!("relic-boardgen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("new.gbf");
    let relic = env!("CARGO_BIN_EXE_relic");
    let args = [
        "board", "new", "--width", "5", "--height", "9", "--relics", "3", "--seed", "11",
    ];
    let status = Command::new(relic)
        .args(args)
        .arg("--output")
        .arg(&file)
        .status()
        .unwrap();
    assert!(status.success());
    let check = Command::new(relic)
        .arg("check")
        .arg(&file)
        .output()
        .unwrap();
    assert!(check.status.success(), "{check:?}");
    let stdout = Command::new(relic).args(args).output().unwrap();
    assert_eq!(stdout.stdout, std::fs::read(&file).unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn board_new_refuses_impossible_boards() {
    let relic = env!("CARGO_BIN_EXE_relic");
    for args in [
        &["--width", "4"][..],
        &["--height", "11"][..],
        &["--width", "3", "--height", "3", "--relics", "2"][..],
        &["--relics", "10"][..],
    ] {
        let out = Command::new(relic)
            .args(["board", "new", "--seed", "1"])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        assert!(String::from_utf8_lossy(&out.stderr).contains("boardgen::"));
    }
}
