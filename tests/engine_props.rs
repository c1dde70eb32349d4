//! Property tests of the engine over random play, on random valid boards
//! and the shipped boards, under the standard rules and rule options built
//! in code: `legal_actions()` and `apply` agree, refused actions change
//! nothing, relics are conserved, adventurers stay on the board, a slide
//! and its reverse restore the maze, and games end only with a rightful
//! winner.

use std::sync::Arc;

use proptest::prelude::*;
use relic::board::{Board, Direction, Pos, SlideAt, parse_board};
use relic::engine::{Action, Event, Game, IllegalAction, Phase};
use relic::rules::{Corner, Lines, PushedOff, RelicOrder, Rules, Ruleset, WinCondition};

/// A small deterministic generator for building boards from a seed.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// The tile sides a valid board may use: at least two open.
const SIDES: [&str; 11] = [
    "1100", "0110", "0011", "1001", "1010", "0101", "1110", "0111", "1011", "1101", "1111",
];

/// A random valid board in GBF: `width` x `height`, K relics per colour
/// on distinct tiles (the floating tile included) other than the corners,
/// checked by the reader.
fn random_board(width: usize, height: usize, k_share: usize, seed: u64) -> Board {
    let mut rng = Lcg(seed);
    let tiles = width * height + 1;
    let corners = [0, width - 1, (height - 1) * width, height * width - 1];
    let k = (k_share % ((tiles - corners.len()) / 4 + 1)).min(9);
    let mut codes: Vec<String> = (0..tiles)
        .map(|_| format!("{}xx", SIDES[rng.below(SIDES.len())]))
        .collect();
    // Not on the start corners: a relic on its own player's is refused.
    let mut free: Vec<usize> = (0..tiles).filter(|t| !corners.contains(t)).collect();
    for colour in ['g', 'y', 'r', 'b'] {
        for order in 1..=k {
            let spot = free.swap_remove(rng.below(free.len()));
            codes[spot].replace_range(4.., &format!("{colour}{order}"));
        }
    }
    let floating = codes.pop().unwrap();
    let rows: Vec<String> = codes.chunks(width).map(|row| row.join(" ")).collect();
    let gbf = format!("{width} {height}\n{k}\n{floating}\n{}\n", rows.join("\n"));
    parse_board(&gbf, &Rules::standard().limits()).expect("generated boards are valid")
}

