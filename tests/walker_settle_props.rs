//! The walker's settling looks only where a move wrote, and lists legal
//! actions without trying each on a copy: both must agree with the plain
//! definitions. On random caves under every built-in walker ruleset,
//! random play is checked against (1) a naive settle, written here from
//! the rules as documented (full passes in scan order until one fires
//! nothing), replayed from each move's events; (2) legality by trial:
//! `legal_actions_into` lists exactly the actions `apply_into` accepts,
//! and a refused action changes nothing.

use proptest::prelude::*;
use relic::contract::Game;
use relic::walker::physics::{Physics, Rule, Write};
use relic::walker::schema::{Mode, Scan, Timing};
use relic::walker::{Action, Direction, Event, Grid, Program, Walker, builtin_walker};
use std::sync::Arc;

type Cave = Walker<relic::games::boulder_dash::BoardText>;

const RULESETS: [&str; 5] = [
    "boulder-dash",
    "boulder-dash-after-step",
    "boulder-dash-dig-last",
    "boulder-dash-arcade",
    "boulder-dash-magic-wall",
];

fn fires(grid: &Grid, rule: &Rule, x: i32, y: i32) -> bool {
    rule.cells.iter().all(|c| {
        let (kind, falling) = grid.get(x + c.dx, y + c.dy);
        c.matcher.accepts(kind, falling)
            && (c.write == Write::Keep || grid.contains(x + c.dx, y + c.dy))
    })
}

/// Fires the first of `rules` that may at `(x, y)`; its index and the
/// subject's destination.
fn try_rules(
    physics: &Physics,
    grid: &mut Grid,
    rules: &[usize],
    (x, y): (i32, i32),
) -> Option<(usize, (i32, i32))> {
    let kind = grid.get(x, y).0;
    let index = *rules
        .iter()
        .find(|&&i| physics.rules[i].subject == kind && fires(grid, &physics.rules[i], x, y))?;
    let rule = &physics.rules[index];
    for c in &rule.cells {
        if let Write::Set { kind, falling } = c.write {
            grid.set(x + c.dx, y + c.dy, kind, falling);
        }
    }
    Some((index, (x + rule.destination.0, y + rule.destination.1)))
}

/// The rules that fired, each with the square it fired at.
type Fired = Vec<(u8, (i32, i32))>;

/// The documented algorithm, whole board every pass; the rules that fired
/// and the end that matched.
fn naive_settle(physics: &Physics, grid: &mut Grid) -> (Fired, Option<usize>) {
    let (w, h) = (grid.width() as i32, grid.height() as i32);
    let all: Vec<usize> = (0..physics.rules.len()).collect();
    let mut fired = Vec::new();
    loop {
        let mut any = false;
        for row in 0..h {
            let y = match physics.scan {
                Scan::BottomUpWestEast => row,
                Scan::TopDownWestEast => h - 1 - row,
            };
            for x in 0..w {
                let Some((mut index, mut to)) = try_rules(physics, grid, &all, (x, y)) else {
                    continue;
                };
                any = true;
                fired.push((index as u8, (x, y)));
                while let Some((next, dest)) =
                    try_rules(physics, grid, &physics.rules[index].then.clone(), to)
                {
                    fired.push((next as u8, to));
                    (index, to) = (next, dest);
                }
            }
        }
        if !any {
            break;
        }
    }
    let end = physics.first_end(grid);
    grid.clear_falling();
    (fired, end)
}

/// A random `w` x `h` cave with one player.
fn cave(program: &Arc<Program>, w: usize, h: usize, glyphs: &[u8], at: usize) -> Cave {
    let mut grid = Grid::new(w, h, program.empty, program.outside);
    let pool = ['_', '_', 'O', 'O', ':', '+', '#', '_'];
    for (i, g) in glyphs.iter().enumerate().take(w * h) {
        let glyph = pool[*g as usize % pool.len()];
        let kind = program.kind_of_glyph(glyph).unwrap_or(program.empty);
        grid.set((i % w) as i32, (i / w) as i32, kind, false);
    }
    grid.set((at % w) as i32, ((at / w) % h) as i32, program.actor, false);
    Walker::new(program.clone(), grid).unwrap()
}

/// Replays a move's events on `grid` the naive way: its steps, then (after
/// the move) a naive settle; checks the result against the position.
fn check_replay(before: &Grid, events: &[Event], after: &Cave) -> Result<(), TestCaseError> {
    let program = after.program();
    let mut grid = before.clone();
    let mut motions = Vec::new();
    let mut ended = None;
    for event in events {
        match *event {
            Event::Stepped { from, to } => {
                grid.set(from.0, from.1, program.empty, false);
                grid.set(to.0, to.1, program.actor, false);
            }
            Event::Pushed { kind, to, .. } => grid.set(to.0, to.1, kind, false),
            Event::Physics(m) => motions.push((m.rule, m.from)),
            Event::Ended { end } => ended = Some(end as usize),
            _ => {}
        }
    }
    let (fired, end) = naive_settle(&program.physics, &mut grid);
    prop_assert_eq!(&fired, &motions);
    prop_assert_eq!(end, ended);
    prop_assert_eq!(&grid, after.grid());
    Ok(())
}

fn every_action(program: &Program) -> Vec<Action> {
    let mut out = Vec::new();
    for (i, def) in program.actions.iter().enumerate() {
        if def.mode == Mode::End {
            // The end action is one action, whatever its direction and count.
            out.push(Action {
                action: i as u8,
                direction: Direction::N,
                count: 0,
            });
            continue;
        }
        for direction in Direction::ALL {
            for count in 0..=def.max_count + 1 {
                out.push(Action {
                    action: i as u8,
                    direction,
                    count,
                });
            }
        }
    }
    out
}

fn play(
    ruleset: &str,
    w: usize,
    h: usize,
    glyphs: &[u8],
    at: usize,
    picks: &[usize],
) -> Result<(), TestCaseError> {
    let program = builtin_walker(ruleset).unwrap().unwrap();
    let mut game = cave(&program, w, h, glyphs, at);
    let candidates = every_action(&program);
    for &pick in picks {
        let mut legal = Vec::new();
        game.legal_actions_into(&mut legal);
        let mut accepted = Vec::new();
        for action in &candidates {
            let mut copy = game.clone();
            let mut events = vec![Event::Acknowledged];
            match copy.apply_into(action, &mut events) {
                Ok(()) => accepted.push(*action),
                Err(_) => {
                    prop_assert_eq!(&copy, &game);
                    prop_assert_eq!(events.len(), 1);
                }
            }
        }
        prop_assert_eq!(&legal, &accepted, "{}", ruleset);
        let Some(action) = legal.get(pick % legal.len().max(1)) else {
            return Ok(());
        };
        let before = game.grid().clone();
        let mut events = Vec::new();
        game.apply_into(action, &mut events).unwrap();
        if program.physics.timing == Timing::AfterMove {
            check_replay(&before, &events, &game)?;
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn settling_and_legality_agree_with_their_definitions(
        ruleset in 0..RULESETS.len(),
        w in 1usize..8,
        h in 1usize..8,
        glyphs in prop::collection::vec(any::<u8>(), 64),
        at in 0usize..64,
        picks in prop::collection::vec(any::<usize>(), 1..25),
    ) {
        play(RULESETS[ruleset], w, h, &glyphs, at, &picks)?;
    }
}
