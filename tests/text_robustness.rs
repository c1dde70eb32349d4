//! No input makes text mode panic or hang: random token streams (valid and
//! garbage), invalid UTF-8, very long lines, and end of input at every
//! prompt.

use proptest::prelude::*;
use relic::board::parse_board;
use relic::engine::Game;
use relic::games::moving_maze::text::scoreboard;
use relic::rules::Rules;
use relic::text::{END_OF_INPUT, EndOfGame, play_text};

const CLASSIC: &str = include_str!("../boards/classic-7x7.gbf");

fn classic() -> Game {
    let rules = Rules::standard();
    Game::new(
        rules.clone(),
        &parse_board(CLASSIC, &rules.limits()).unwrap(),
    )
    .unwrap()
}

fn run(input: &[u8]) -> (String, EndOfGame, Game) {
    let mut out = Vec::new();
    let (game, end) = play_text(classic(), input, &mut out).expect("a Vec sink never fails");
    let text = String::from_utf8(out).expect("text mode writes UTF-8");
    (text, end, game)
}

/// Tokens players type, and tokens nobody should.
fn token() -> impl Strategy<Value = Vec<u8>> {
    let valid = prop::sample::select(vec![
        "r", "l", "n2", "n4", "n6", "s2", "s4", "e2", "e6", "w4", "w6", "n", "e", "s", "w", "done",
        "1,1", "2,1", "1,2", "3,3", "7,7", "4,4",
    ])
    .prop_map(|t| t.as_bytes().to_vec());
    let tricky = prop::sample::select(vec![
        "n3",
        "e1",
        "n8",
        "n0",
        "N2",
        "n02",
        "0,0",
        "9,9",
        "3,",
        ",3",
        "3,3,3",
        "DONE",
        "x",
        "\u{e9}",
        "n\u{2003}2",
    ])
    .prop_map(|t| t.as_bytes().to_vec());
    let bytes = prop::collection::vec(any::<u8>(), 1..12);
    prop_oneof![8 => valid, 3 => tricky, 1 => bytes, 1 => Just(b"quit".to_vec())]
}

fn separator() -> impl Strategy<Value = Vec<u8>> {
    prop::sample::select(vec![" ", "\n", "\t", "\r\n", "  \n\n "])
        .prop_map(|s| s.as_bytes().to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_token_streams_end_cleanly(
        stream in prop::collection::vec((token(), separator()), 0..120)
    ) {
        let input: Vec<u8> = stream.into_iter().flat_map(|(t, s)| t.into_iter().chain(s)).collect();
        let (text, end, game) = run(&input);
        prop_assert!(text.starts_with("--------------------------------------------------\nMoving Maze\n"));
        let tail = scoreboard(&game);
        prop_assert!(text.ends_with(&tail), "output must end with the scoreboard");
        match end {
            EndOfGame::EndOfInput => {
                let expected = format!("> {END_OF_INPUT}\n{tail}");
                prop_assert!(text.ends_with(&expected));
            }
            EndOfGame::Quit => prop_assert!(text.contains("Game has been quit.\n")),
            EndOfGame::Won(_) => prop_assert!(text.contains(" has won.\n")),
            EndOfGame::Over(outcome) => prop_assert!(false, "Moving Maze never ends {outcome:?}"),
        }
    }
}

#[test]
fn end_of_input_at_every_prompt_stops_cleanly() {
    // A scripted game through slides, rotations, steps, pathfinding, illegal
    // and invalid moves and several turns; cut after every token.
    let script = "r n2 s e done l w2 x w s n done s4 e2 2,2 done n6 done e6 n3 w w 1,1 done";
    let tokens: Vec<&str> = script.split(' ').collect();
    for cut in 0..=tokens.len() {
        let input = tokens[..cut].join(" ");
        let (text, end, game) = run(input.as_bytes());
        assert_eq!(end, EndOfGame::EndOfInput, "cut after {cut} tokens");
        let prompts = text.matches("\n> ").count();
        assert_eq!(prompts, cut + 1, "one prompt per token, plus the first");
        assert!(
            text.ends_with(&format!("> {END_OF_INPUT}\n{}", scoreboard(&game))),
            "cut after {cut} tokens"
        );
    }
}

#[test]
fn invalid_utf8_and_huge_lines_are_invalid_input() {
    let mut input = vec![0xff, b' ', 0xc3, b'\n', 0xe2, 0x82, b' '];
    input.extend(std::iter::repeat_n(b'r', 5_000_000));
    input.push(b'\n');
    input.extend(std::iter::repeat_n(b' ', 1_000_000));
    input.extend(b"r ".repeat(1000));
    let (text, end, _) = run(&input);
    assert_eq!(end, EndOfGame::EndOfInput);
    assert_eq!(text.matches("Invalid input.\n").count(), 4);
    assert_eq!(text.matches("Rotating right.\n").count(), 1000);
}

#[test]
fn a_failing_reader_is_an_error_not_a_panic() {
    struct Broken;
    impl std::io::Read for Broken {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk on fire"))
        }
    }
    let input = std::io::BufReader::new(Broken);
    let result = play_text(classic(), input, Vec::new());
    assert!(result.is_err());
}

#[test]
fn a_failing_writer_is_an_error_not_a_panic() {
    struct Full;
    impl std::io::Write for Full {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    assert!(play_text(classic(), &b"r r quit"[..], Full).is_err());
}

#[test]
fn the_binary_with_no_input_prints_the_end_of_input_message() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_relic"))
        .arg("play")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.ends_with(&format!("> {END_OF_INPUT}\n{}", scoreboard(&classic()))));
}