fn shipped_board(name: &str) -> Board {
    let path = format!("{}/boards/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    parse_board(&text, &Rules::standard().limits()).unwrap()
}

/// The rule sets under test: the standard rules and variants built in code.
const VARIANTS: usize = 9;

fn variant(which: usize) -> Arc<Rules> {
    let mut r: Ruleset = Rules::standard().ruleset().clone();
    match which {
        0 => {}
        1 => r.slide.forbid_reverse = false,
        2 => {
            r.relics.order = RelicOrder::AnyOrder;
            r.relics.hide_inactive = false;
        }
        3 => r.movement.steps = false,
        4 => r.movement.pathfinding = false,
        5 => {
            r.relics.collect_ends_move = false;
            r.win.condition = WinCondition::LastRelic;
        }
        6 => {
            r.slide.pushed_off = PushedOff::StartCorner;
            r.slide.collect_on_push = false;
        }
        7 => {
            r.slide.rows = Lines::All;
            r.slide.columns = Lines::Odd;
            r.slide.rotate = false;
            r.turn.slide_required = false;
            r.slide.forbid_reverse = false;
        }
        _ => {
            // Two players in opposite corners, blue first.
            r.players
                .retain(|p| p.colour == "green" || p.colour == "blue");
            r.players[0].corner = Corner::BottomRight;
            r.players[1].corner = Corner::TopLeft;
            r.turn_order = vec!["blue".into(), "green".into()];
        }
    }
    Arc::new(Rules::new(r))
}

/// Every action worth trying on a maze up to `side` tiles wide and high,
/// legal or not (`Quit` aside).
fn universe(side: u8) -> Vec<Action> {
    let mut all = vec![
        Action::RotateClockwise,
        Action::RotateCounterclockwise,
        Action::Done,
    ];
    for d in Direction::ALL {
        all.push(Action::Step(d));
        all.extend((0..=side + 1).map(|i| Action::Slide(SlideAt::new(d, i))));
    }
    for y in 0..=side {
        all.extend((0..=side).map(|x| Action::MoveTo(Pos::new(x, y))));
    }
    all
}

/// All relics on the maze and the floating tile.
fn relics_in_play(game: &Game) -> usize {
    let on_maze = game.maze().tiles().iter().filter(|t| t.has_relic()).count();
    on_maze + usize::from(game.floating().has_relic())
}

fn collected(game: &Game) -> usize {
    game.players()
        .iter()
        .map(|p| usize::from(p.collected))
        .sum()
}

/// The invariants that hold after every action.
fn check_invariants(game: &Game, relics_at_start: usize) {
    assert_eq!(relics_in_play(game) + collected(game), relics_at_start);
    let maze = game.maze();
    for player in game.players() {
        assert!(maze.contains(player.pos), "{} is off the board", player.pos);
        assert!(player.collected <= game.relics_per_colour());
    }
    assert!(game.current_seat() < game.players().len());
    match game.winner() {
        Some(seat) => {
            assert_eq!(game.phase(), Phase::Over);
            let winner = game.players()[seat];
            assert!(game.relics_per_colour() > 0);
            assert_eq!(winner.collected, game.relics_per_colour());
            if game.rules().win() == WinCondition::ReturnHome {
                assert_eq!(winner.pos, winner.home);
            }
        }
        None => assert_ne!(game.phase(), Phase::Over, "random play never quits"),
    }
}

/// `legal_actions()` lists exactly the actions `apply` accepts, and a
/// refused action leaves the game as it was.
fn check_legality(game: &Game, universe: &[Action]) {
    let legal = game.legal_actions();
    for &action in legal.iter().chain(universe) {
        let mut copy = game.clone();
        let mut events = vec![Event::Quit];
        match copy.apply_into(action, &mut events) {
            Ok(()) => assert!(
                legal.contains(&action),
                "{action} applied but is not listed"
            ),
            Err(_) => {
                assert!(!legal.contains(&action), "{action} is listed but refused");
                assert_eq!(&copy, game, "refused {action} changed the game");
                assert_eq!(events, [Event::Quit], "refused {action} reported events");
            }
        }
    }
}

/// The legal actions follow the rule options: no rotation, single step,
/// pathfinding or skipped slide unless the rules allow it.
fn check_rule_options(game: &Game, legal: &[Action]) {
    let rules = game.rules();
    let has = |wanted: fn(&Action) -> bool| legal.iter().any(wanted);
    if !rules.slide().rotate {
        assert!(!has(|a| matches!(a, Action::RotateClockwise)));
    }
    if !rules.movement().steps {
        assert!(!has(|a| matches!(a, Action::Step(_))));
    }
    if !rules.movement().pathfinding {
        assert!(!has(|a| matches!(a, Action::MoveTo(_))));
    }
    if game.phase() == Phase::Slide && rules.turn().slide_required {
        assert!(!legal.contains(&Action::Done), "the slide is required");
    }
    for action in legal {
        if let Action::Slide(at) = action {
            assert!(rules.line_slidable(*at), "{at} is a fixed line");
            assert!(!rules.slide().forbid_reverse || game.forbidden_slide() != Some(*at));
        }
    }
}

/// A slide followed, on the next turn, by its reverse restores the maze
/// when no relic was collected in between; or the reverse is refused
/// as the last exit point when the rules say so.
fn check_reverse(game: &Game, pick: usize) {
    let slides: Vec<SlideAt> = game.legal_slides().collect();
    let Some(&at) = slides.get(pick % slides.len().max(1)) else {
        return;
    };
    let mut copy = game.clone();
    let mut events = Vec::new();
    copy.apply_into(Action::Slide(at), &mut events).unwrap();
    if copy.phase() == Phase::Move {
        copy.apply_into(Action::Done, &mut events).unwrap();
    }
    if copy.is_over() {
        return;
    }
    let back = copy.apply_into(Action::Slide(at.reverse()), &mut events);
    if game.rules().slide().forbid_reverse {
        assert_eq!(back, Err(IllegalAction::LastExitPoint(at.reverse())));
        return;
    }
    back.unwrap();
    let collected = events
        .iter()
        .any(|e| matches!(e, Event::RelicCollected { .. }));
    if !collected {
        assert_eq!(
            copy.maze(),
            game.maze(),
            "{at} then {} differs",
            at.reverse()
        );
        assert_eq!(copy.floating(), game.floating());
    }
    let displaced: Vec<usize> = events
        .iter()
        .filter_map(|e| match e {
            Event::Displaced { seat, .. } => Some(*seat),
            _ => None,
        })
        .collect();
    for (seat, (now, then)) in copy.players().iter().zip(game.players()).enumerate() {
        if !displaced.contains(&seat) {
            assert_eq!(now.pos, then.pos, "seat {seat} did not return");
        }
    }
}

/// Plays `choices.len()` random legal actions, checking every property
/// along the way (`exhaustive`: try the whole action universe each time).
fn random_play(mut game: Game, choices: &[u16], exhaustive: bool) {
    let universe = universe(game.maze().width().max(game.maze().height()));
    let relics_at_start = relics_in_play(&game);
    check_invariants(&game, relics_at_start);
    let mut events = Vec::new();
    for &choice in choices {
        if game.is_over() {
            break;
        }
        if exhaustive {
            check_legality(&game, &universe);
            if game.phase() == Phase::Slide {
                check_reverse(&game, usize::from(choice));
            }
        }
        let legal = game.legal_actions();
        assert!(
            !legal.is_empty(),
            "a running game always has a legal action"
        );
        check_rule_options(&game, &legal);
        let action = legal[usize::from(choice) % legal.len()];
        events.clear();
        game.apply_into(action, &mut events).unwrap();
        assert!(!events.is_empty(), "{action} reported nothing");
        check_invariants(&game, relics_at_start);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_play_on_random_boards(
        width in (1usize..=4).prop_map(|n| 2 * n + 1),
        height in (1usize..=4).prop_map(|n| 2 * n + 1),
        k_share in 0usize..20,
        seed: u64,
        rules in 0..VARIANTS,
        choices in prop::collection::vec(any::<u16>(), 1..60),
    ) {
        let board = random_board(width, height, k_share, seed);
        let game = Game::new(variant(rules), &board).unwrap();
        random_play(game, &choices, true);
    }

    #[test]
    fn long_random_play_on_the_shipped_boards(
        board in prop::sample::select(vec!["classic-7x7.gbf", "learner-5x5.gbf", "grand-9x9.gbf"]),
        rules in 0..VARIANTS,
        choices in prop::collection::vec(any::<u16>(), 200..600),
    ) {
        let game = Game::new(variant(rules), &shipped_board(board)).unwrap();
        random_play(game, &choices, false);
    }
}

#[test]
fn quit_is_accepted_in_every_phase_and_ends_the_game() {
    let game = Game::new(Rules::standard(), &shipped_board("classic-7x7.gbf")).unwrap();
    let mut moving = game.clone();
    let slide = moving.legal_slides().next().unwrap();
    moving.apply(Action::Slide(slide)).unwrap();
    for mut game in [game, moving] {
        assert_eq!(game.apply(Action::Quit), Ok(vec![Event::Quit]));
        assert_eq!(game.phase(), Phase::Over);
        assert_eq!(game.winner(), None);
        assert!(game.legal_actions().is_empty());
        let before = game.clone();
        for action in [Action::Quit, Action::Done, Action::RotateClockwise] {
            assert_eq!(game.apply(action), Err(IllegalAction::GameOver));
        }
        assert_eq!(game, before);
    }
}

#[test]
fn random_games_on_the_learner_board_end_with_a_winner() {
    // K = 1 on 5x5: random play finishes games quickly.
    let start = Game::new(Rules::standard(), &shipped_board("learner-5x5.gbf")).unwrap();
    let mut rng = Lcg(42);
    let mut won = 0;
    for _ in 0..20 {
        let mut game = start.clone();
        for _ in 0..20_000 {
            let legal = game.legal_actions();
            if legal.is_empty() {
                break;
            }
            game.apply(legal[rng.below(legal.len())]).unwrap();
        }
        check_invariants(&game, relics_in_play(&start));
        won += usize::from(game.winner().is_some());
    }
    assert!(won > 0, "no random game was won");
}

#[test]
fn queries_off_the_maze_answer_nothing_rather_than_panic() {
    let mut game = Game::new(Rules::standard(), &shipped_board("grand-9x9.gbf")).unwrap();
    for pos in [Pos::new(9, 0), Pos::new(0, 9), Pos::new(255, 255)] {
        assert!(game.reachable_from(pos).is_empty());
    }
    assert!(!game.is_active_relic(7, relic::board::Relic::new('g', 1).unwrap()));
    let slide = game.legal_slides().next().unwrap();
    game.apply(Action::Slide(slide)).unwrap();
    let far = Pos::new(255, 255);
    assert_eq!(
        game.apply(Action::MoveTo(far)),
        Err(IllegalAction::NoPathTo(far))
    );
}
