//! Properties of the board reader: generated valid boards, written in any
//! of the layouts relic accepts, read back to the same board and print
//! back to the same text; and no byte string makes the reader panic.

use proptest::prelude::*;
use relic::board::{Board, BoardLimits, Tile, parse_board, read_board_bytes};
use relic::diagnostics::JsonFile;

const COLOURS: [char; 4] = ['g', 'y', 'r', 'b'];

/// A valid board as plain data: size, K, and every tile's code, the
/// floating tile last.
#[derive(Clone, Debug)]
struct Layout {
    width: usize,
    height: usize,
    relics_per_colour: usize,
    codes: Vec<String>,
}

/// Side bit patterns with at least two open sides.
fn sides() -> impl Strategy<Value = u8> {
    let valid: Vec<u8> = (0u8..16).filter(|bits| bits.count_ones() >= 2).collect();
    prop::sample::select(valid)
}

fn layout() -> impl Strategy<Value = Layout> {
    let size = (1usize..=4, 1usize..=4).prop_map(|(w, h)| (2 * w + 1, 2 * h + 1));
    size.prop_flat_map(|(width, height)| {
        let cells = width * height + 1;
        let most = (cells / 4).min(9);
        (
            0..=most,
            prop::collection::vec(sides(), cells),
            Just((width, height)),
        )
            .prop_flat_map(move |(k, bits, size)| {
                let places = Just((0..cells).collect::<Vec<_>>()).prop_shuffle();
                (Just(k), Just(bits), Just(size), places)
            })
            .prop_map(|(k, bits, (width, height), places)| {
                let mut relics = vec![String::from("xx"); bits.len()];
                let wanted = COLOURS
                    .iter()
                    .flat_map(|c| (1..=k).map(move |n| format!("{c}{n}")));
                for (relic, &place) in wanted.zip(&places) {
                    relics[place] = relic;
                }
                let codes = bits
                    .iter()
                    .zip(relics)
                    .map(|(b, relic)| format!("{}{relic}", side_bits(*b)))
                    .collect();
                Layout {
                    width,
                    height,
                    relics_per_colour: k,
                    codes,
                }
            })
    })
}

/// The four GBF bits of a side set, north (bit 0) first.
fn side_bits(bits: u8) -> String {
    (0..4)
        .map(|i| if bits >> i & 1 == 1 { '1' } else { '0' })
        .collect()
}

/// How the text is laid out: all variations relic must accept.
#[derive(Clone, Debug)]
struct Style {
    line_end: &'static str,
    separator: &'static str,
    trailing: &'static str,
    final_line_end: bool,
    blank_lines_after: usize,
}

fn style() -> impl Strategy<Value = Style> {
    (
        prop::sample::select(vec!["\n", "\r\n", "\r"]),
        prop::sample::select(vec![" ", "  ", "\t", " \t "]),
        prop::sample::select(vec!["", " ", "\t", "  "]),
        any::<bool>(),
        0usize..3,
    )
        .prop_map(
            |(line_end, separator, trailing, final_line_end, blank_lines_after)| Style {
                line_end,
                separator,
                trailing,
                final_line_end,
                blank_lines_after,
            },
        )
}

/// The layout's lines, canonical (single spaces, no trailing blanks).
fn lines(layout: &Layout, separator: &str) -> Vec<String> {
    let (floating, maze) = layout.codes.split_last().unwrap();
    let mut lines = vec![
        format!("{}{separator}{}", layout.width, layout.height),
        layout.relics_per_colour.to_string(),
        floating.clone(),
    ];
    lines.extend(maze.chunks(layout.width).map(|row| row.join(separator)));
    lines
}

fn text(layout: &Layout, style: &Style) -> String {
    let lines: Vec<String> = lines(layout, style.separator)
        .into_iter()
        .map(|line| format!("{line}{}", style.trailing))
        .collect();
    let mut text = lines.join(style.line_end);
    if style.final_line_end || style.blank_lines_after > 0 {
        text.push_str(style.line_end);
    }
    text.push_str(&style.line_end.repeat(style.blank_lines_after));
    text
}

fn canonical(layout: &Layout) -> String {
    lines(layout, " ")
        .iter()
        .map(|line| format!("{line}\n"))
        .collect()
}

/// Reading `bytes` must not panic, and a report must render and serialise.
fn read_anything(bytes: Vec<u8>) {
    let limits = BoardLimits::default();
    if let Err(error) = read_board_bytes("fuzz.gbf", bytes, &limits) {
        assert!(!error.report.is_ok(), "an error with no problem");
        let rendered = error.report.render(80);
        assert!(!rendered.is_empty());
        serde_json::to_string(&JsonFile::from(&error.report)).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn valid_boards_read_print_and_read_again(layout in layout(), style in style()) {
        let limits = BoardLimits::default();
        let written = text(&layout, &style);
        let board = parse_board(&written, &limits)
            .unwrap_or_else(|e| panic!("{written:?}: {:?}", e.iter().map(ToString::to_string).collect::<Vec<_>>()));
        prop_assert_eq!(usize::from(board.maze().width()), layout.width);
        prop_assert_eq!(usize::from(board.maze().height()), layout.height);
        prop_assert_eq!(usize::from(board.relics_per_colour()), layout.relics_per_colour);
        let tiles: Vec<String> = board.maze().tiles().iter().map(Tile::to_string).collect();
        prop_assert_eq!(&tiles[..], &layout.codes[..layout.codes.len() - 1]);
        prop_assert_eq!(board.floating().to_string(), layout.codes.last().unwrap().clone());
        let printed = board.to_gbf();
        prop_assert_eq!(&printed, &canonical(&layout));
        let again: Board = parse_board(&printed, &limits).unwrap();
        prop_assert_eq!(again, board);
    }

    #[test]
    fn rotating_four_times_changes_nothing(layout in layout(), turns in 0usize..4) {
        let board = parse_board(&canonical(&layout), &BoardLimits::default()).unwrap();
        for &tile in board.maze().tiles() {
            let mut clockwise = tile;
            let mut counter = tile;
            for _ in 0..turns {
                clockwise = clockwise.rotated_clockwise();
                counter = counter.rotated_counterclockwise();
            }
            for _ in 0..turns {
                clockwise = clockwise.rotated_counterclockwise();
            }
            for _ in turns..4 {
                counter = counter.rotated_counterclockwise();
            }
            prop_assert_eq!(clockwise, tile);
            prop_assert_eq!(counter, tile);
            prop_assert_eq!(tile.sides().count(), tile.rotated_clockwise().sides().count());
        }
    }

    #[test]
    fn no_byte_string_makes_the_reader_panic(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        read_anything(bytes);
    }

    #[test]
    fn no_damage_to_a_valid_board_makes_the_reader_panic(
        layout in layout(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6),
    ) {
        let mut bytes = canonical(&layout).into_bytes();
        for (at, byte) in edits {
            let at = at.index(bytes.len());
            match byte % 3 {
                0 => bytes[at] = byte,
                1 => { bytes.remove(at); }
                _ => {
                    let alphabet = b"01xgyrb9 \n\r\t";
                    bytes.insert(at, alphabet[usize::from(byte) % alphabet.len()]);
                }
            }
        }
        read_anything(bytes);
    }
}
