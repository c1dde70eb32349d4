//! Setting up games: boards that break a ruleset's limits, rulesets the
//! engine cannot seat, and rules under which no line ever slides.

use std::sync::Arc;

use relic::board::{Board, BoardLimits, Direction, SlideAt, parse_board};
use relic::engine::{Action, Event, Game, IllegalAction, Phase, SetupError};
use relic::rules::{Corner, Lines, PlayerRules, Rules, Ruleset};

const THREE: &str =
    "3 3\n1\n0101xx\n0110g1 0101y1 0011r1\n1110xx 1010b1 1011xx\n1100xx 1111xx 1001xx\n";

fn standard() -> Ruleset {
    Rules::standard().ruleset().clone()
}

fn setup(ruleset: Ruleset, gbf: &str) -> Result<Game, SetupError> {
    let lenient = BoardLimits {
        max_width: 11,
        max_height: 11,
        odd_sizes: false,
        ..BoardLimits::default()
    };
    let board: Board = parse_board(gbf, &lenient).unwrap();
    Game::new(Arc::new(Rules::new(ruleset)), &board)
}

fn board_error(result: Result<Game, SetupError>) -> String {
    match result {
        Err(SetupError::Board(message)) => message,
        other => panic!("expected a board error, got {other:?}"),
    }
}

#[test]
fn a_board_larger_than_the_rules_allow_is_refused() {
    let mut ruleset = standard();
    ruleset.board.max_width = 3;
    let wide = "5 3\n0\n0101xx\n0110xx 0101xx 0011xx 0101xx 0101xx\n1110xx 1010xx 1011xx 1010xx 1010xx\n1100xx 1111xx 1001xx 1111xx 1111xx\n";
    assert_eq!(
        board_error(setup(ruleset, wide)),
        "the board is 5 tiles wide; these rules allow 3 to 3"
    );
}

#[test]
fn an_even_board_is_refused_when_the_rules_want_odd_sizes() {
    let even = "4 3\n0\n0101xx\n0110xx 0101xx 0011xx 0101xx\n1110xx 1010xx 1011xx 1010xx\n1100xx 1111xx 1001xx 1111xx\n";
    assert_eq!(
        board_error(setup(standard(), even)),
        "the board is 4 tiles wide; these rules allow odd sizes only"
    );
    let mut ruleset = standard();
    ruleset.board.odd_sizes = false;
    assert!(setup(ruleset, even).is_ok());
}

#[test]
fn relics_must_match_the_rules_colours_and_count() {
    let mut two_colours = standard();
    two_colours.board.relic_colours = vec!['g', 'b'];
    assert_eq!(
        board_error(setup(two_colours, THREE)),
        "relic y1 has a colour these rules do not use"
    );
    let mut five_colours = standard();
    five_colours.board.relic_colours.push('p');
    assert_eq!(
        board_error(setup(five_colours, THREE)),
        "the board does not have relics p1 to p1 that these rules need"
    );
    let mut few_relics = standard();
    few_relics.board.max_relics = 0;
    assert_eq!(
        board_error(setup(few_relics, THREE)),
        "the board's K is 1; these rules allow at most 0 relics of each colour"
    );
}

#[test]
fn rulesets_seating_nobody_or_too_many_are_refused() {
    let mut nobody = standard();
    nobody.turn_order.clear();
    assert_eq!(setup(nobody, THREE).unwrap_err(), SetupError::NoPlayers);
    let mut five = standard();
    five.players.push(PlayerRules {
        colour: "purple".into(),
        name: "Purple".into(),
        initial: 'P',
        relic: 'p',
        corner: Corner::TopLeft,
    });
    five.turn_order.push("purple".into());
    assert_eq!(
        setup(five, THREE).unwrap_err(),
        SetupError::TooManyPlayers(5)
    );
}

#[test]
fn when_no_line_can_ever_slide_the_slide_phase_may_be_skipped() {
    let mut frozen = standard();
    frozen.slide.rows = Lines::None;
    frozen.slide.columns = Lines::None;
    let mut game = setup(frozen, THREE).unwrap();
    assert_eq!(game.legal_slides().count(), 0);
    assert_eq!(game.legal_actions()[2..], [Action::Done]);
    assert_eq!(game.apply(Action::Done), Ok(vec![Event::SlideSkipped]));
    assert_eq!(game.phase(), Phase::Move);
}

#[test]
fn a_required_slide_cannot_be_skipped() {
    let mut game = setup(standard(), THREE).unwrap();
    let before = game.clone();
    assert_eq!(game.apply(Action::Done), Err(IllegalAction::NotSlidePhase));
    assert_eq!(game, before);
    let north = Action::Slide(SlideAt::new(Direction::North, 2));
    assert!(game.legal_actions().contains(&north));
}
